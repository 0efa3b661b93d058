/**
 * The site's tables, one file per area. `npm run db:generate` turns changes into a migration in
 * drizzle/; keep SQL portable between PGlite and PostgreSQL 15.
 */
export * from './booking';
export * from './contact';
export * from './documents';
export * from './hotel-orders';
export * from './idempotency';
export * from './mail';
export * from './operators';
export * from './orders';
export * from './payments';
export * from './rate-limits';
export * from './security';
export * from './server-starts';
export * from './vouchers';
