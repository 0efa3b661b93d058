import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiService } from '@/gen/dzb/v1/api_pb';
import { ErrorDetailSchema } from '@/gen/dzb/v1/common_pb';
import { VersionRequestSchema, VersionResponseSchema } from '@/gen/dzb/v1/version_pb';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/databases';
import { testServices } from './support/services';
import { type SiteFetch, siteOverHttp } from './support/site-http';

const HOSTS = { cz: 'localhost:3000', pl: 'pl.localhost:3000', pluxee: 'pluxee.localhost' } as const;
const VARIANTS = {
  cz: { product: 'PRODUCT_DZB_CZ', lang: 'LANG_CS', currency: 'CURRENCY_CZK' },
  plPolish: { product: 'PRODUCT_DZB_PL', lang: 'LANG_PL', currency: 'CURRENCY_PLN' },
  plEnglish: { product: 'PRODUCT_DZB_PL', lang: 'LANG_EN', currency: 'CURRENCY_PLN' },
  pluxee: { product: 'PRODUCT_DZB_WL_PLUXEE_CZ', lang: 'LANG_CS', currency: 'CURRENCY_CZK' },
};

/** Every operation whose request names the site it is made for. */
const SITE_BOUND = ApiService.methods.filter((m) => m.input.fields.some((f) => f.name === 'product_variant'));

function post(handler: SiteFetch, method: string, host: string, body: unknown) {
  return handler(
    new Request(`http://${host}/api/dzb.v1.ApiService/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'connect-protocol-version': '1', host },
      body: JSON.stringify(body),
    }),
  );
}

async function errorCode(res: Response): Promise<string | undefined> {
  const body = (await res.json()) as { details?: { type: string; value: string }[] };
  const detail = body.details?.find((d) => d.type === 'dzb.v1.ErrorDetail');
  if (!detail) return undefined;
  return fromBinary(ErrorDetailSchema, Buffer.from(detail.value, 'base64')).code;
}

describe('the /api mount', () => {
  const servers: ReturnType<typeof siteOverHttp>[] = [];
  afterAll(() => Promise.all(servers.map((server) => server.close())));
  const handler = () => {
    const server = siteOverHttp(testServices().services);
    servers.push(server);
    return server.fetch;
  };
  const BASE = 'http://pl.localhost:3000/api/dzb.v1.ApiService';

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
    const res = await handler()(new Request(`${BASE}/Version?encoding=json&message=%7B%7D&connect=v1`));
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
    expect(await errorCode(res)).toBe('invalid_argument');
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

  it('answers 404 for a procedure that does not exist', async () => {
    const res = await handler()(new Request(`${BASE}/Nope`, { method: 'POST', body: '{}' }));
    expect(res.status).toBe(404);
  });
});

describe.each(databaseKinds())('the site of a call, on %s', (kind) => {
  let database: TestDatabase;
  let site: ReturnType<typeof siteOverHttp>;
  let handler: SiteFetch;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    site = siteOverHttp(testServices(undefined, { db: await database.open() }).services);
    handler = site.fetch;
  });
  afterAll(async () => {
    await site.close();
    await database.drop();
  });

  it('covers every operation that takes a product_variant', () => {
    expect(SITE_BOUND.map((m) => m.name).sort()).toEqual(
      [
        'ContactSend',
        'HotelAvailability',
        'HotelOrderCreate',
        'HotelOrderPreview',
        'HotelParseUrl',
        'OrderCancel',
        'OrderDetail',
        'PaymentMethods',
        'PaymentRetry',
        'VoucherDetail',
        'VoucherOrderCreate',
        'VoucherOrderPreview',
        'VoucherRelease',
      ].sort(),
    );
  });

  describe.each(SITE_BOUND.map((m) => [m.name] as const))('%s', (method) => {
    it.each([
      [HOSTS.cz, VARIANTS.plPolish],
      [HOSTS.cz, VARIANTS.pluxee],
      [HOSTS.pl, VARIANTS.cz],
      [HOSTS.pluxee, VARIANTS.cz],
      [HOSTS.cz, { ...VARIANTS.cz, currency: 'CURRENCY_PLN' }],
      [HOSTS.cz, { ...VARIANTS.cz, lang: 'LANG_EN' }],
    ])('refuses a call on %s made for %o', async (host, productVariant) => {
      const res = await post(handler, method, host, { productVariant });
      expect(res.status).toBe(400);
      expect(await errorCode(res)).toBe('unexpected_combination');
    });

    it.each([
      [{}],
      [{ productVariant: { product: 'PRODUCT_DZB_CZ', currency: 'CURRENCY_CZK' } }],
    ])('refuses a call without a complete product_variant: %o', async (body) => {
      const res = await post(handler, method, HOSTS.cz, body);
      expect(res.status).toBe(400);
      expect(await errorCode(res)).toBe('missing_headers');
    });

    it.each([
      [HOSTS.cz, VARIANTS.cz],
      [HOSTS.pl, VARIANTS.plPolish],
      [HOSTS.pl, VARIANTS.plEnglish],
      [HOSTS.pluxee, VARIANTS.pluxee],
    ])('lets a call on %s for its own site through the site check', async (host, productVariant) => {
      const res = await post(handler, method, host, { productVariant });
      const code = res.status === 200 ? undefined : await errorCode(res);
      expect(code).not.toBe('unexpected_combination');
      expect(code).not.toBe('missing_headers');
    });
  });
});
