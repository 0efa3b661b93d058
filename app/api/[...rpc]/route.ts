import * as Sentry from '@sentry/nextjs';
import { createApiHandler } from '@/server/rpc/http-mount';
import { appServices } from '@/server/services';

let handler: ((request: Request) => Promise<Response>) | undefined;

function handle(request: Request): Promise<Response> {
  handler ??= createApiHandler(
    appServices((error, context) => {
      console.error('[rpc]', context, error);
      Sentry.captureException(error, { tags: context });
    }),
    '/api',
  );
  return handler(request);
}

export const dynamic = 'force-dynamic';
export { handle as GET, handle as POST };
