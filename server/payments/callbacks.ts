import 'server-only';
import { localizedPath } from '@/lib/i18n/pathnames';
import { type Language, localeOf, type VariantKey } from '@/lib/variants';
import { GATEWAY_TYPES } from '../config/payments';
import type { Services } from '../services';
import { applyGatewayState, findByGatewayId } from './gateway-state';
import { CallbackRejected, type GatewayType } from './gateways/gateway';
import type { PaymentRecord } from './records';

function isGatewayType(value: string): value is GatewayType {
  return (GATEWAY_TYPES as readonly string[]).includes(value);
}

/**
 * The gateways' entry points (mounted by app/api/payments/[gateway]/[action]/route.ts):
 * - return: the browser coming back. Its fields are verified but never trusted for the status:
 *   we ask the gateway, apply that, and send the browser to the order's page (also when the
 *   gateway could not be asked: the payment then stays waiting for the sweep).
 * - notify: a server-to-server notification. Verified over the raw body (invalid → 400 with the
 *   reason and no write), confirmed by a status query, applied once (a repeat answers 200).
 */
export function createPaymentCallbacks(services: Pick<Services, 'clock' | 'config' | 'db' | 'gateways' | 'jobs' | 'owners' | 'report' | 'wallet'>) {
  return async (request: Request, gatewayName: string, action: string): Promise<Response> => {
    if (!isGatewayType(gatewayName)) return new Response('not found', { status: 404 });
    const gateway = services.gateways[gatewayName];
    if (action === 'return' && (request.method === 'GET' || request.method === 'POST')) {
      const fields =
        request.method === 'GET' ? new URL(request.url).searchParams : new URLSearchParams(await request.text());
      let payment: PaymentRecord | undefined;
      try {
        const { gatewayPaymentId } = gateway.verifyReturn(fields);
        payment = await findByGatewayId(services, gatewayName, gatewayPaymentId);
      } catch (error) {
        if (!(error instanceof CallbackRejected)) services.report(error, { operation: 'payment.return', gateway: gatewayName });
        return rejected(error instanceof CallbackRejected ? error.reason : 'gateway_unavailable');
      }
      if (!payment) return rejected('unknown_payment');
      try {
        await confirm(services, gatewayName, payment, 'return');
      } catch (error) {
        // The customer came back for real (the return is verified) but the gateway did not say
        // how the payment went: their order's page shows it waiting and follows it, and the
        // sweep asks the gateway again a minute later. A bare error here would strand them.
        if (!(error instanceof CallbackRejected)) services.report(error, { operation: 'payment.return', gateway: gatewayName });
        else return rejected(error.reason);
      }
      return Response.redirect(ownerPage(services, payment), 303);
    }
    if (action === 'notify' && request.method === 'POST') {
      try {
        const notification = gateway.verifyNotification(await request.text());
        const payment = await findByGatewayId(services, gatewayName, notification.gatewayPaymentId);
        if (!payment) return rejected('unknown_payment');
        if (notification.orderNumber !== payment.orderNumber) return rejected('empty_order_number');
        if (notification.amount !== payment.amount) return rejected('invalid_amount');
        if (notification.currency !== payment.currency) return rejected('empty_currency');
        const state = await gateway.status(notification.gatewayPaymentId);
        const outcome = await applyGatewayState(services, payment.id, state, 'notification', {
          provider: gatewayName,
          eventId: notification.eventId,
        });
        if (outcome.kind === 'unexpected') return rejected('unexpected_status');
        if (outcome.kind === 'amount_mismatch') return rejected('invalid_amount');
        return Response.json({ result: outcome.kind === 'duplicate' ? 'already_processed' : 'ok' });
      } catch (error) {
        if (error instanceof CallbackRejected) return rejected(error.reason);
        services.report(error, { operation: 'payment.notify', gateway: gatewayName });
        // A 5xx makes the gateway deliver again later, which is what we want after our own failure.
        return Response.json({ result: 'error' }, { status: 503 });
      }
    }
    return new Response('not found', { status: 404 });
  };
}

async function confirm(
  services: Pick<Services, 'clock' | 'db' | 'gateways' | 'jobs' | 'owners' | 'report' | 'wallet'>,
  gatewayName: GatewayType,
  payment: PaymentRecord,
  source: 'return',
): Promise<void> {
  if (!payment.gatewayPaymentId) return;
  const state = await services.gateways[gatewayName].status(payment.gatewayPaymentId);
  await applyGatewayState(services, payment.id, state, source);
}

function rejected(reason: string): Response {
  return Response.json({ result: 'rejected', reason }, { status: 400 });
}

/** The owner's page on the payment's own site and language, from the configured public URL. */
export function ownerPage(services: Pick<Services, 'config' | 'owners'>, payment: PaymentRecord): string {
  const site = payment.site as VariantKey;
  const locale = localeOf(site, payment.language as Language);
  const owner = services.owners[payment.ownerType];
  const path = owner ? owner.returnPath(payment.ownerId, locale) : localizedPath(locale, '/status/[id]', { id: payment.ownerId });
  return `${services.config.publicUrl[site]}${path}`;
}
