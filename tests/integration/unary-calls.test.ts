import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import { base64Encode } from '@bufbuild/protobuf/wire';
import { createConnectRouter } from '@connectrpc/connect';
import { createAsyncIterable, readAllBytes, type UniversalHandler } from '@connectrpc/connect/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiService } from '@/gen/dzb/v1/api_pb';
import { ErrorDetailSchema } from '@/gen/dzb/v1/common_pb';
import { VersionRequestSchema } from '@/gen/dzb/v1/version_pb';
import errorTexts from '@/messages/errors/cs.json';
import { apiHandlers } from '@/server/rpc/api';
import { callContext } from '@/server/rpc/call-context';
import { refusalOutsideInterceptors } from '@/server/rpc/errors';
import { apiRouterOptions, apiRoutes } from '@/server/rpc/router';
import { unaryProcedures } from '@/server/rpc/unary-calls';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/databases';
import { testServices } from './support/services';

const CZ = { product: 'PRODUCT_DZB_CZ', lang: 'LANG_CS', currency: 'CURRENCY_CZK' };
const JSON_POST = { 'content-type': 'application/json', 'connect-protocol-version': '1' };

interface Case {
  name: string;
  httpMethod?: 'GET' | 'POST';
  procedure: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  query?: Record<string, string>;
  /**
   * Refused before the interceptors run: Connect answers the parser's words and no ErrorDetail,
   * ours `invalid_argument` in an ErrorDetail (with the request id, also as a header) and its
   * text; `connectStatus` where Connect's status differs too (binary that does not parse is its
   * own internal error to Connect).
   */
  refusedOutside?: { connectStatus: number };
}

/** Calls of every shape the protocol knows: answers, refusals of the protocol, of interceptors and of handlers. */
const CASES: Case[] = [
  { name: 'a read as JSON', procedure: 'Version', headers: JSON_POST, body: '{}' },
  { name: 'a read as binary', procedure: 'Version', headers: { 'content-type': 'application/proto' }, body: toBinary(VersionRequestSchema, create(VersionRequestSchema)) },
  { name: 'a read by GET, JSON', httpMethod: 'GET', procedure: 'Version', query: { encoding: 'json', message: '{}' } },
  { name: 'a read by GET, binary in base64', httpMethod: 'GET', procedure: 'PaymentMethods', query: { encoding: 'proto', base64: '1', message: base64Encode(new Uint8Array([]), 'url') } },
  { name: 'a site-bound read', procedure: 'PaymentMethods', headers: JSON_POST, body: JSON.stringify({ productVariant: CZ }) },
  { name: 'a site-bound read without its variant', procedure: 'PaymentMethods', headers: JSON_POST, body: '{}' },
  { name: 'a variant of another site', procedure: 'PaymentMethods', headers: JSON_POST, body: JSON.stringify({ productVariant: { ...CZ, currency: 'CURRENCY_PLN' } }) },
  { name: 'an unknown order', procedure: 'OrderDetail', headers: JSON_POST, body: JSON.stringify({ productVariant: CZ, orderId: { id: 'a1b2c3d4-0000-4000-8000-000000000000' } }) },
  { name: 'JSON that does not parse', procedure: 'VoucherDetail', headers: JSON_POST, body: '{"productVariant":', refusedOutside: { connectStatus: 400 } },
  { name: 'a field of the wrong type', procedure: 'OrderDetail', headers: JSON_POST, body: '{"orderId":7}', refusedOutside: { connectStatus: 400 } },
  { name: 'a field that does not exist', procedure: 'Version', headers: JSON_POST, body: '{"nonsense":true}' },
  { name: 'a GET whose JSON does not parse', httpMethod: 'GET', procedure: 'Version', query: { encoding: 'json', message: '{' }, refusedOutside: { connectStatus: 400 } },
  { name: 'a GET whose binary does not parse', httpMethod: 'GET', procedure: 'Version', query: { encoding: 'proto', base64: '1', message: '__8' }, refusedOutside: { connectStatus: 500 } },
  { name: 'a NUL in a text', procedure: 'OrderDetail', headers: JSON_POST, body: JSON.stringify({ productVariant: CZ, orderId: { id: 'a\u0000b' } }) },
  { name: 'a write without the protocol header', procedure: 'ContactSend', headers: { 'content-type': 'application/json' }, body: '{}' },
  { name: 'a write by GET', httpMethod: 'GET', procedure: 'ContactSend', query: { encoding: 'json', message: '{}' } },
  { name: 'a streaming content type', procedure: 'Version', headers: { 'content-type': 'application/connect+json' }, body: '{}' },
  { name: 'an unknown content type', procedure: 'Version', headers: { 'content-type': 'text/plain' }, body: '{}' },
  { name: 'a GET without encoding', httpMethod: 'GET', procedure: 'Version', query: { message: '{}' } },
  { name: 'a deadline', procedure: 'Version', headers: { ...JSON_POST, 'connect-timeout-ms': '5000' }, body: '{}' },
  { name: 'a deadline that does not parse', procedure: 'Version', headers: { ...JSON_POST, 'connect-timeout-ms': 'soon' }, body: '{}', refusedOutside: { connectStatus: 400 } },
  { name: 'a binary body that is not a message', procedure: 'Version', headers: { 'content-type': 'application/proto' }, body: new Uint8Array([0xff, 0xff, 0xff]), refusedOutside: { connectStatus: 500 } },
];

