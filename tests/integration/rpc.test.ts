import { Code, ConnectError, createClient, createRouterTransport } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import { ApiService } from '@/gen/dzb/v1/api_pb';
import { ErrorDetailSchema } from '@/gen/dzb/v1/common_pb';
import { Environment } from '@/gen/dzb/v1/version_pb';
import { BUILD_INFO } from '@/lib/build-info';
import { DomainError } from '@/server/errors';
import { apiRoutes } from '@/server/rpc/routes';
import { routerOptions } from '@/server/rpc/router';
import { testServices } from './support/services';

function clientFor(ctx: ReturnType<typeof testServices>) {
  return createClient(
    ApiService,
    createRouterTransport(apiRoutes(ctx.services), { router: routerOptions(ctx.services) }),
  );
}

async function connectError(call: Promise<unknown>): Promise<ConnectError> {
  try {
    await call;
  } catch (error) {
    return ConnectError.from(error);
  }
  throw new Error('the call succeeded');
}

describe('Version', () => {
  it('answers the environment, the build and the uptime', async () => {
    const ctx = testServices({ APP_ENV: 'preprod' });
    ctx.setNow(new Date('2026-11-22T10:00:00Z'));
    const version = await clientFor(ctx).version({});
    expect(version.env).toBe(Environment.PREPROD);
    expect(version.version).toBe(BUILD_INFO.version);
    expect(version.commit).toBe(BUILD_INFO.commit);
    expect(version.branch).toBe(BUILD_INFO.branch);
    expect(version.dockerTag).toBe(BUILD_INFO.dockerTag);
    expect(version.uptime?.seconds).toBe(3_663n);
  });

  it('counts uptime with the clock', async () => {
    const ctx = testServices();
    const client = clientFor(ctx);
    ctx.setNow(new Date('2026-11-23T08:58:58Z'));
    expect((await client.version({})).uptime?.seconds).toBe(86_401n);
  });
});

describe('operations not built yet', () => {
  const later = ApiService.methods.filter((m) => m.localName !== 'version');

  it('cover the rest of the service', () => {
    expect(later.map((m) => m.name).sort()).toEqual(
      [
        'ContactSend',
        'HotelAvailability',
        'HotelOrderCreate',
        'HotelOrderPreview',
        'HotelParseUrl',
        'OrderCancel',
        'OrderDetail',
        'PaymentMethods',
        'VoucherDetail',
        'VoucherOrderCreate',
        'VoucherOrderPreview',
      ].sort(),
    );
  });

  it.each(later.map((m) => [m.name, m] as const))('%s answers unimplemented', async (_, method) => {
    const ctx = testServices();
    const client = clientFor(ctx) as unknown as Record<string, (req: object) => Promise<unknown>>;
    const error = await connectError(client[method.localName]!({}));
    expect(error.code).toBe(Code.Unimplemented);
    const [detail] = error.findDetails(ErrorDetailSchema);
    expect(detail?.code).toBe('unimplemented');
    expect(detail?.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(ctx.reported).toHaveLength(0);
  });
});

describe('errors', () => {
  function failingClient(ctx: ReturnType<typeof testServices>, failure: unknown) {
    const transport = createRouterTransport(
      (router) =>
        router.rpc(ApiService.method.version, () => {
          throw failure;
        }),
      { router: routerOptions(ctx.services) },
    );
    return createClient(ApiService, transport);
  }

  it('carry the catalogue code of a domain error and its Connect code', async () => {
    const ctx = testServices();
    const error = await connectError(
      failingClient(ctx, new DomainError('checkin_in_past', 'invalid')).version({}),
    );
    expect(error.code).toBe(Code.InvalidArgument);
    expect(error.findDetails(ErrorDetailSchema)[0]?.code).toBe('checkin_in_past');
    expect(ctx.reported).toHaveLength(0);
  });

  it('hide what an unexpected failure said, and report it with the request id', async () => {
    const ctx = testServices();
    const secret = new Error('connection to 10.0.0.5 refused, password=hunter2');
    const error = await connectError(failingClient(ctx, secret).version({}));
    expect(error.code).toBe(Code.Internal);
    expect(error.message).not.toContain('hunter2');
    const [detail] = error.findDetails(ErrorDetailSchema);
    expect(detail?.code).toBe('internal_error');
    expect(ctx.reported).toEqual([
      { error: secret, context: expect.objectContaining({ rpc: 'Version', requestId: detail?.requestId }) },
    ]);
  });

  it('map every kind of domain error to a Connect code', async () => {
    const expected = {
      notFound: Code.NotFound,
      failedPrecondition: Code.FailedPrecondition,
      unavailable: Code.Unavailable,
      rateLimited: Code.ResourceExhausted,
      internal: Code.Internal,
    } as const;
    for (const [kind, code] of Object.entries(expected)) {
      const ctx = testServices();
      const failure = new DomainError('some_code', kind as keyof typeof expected);
      const error = await connectError(failingClient(ctx, failure).version({}));
      expect(error.code, kind).toBe(code);
      expect(ctx.reported.length, kind).toBe(kind === 'internal' ? 1 : 0);
    }
  });
});
