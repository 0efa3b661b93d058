import { fromBinary, toBinary, create } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { VersionRequestSchema, VersionResponseSchema } from '@/gen/dzb/v1/version_pb';
import { createApiHandler } from '@/server/rpc/http-mount';
import { testServices } from './support/services';

const BASE = 'http://pl.localhost:3000/api/dzb.v1.ApiService';

function handler() {
  return createApiHandler(testServices().services, '/api');
}

describe('the /api mount', () => {
  it('answers Version as JSON with camelCase names, enum names and default values', async () => {
    const res = await handler()(
      new Request(`${BASE}/Version`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['branch', 'commit', 'dockerTag', 'env', 'uptime', 'version']);
    expect(body.env).toBe('ENVIRONMENT_TEST');
    expect(body.uptime).toBe('3663s');
  });

  it('answers Version in the binary encoding', async () => {
    const res = await handler()(
      new Request(`${BASE}/Version`, {
        method: 'POST',
        headers: { 'content-type': 'application/proto', 'connect-protocol-version': '1' },
        body: toBinary(VersionRequestSchema, create(VersionRequestSchema)),
      }),
    );
    expect(res.status).toBe(200);
    const message = fromBinary(VersionResponseSchema, new Uint8Array(await res.arrayBuffer()));
    expect(message.uptime?.seconds).toBe(3_663n);
  });

  it('answers side-effect-free calls over GET', async () => {
    const res = await handler()(
      new Request(`${BASE}/Version?encoding=json&message=%7B%7D&connect=v1`),
    );
    expect(res.status).toBe(200);
    expect(((await res.json()) as { env: string }).env).toBe('ENVIRONMENT_TEST');
  });

  it('refuses a call with side effects that lacks the Connect protocol header (CSRF)', async () => {
    const res = await handler()(
      new Request(`${BASE}/ContactSend`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
    );
    expect(res.status).toBe(400);
  });

  it('refuses a cross-site form post', async () => {
    const res = await handler()(
      new Request(`${BASE}/ContactSend`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: '{}',
      }),
    );
    expect(res.status).toBe(415);
  });

  it('answers unimplemented with the error detail for operations still to come', async () => {
    const res = await handler()(
      new Request(`${BASE}/HotelParseUrl`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'connect-protocol-version': '1' },
        body: '{"url":"https://www.booking.com/hotel/cz/x.html"}',
      }),
    );
    expect(res.status).toBe(501);
    const body = (await res.json()) as { code: string; details: { type: string; debug?: unknown }[] };
    expect(body.code).toBe('unimplemented');
    expect(body.details[0]?.type).toBe('dzb.v1.ErrorDetail');
  });

  it('answers 404 for a procedure that does not exist', async () => {
    const res = await handler()(new Request(`${BASE}/Nope`, { method: 'POST', body: '{}' }));
    expect(res.status).toBe(404);
  });
});
