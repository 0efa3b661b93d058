import 'server-only';
import { hotelFormSchema } from '@/lib/forms/hotel-form';
import { previewById, previewChoice } from '../booking/preview';
import type { PreviewOptions } from '../db/schema';
import { cancelHotelOrder } from '../orders/hotel/cancel';
import { createHotelOrder } from '../orders/hotel/create';
import { type HotelQuote, quoteHotelOrder } from '../orders/hotel/pricing';
import { reopenPreview } from '../orders/hotel/reopen-preview';
import { type HotelOrderView, hotelOrderView } from '../orders/hotel/view';
import { readOrderOfSite } from '../orders/read';
import type { PaymentRequest } from '../pricing/payment-calculation';
import type { Caller } from '../security/caller';
import type { Services } from '../services';
import type { Site } from '../site';
import { voucherAsOf, type VoucherDetail } from '../vouchers/state';
import { checkedForm } from './checked-form';

export type HotelPreviewPorts = Pick<Services, 'budgets' | 'clock' | 'config' | 'db' | 'jobs' | 'portal' | 'report'>;

/** Rooms chosen from an availability answer, or a stored preview opened again. */
export type PreviewLookup = { by: 'choice'; availabilityId: string; productIds: string[] } | { by: 'id'; previewId: string };

/**
 * HotelOrderPreview: prices a choice of rooms (asks Booking.com and stores a new preview) or a
 * stored one opened again (reopen-preview.ts), with the fees, vouchers and bonus of the payment
 * request. Each costs the caller a unit of previews.
 */
export async function previewHotelOrder(
  ports: HotelPreviewPorts,
  site: Site,
  caller: Caller,
  input: { lookup: PreviewLookup; options: PreviewOptions; payment: PaymentRequest },
): Promise<HotelQuote> {
  await ports.budgets.spend('previews', caller);
  const { lookup, options } = input;
  const preview =
    lookup.by === 'choice'
      ? await previewChoice(ports, site, lookup.availabilityId, lookup.productIds, options)
      : await reopenPreview(ports, site, lookup.previewId, options);
  return quoteHotelOrder(ports, site, caller, preview, input.payment);
}

export type HotelOrderPorts = Pick<Services, 'budgets' | 'clock' | 'config' | 'db' | 'gateways' | 'jobs' | 'owners' | 'portal' | 'report' | 'wallet'>;

/**
 * HotelOrderCreate: places a hotel order from a preview (create.ts; an expired preview is priced
 * again first), the form checked with the browser's schema, and answers the order with its
 * payments. Each costs the caller a unit of orders.
 */
export async function placeHotelOrder(
  ports: HotelOrderPorts,
  site: Site,
  caller: Caller,
  /** `form`: what the visitor filled in, in the shape of the shared form schema (checked here). */
  input: { previewId: string; payment: PaymentRequest; form: unknown },
): Promise<HotelOrderView> {
  await ports.budgets.spend('orders', caller);
  const preview = await previewById(ports, site, input.previewId, { allowExpired: true });
  const form = checkedForm(hotelFormSchema, input.form);
  const guest = form.stayingGuest === 'someoneElse' ? form.guest : undefined;
  const { order } = await createHotelOrder(ports, site, caller, preview, input.payment, form.order, guest);
  return hotelOrderView(ports, await readOrderOfSite(ports, site, order.id));
}

export type CancelPorts = Pick<Services, 'clock' | 'config' | 'db' | 'gateways' | 'jobs' | 'owners' | 'portal' | 'renders' | 'report' | 'wallet'>;

/** OrderCancel: cancels an order of this site (irreversible) and answers it with its compensation voucher. */
export async function cancelOrder(ports: CancelPorts, site: Site, orderId: string): Promise<{ order: HotelOrderView; voucher?: VoucherDetail }> {
  await cancelHotelOrder(ports, site, orderId);
  const read = await readOrderOfSite(ports, site, orderId);
  const compensation = read.vouchers[0];
  return {
    order: await hotelOrderView(ports, read),
    ...(compensation ? { voucher: voucherAsOf(compensation, ports.clock.now(), ports.config.vouchers.expiresSoonDays) } : {}),
  };
}
