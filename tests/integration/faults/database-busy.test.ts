import { fromBinary } from '@bufbuild/protobuf';
import type { PoolClient } from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorDetailSchema } from '@/gen/dzb/v1/common_pb';
import { type DbHandle, openDb } from '@/server/db/open-db';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases';
import { testServices } from '../support/services';
import { siteOverHttp } from '../support/site-http';

const CZECH = { product: 'PRODUCT_DZB_CZ', lang: 'LANG_CS', currency: 'CURRENCY_CZK' };

/**
 * Every PostgreSQL connection of the process is taken (here by the test; in life by slow queries
 * under a flood): a call waits a short while for one, then is answered 503 `server_busy` with
 * Retry-After, as is a download; nothing of it is reported as our fault, and the site answers as
 * usual once a connection is free. (PGlite has one connection and no pool: its queries queue, and
 * the in-flight limit bounds them; see stored-documents.test.ts.)
 */
describe.skipIf(!databaseKinds().includes('postgres'))('a full PostgreSQL pool', () => {
  let database: TestDatabase;
  let handle: DbHandle;
  let close: () => Promise<void>;
  const held: PoolClient[] = [];
  afterEach(async () => {
    for (const client of held.splice(0)) client.release();
    await close();
    await database.drop();
  });

  it('answers API calls and documents 503 server_busy with Retry-After, reports nothing, and serves again once a connection is free', async () => {
    database = await createTestDatabase('postgres');
    handle = await openDb({ ...database.options, pool: { size: 2, waitMs: 200 } });
    const ctx = testServices({ APP_ENV: 'test', DB_POOL_SIZE: '2', DB_POOL_WAIT_MS: '200' }, { db: handle });
    await ctx.services.db();
    const site = siteOverHttp(ctx.services);
    close = async () => {
      await site.close();
      await ctx.close();
    };
    const orderId = crypto.randomUUID();
    const orderDetail = () =>
      site.fetch(
        new Request('http://localhost/api/dzb.v1.ApiService/OrderDetail', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'connect-protocol-version': '1' },
          body: JSON.stringify({ productVariant: CZECH, orderId: { id: orderId } }),
        }),
      );
    const invoice = () => site.fetch(new Request(`http://localhost/api/orders/${orderId}/documents/invoice.pdf`));

    if (handle.driver.kind !== 'postgres') throw new Error('expected PostgreSQL');
    const pool = handle.driver.pool;
    while (held.length < 2) held.push(await pool.connect());

    const call = await orderDetail();
    expect(call.status).toBe(503);
    expect(call.headers.get('retry-after')).toBe('2');
    expect(await catalogueCode(call)).toBe('server_busy');
    const download = await invoice();
    expect([download.status, download.headers.get('retry-after')]).toEqual([503, '2']);
    expect(ctx.reported).toEqual([]);

    for (const client of held.splice(0)) client.release();
    const answered = await orderDetail();
    expect(answered.status).toBe(404);
    expect(await catalogueCode(answered)).toBe('order_not_found');
    expect((await invoice()).status).toBe(404);
    expect(ctx.reported).toEqual([]);
  });
});

async function catalogueCode(response: Response) {
  const body = (await response.json()) as { details?: { type: string; value: string }[] };
  const detail = body.details?.find((d) => d.type === ErrorDetailSchema.typeName);
  return detail && fromBinary(ErrorDetailSchema, Buffer.from(detail.value, 'base64')).code;
}
