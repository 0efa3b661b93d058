/**
 * Type tests, checked by `npm run typecheck`: a use case runs on exactly the ports it names, not on
 * the whole services, and cannot run on fewer. Each call below with a narrow object compiles only
 * because every domain function beneath the use case takes no more than it uses.
 */
import type { Caller } from '@/server/security/caller';
import type { Services } from '@/server/services';
import type { Site } from '@/server/site';
import { cancelOrder } from '@/server/use-cases/hotel-orders';
import { analyseHotelLink } from '@/server/use-cases/hotels';
import { orderForSite } from '@/server/use-cases/orders';
import { retryPayment } from '@/server/use-cases/payments';
import { releaseVoucher, voucherDetail } from '@/server/use-cases/vouchers';

declare const services: Services;
declare const site: Site;
declare const caller: Caller;

declare const reading: Pick<Services, 'clock' | 'config' | 'db'>;
declare const linking: Pick<Services, 'budgets' | 'clock' | 'portal' | 'website'>;
declare const retrying: Pick<Services, 'budgets' | 'clock' | 'config' | 'db' | 'gateways' | 'owners' | 'report' | 'wallet'>;
declare const cancelling: Pick<Services, 'clock' | 'config' | 'db' | 'gateways' | 'jobs' | 'owners' | 'portal' | 'renders' | 'report' | 'wallet'>;
declare const guessing: Pick<Services, 'budgets' | 'clock' | 'config' | 'db' | 'jobs' | 'report'>;

export async function runOnTheirOwnPorts() {
  await orderForSite(reading, site, 'order-1');
  await analyseHotelLink(linking, site, caller, 'https://www.booking.com/hotel/cz/x.html');
  await retryPayment(retrying, site, caller, 'order-1', 'payment-1');
  await cancelOrder(cancelling, site, 'order-1');
  await voucherDetail(guessing, site, caller, { by: 'code', code: '12345678' });
  await releaseVoucher(reading, site, 'voucher-1');
}

export async function runOnTheWholeServices() {
  await orderForSite(services, site, 'order-1');
  await retryPayment(services, site, caller, 'order-1', 'payment-1');
}

declare const databaseOnly: Pick<Services, 'db'>;
declare const withoutGateways: Omit<typeof retrying, 'gateways'>;
declare const withoutBudgets: Omit<typeof linking, 'budgets'>;

export async function doNotRunOnFewer() {
  // @ts-expect-error an order's page needs the clock (its state now) and the configuration (its links)
  await orderForSite(databaseOnly, site, 'order-1');
  // @ts-expect-error a retry starts a gateway payment
  await retryPayment(withoutGateways, site, caller, 'order-1', 'payment-1');
  // @ts-expect-error analysing a link costs the caller a unit of a budget
  await analyseHotelLink(withoutBudgets, site, caller, 'https://www.booking.com/hotel/cz/x.html');
  // @ts-expect-error a release stamps the hold with the clock's time
  await releaseVoucher(databaseOnly, site, 'voucher-1');
}
