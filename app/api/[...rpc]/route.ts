import { createApiHandler } from '@/server/rpc/http-mount';
import { appServices } from '@/server/services';

const handle = createApiHandler(appServices(), '/api');

export const dynamic = 'force-dynamic';
export { handle as GET, handle as POST };