/**
 * The API's unary calls are served by our own path (server/rpc/unary-calls.ts) on Connect's
 * building blocks; Connect's universal handler, run with the same options and implementations,
 * is the oracle: every call of every shape gets the same status, headers and bytes from both,
 * but one deliberate difference. A call refused before the interceptors run (a message or a
 * deadline header that does not parse) is answered by the mount with a catalogue code and its
 * text, where Connect quotes its parser; for those, everything else is compared and the
 * difference asserted.
 */
describe.each(databaseKinds())('unary calls answer as Connect does, on %s', (kind) => {
  let database: TestDatabase;
  let setup: ReturnType<typeof testServices>;
  let ours: ReturnType<typeof unaryProcedures>;
  let connect: Map<string, UniversalHandler>;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    setup = testServices({ APP_ENV: 'test' }, { db: await database.open() });
    const options = apiRouterOptions(setup.services);
    ours = unaryProcedures(ApiService, apiHandlers(setup.services), options, refusalOutsideInterceptors(setup.services.report));
    const router = createConnectRouter(options);
    apiRoutes(setup.services)(router);
    connect = new Map(router.handlers.map((handler) => [handler.requestPath, handler]));
  });
  afterAll(async () => {
    await setup.close();
    await database.drop();
  });

  it.each(CASES)('$name', async (one) => {
    const path = `/dzb.v1.ApiService/${one.procedure}`;
    const url = new URL(`http://localhost${path}?${new URLSearchParams(one.query ?? {}).toString()}`);
    const httpMethod = one.httpMethod ?? 'POST';
    // A fixed request id makes the ids inside error details alike.
    const header = () => new Headers({ ...one.headers, 'x-request-id': 'fixed-request-id-0001' });
    const body = typeof one.body === 'string' ? new TextEncoder().encode(one.body) : (one.body ?? new Uint8Array(0));
    const values = () => callContext({ variant: 'cz', known: true }, { client: '198.51.100.7' });
    const theirs = await connect.get(path)!({
      httpVersion: '1.1',
      method: httpMethod,
      url: url.toString(),
      header: header(),
      body: createAsyncIterable([body]),
      signal: new AbortController().signal,
      contextValues: values(),
    });
    const mine = await ours.get(path)!({ httpMethod, url, header: header(), body, signal: new AbortController().signal, contextValues: values() });
    const theirBody = theirs.body ? await readAllBytes(theirs.body as AsyncIterable<Uint8Array>, Number.MAX_SAFE_INTEGER) : new Uint8Array(0);
    const their = { status: theirs.status, header: [...(theirs.header ?? new Headers())], body: new TextDecoder().decode(theirBody) };
    const my = { status: mine.status, header: [...mine.header], body: new TextDecoder().decode(mine.body) };
    if (!one.refusedOutside) {
      expect(my).toEqual(their);
      return;
    }
    const connectAnswer = JSON.parse(their.body) as { code: string; message: string; details?: unknown };
    const ourAnswer = JSON.parse(my.body) as { code: string; message: string; details: { type: string; value: string }[] };
    const withoutLength = (header: [string, string][]) => header.filter(([name]) => name !== 'content-length');
    const withRequestId: [string, string][] = [...withoutLength(their.header), ['x-request-id', 'fixed-request-id-0001']];
    expect(withoutLength(my.header)).toEqual(withRequestId.sort(([a], [b]) => a.localeCompare(b)));
    expect([their.status, connectAnswer.details]).toEqual([one.refusedOutside.connectStatus, undefined]);
    expect([my.status, ourAnswer.code, ourAnswer.message]).toEqual([400, 'invalid_argument', errorTexts.invalid_argument]);
    expect(ourAnswer.details.map((d) => [d.type, fromBinary(ErrorDetailSchema, Buffer.from(d.value, 'base64'))])).toEqual([
      ['dzb.v1.ErrorDetail', expect.objectContaining({ code: 'invalid_argument', requestId: 'fixed-request-id-0001' })],
    ]);
    expect(setup.reported).toEqual([]);
  });

  it('writes a shared answer once, and the same bytes every time', async () => {
    const { sharedAnswer, serializedAnswer } = await import('@/server/rpc/shared-answers');
    const answer = sharedAnswer(create(VersionRequestSchema));
    let writes = 0;
    const write = () => (writes++, new Uint8Array([writes]));
    expect([...serializedAnswer(answer, false, write), ...serializedAnswer(answer, false, write), ...serializedAnswer(answer, true, write)]).toEqual([1, 1, 2]);
    expect(Object.isFrozen(answer)).toBe(true);
    expect([...serializedAnswer(create(VersionRequestSchema), false, write)]).toEqual([3]);
  });
});
