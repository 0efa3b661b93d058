import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a new migration into drizzle/ from the schema; it needs no database.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './drizzle',
});
