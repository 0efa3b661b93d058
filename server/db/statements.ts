import 'server-only';
import type { DbHandle } from './open-db';

/** A hand-written read of a hot path: one round trip, prepared once per PostgreSQL connection. */
export interface Statement {
  /** Unique per text: PostgreSQL keeps the parsed plan under this name on each connection. */
  name: string;
  text: string;
}

/**
 * Runs a statement with positional parameters ($1, $2, …) on the driver underneath drizzle,
 * skipping the query builder (which rebuilds the SQL on every call). JSON columns come back
 * parsed on both drivers.
 */
export async function readRows<Row>(handle: DbHandle, statement: Statement, params: readonly unknown[]): Promise<Row[]> {
  if (handle.driver.kind === 'postgres') {
    const result = await handle.driver.pool.query({ name: statement.name, text: statement.text, values: [...params] });
    return result.rows as Row[];
  }
  const result = await handle.driver.client.query<Row>(statement.text, [...params]);
  return result.rows;
}
