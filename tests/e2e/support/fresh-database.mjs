// Recreates the PostgreSQL database named in DATABASE_URL (connecting to the server's own
// "postgres" database), so every end-to-end run starts from an empty schema.
import pg from 'pg';

const target = new URL(process.env.DATABASE_URL);
const name = decodeURIComponent(target.pathname.slice(1));
if (!/^dzb_e2e_[a-z]+$/.test(name)) throw new Error(`refusing to recreate database "${name}"`);
const admin = new URL(target);
admin.pathname = '/postgres';
const client = new pg.Client({ connectionString: admin.toString() });
await client.connect();
await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
await client.query(`CREATE DATABASE ${name}`);
await client.end();
