import type { Services } from '../services';

const TIMEOUT_MS = 3_000;

/** 200 only when the database answers; load balancers take the replica out otherwise. */
export async function health(services: Services): Promise<Response> {
  try {
    const handle = await withTimeout(services.db(), TIMEOUT_MS);
    await withTimeout(handle.ping(), TIMEOUT_MS);
    return Response.json(
      { status: 'ok', database: handle.kind },
      { headers: { 'cache-control': 'no-store' } },
    );
  } catch (error) {
    console.error('[healthz] database check failed', error);
    return Response.json(
      { status: 'unavailable' },
      { status: 503, headers: { 'cache-control': 'no-store' } },
    );
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
