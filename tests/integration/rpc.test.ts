import { Code, ConnectError, createClient, createRouterTransport } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import { ApiService } from '@/gen/dzb/v1/api_pb';
import { ErrorDetailSchema } from '@/gen/dzb/v1/common_pb';
import { Environment } from '@/gen/dzb/v1/version_pb';
import { BUILD_INFO } from '@/lib/build-info';
import { DomainError } from '@/server/errors';
import { errorInterceptor } from '@/server/rpc/errors';
import { testServices, type TestServices } from './support/services';

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
    const ctx = testServices({ APP_ENV: 'preprod', SANDBOX: 'on', SANDBOX_ALLOW: 'preprod' });
    ctx.setNow(new Date('2026-11-22T10:00:00Z'));
    const version = await ctx.client().version({});
    expect(version.env).toBe(Environment.PREPROD);
    expect(version.version).toBe(BUILD_INFO.version);
    expect(version.commit).toBe(BUILD_INFO.commit);
    expect(version.branch).toBe(BUILD_INFO.branch);
    expect(version.dockerTag).toBe(BUILD_INFO.dockerTag);
    expect(version.uptime?.seconds).toBe(3_663n);
  });

  it('counts uptime with the clock', async () => {
    const ctx = testServices();
    const client = ctx.client();
    ctx.setNow(new Date('2026-11-23T08:58:58Z'));
    expect((await client.version({})).uptime?.seconds).toBe(86_401n);
  });
});

describe('errors', () => {
  function failingClient(ctx: TestServices, failure: unknown) {
    const transport = createRouterTransport(
      (router) =>
        router.rpc(ApiService.method.version, () => {
          throw failure;
        }),
      { router: { interceptors: [errorInterceptor(ctx.services.report)] } },
    );
    return createClient(ApiService, transport);
  }

  it('carry the catalogue code of a domain error and its Connect code', async () => {
    const ctx = testServices();
    const error = await connectError(failingClient(ctx, new DomainError('checkin_in_past')).version({}));
    expect(error.code).toBe(Code.InvalidArgument);
    expect(error.findDetails(ErrorDetailSchema)[0]?.code).toBe('checkin_in_past');
    expect(ctx.reported).toHaveLength(0);
  });

  it('hide what an unexpected failure said, and report it once', async () => {
    const ctx = testServices();
    const secret = new Error('connection to 10.0.0.5 refused, password=hunter2');
    const error = await connectError(failingClient(ctx, secret).version({}));
    expect(error.code).toBe(Code.Internal);
    expect(error.message).not.toContain('hunter2');
    expect(error.findDetails(ErrorDetailSchema)[0]?.code).toBe('internal_error');
    expect(ctx.reported).toEqual([{ error: secret, context: expect.objectContaining({ rpc: 'Version' }) }]);
  });

  it.each([
    ['order_not_found', Code.NotFound, 0],
    ['higher_price_error', Code.FailedPrecondition, 0],
    ['request_in_progress', Code.Aborted, 0],
    ['request_failed', Code.Unavailable, 0],
    ['too_many_requests', Code.ResourceExhausted, 0],
    ['internal_error', Code.Internal, 1],
  ] as const)('map %s to Connect code %i (reported %i times)', async (code, connectCode, reports) => {
    const ctx = testServices();
    const error = await connectError(failingClient(ctx, new DomainError(code)).version({}));
    expect(error.code).toBe(connectCode);
    expect(error.findDetails(ErrorDetailSchema)[0]?.code).toBe(code);
    expect(ctx.reported).toHaveLength(reports);
  });
});
