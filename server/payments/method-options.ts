import 'server-only';
import type { PaymentMethodView } from '@/lib/rpc/views';
import type { Services } from '../services';
import { feeOf, isMethodId, METHODS } from './methods';

/**
 * The methods the PaymentMethods call answered, with the fee each adds (from the same table the
 * pricing reads), for a payment step to show.
 */
export function withFees(services: Services, methods: PaymentMethodView[]) {
  return methods.flatMap((method) =>
    isMethodId(method.id)
      ? [{ id: method.id, kind: method.kind, code: method.code, feeBasisPoints: feeOf(METHODS[method.id], services.config.payments.configuredFees) }]
      : [],
  );
}
