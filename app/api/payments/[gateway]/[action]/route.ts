import { createPaymentCallbacks } from '@/server/payments/callbacks';
import { appServices } from '@/server/services';

const handle = createPaymentCallbacks(appServices());

async function route(request: Request, { params }: { params: Promise<{ gateway: string; action: string }> }) {
  const { gateway, action } = await params;
  return handle(request, gateway, action);
}

export const dynamic = 'force-dynamic';
export { route as GET, route as POST };
