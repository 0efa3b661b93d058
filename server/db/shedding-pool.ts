import 'server-only';
import type { Pool, PoolClient, PoolConfig } from 'pg';
import { serverBusy } from '../errors';

type ConnectCallback = (error: Error | undefined, client: PoolClient | undefined, done: (release?: unknown) => void) => void;

/** pg-pool's words when no connection came free within connectionTimeoutMillis (it gives no code). */
const POOL_WAIT_TIMED_OUT = 'timeout exceeded when trying to connect';
/** SQLSTATE too_many_connections: the server has no connection left for this pool. */
const TOO_MANY_CONNECTIONS = '53300';

/**
 * A node-postgres pool whose waits for a connection end in `server_busy` (503 with Retry-After)
 * rather than an unexpected error: a full pool and a full server are overload, not a fault.
 * Every query goes through connect(), its own (pool.query) and drizzle's transactions alike.
 * A connection that cannot be opened at all (the server down) stays an error that is reported.
 */
export function sheddingPool(PoolOfPg: typeof Pool, config: PoolConfig): Pool {
  class SheddingPool extends PoolOfPg {
    override connect(): Promise<PoolClient>;
    override connect(callback: ConnectCallback): void;
    override connect(callback?: ConnectCallback): Promise<PoolClient> | void {
      if (!callback) return super.connect().catch((error: unknown) => Promise.reject(busyOr(error)));
      super.connect((error, client, done) => callback(error && busyOr(error), client, done));
    }
  }
  return new SheddingPool(config);
}

function busyOr<E>(error: E): E | Error {
  if (!(error instanceof Error)) return error;
  if (error.message === POOL_WAIT_TIMED_OUT) return serverBusy('no database connection came free in time', error);
  if ((error as { code?: unknown }).code === TOO_MANY_CONNECTIONS) return serverBusy('the database has no connection left', error);
  return error;
}
