import 'server-only';
import { eq } from 'drizzle-orm';
import type { OrderForm, PersonInput } from '@/lib/forms/order-form';
import { languageOf } from '@/lib/variants';
import { type StoredPreview, refreshPreview, repreview } from '../../booking/preview';
import { hotelOrders, orders } from '../../db/schema';
import { inTransaction, sqlState } from '../../db/transaction';
import { DomainError } from '../../errors';
import { createPayments } from '../../payments/create';
import type { PaymentRecord } from '../../payments/records';
import { startGatewayPayments } from '../../payments/start';
import { holdToAgreement } from '../../pricing/agreed-charge';
import type { PaymentRequest } from '../../pricing/payment-calculation';
import type { Site } from '../../site';
import type { Caller } from '../../security/caller';
import type { Services } from '../../services';
import { customerRecord, personRecord } from '../customer';
import { nextOrderNumber } from '../numbers';
import type { OrderRecord } from '../status';
import { sendHotelOrderReceived } from './emails';
import { checkInStarts } from './deadlines';
import { type HotelQuote, pricedProducts, quoteHotelOrder } from './pricing';
import { pricedProductToStored } from './record';

/** After the last payment's deadline, a failed payment can still be paid again for this long. */
const PAY_AGAIN_MS = 60 * 60_000;

/**
 * Places a hotel order from a preview. The order gets a fresh random id: the preview's id travels
 * in addresses before anything is paid ("look at this room"), so it must never open the order. A
 * preview places at most one order (a unique index): a second submit, concurrent or later, is
 * `preview_already_ordered` and learns nothing of the first order (a retry of the same submission
 * is answered from its Idempotency-Key instead). A preview past its validity is priced again at
 * Booking.com first; a different price is stored and answered as `price_changed` for the visitor
 * to accept. Vouchers that no longer pay, or a charge other than the one the visitor agreed to,
 * stop the order (`voucher_balance_changed`). The order (WAITING), its payments (voucher value held at once) and the "order
 * received" e-mail are one transaction; gateway payments are started after it.
 */
export async function createHotelOrder(
  services: Pick<Services, 'budgets' | 'clock' | 'config' | 'db' | 'gateways' | 'jobs' | 'owners' | 'portal' | 'report' | 'wallet'>,
  site: Site,
  caller: Caller,
  stored: StoredPreview,
  request: PaymentRequest,
  form: OrderForm,
  guest: PersonInput | undefined,
): Promise<{ order: OrderRecord; payments: PaymentRecord[] }> {
  if (await alreadyOrdered(services, stored.id)) throw new DomainError('preview_already_ordered');
  const preview = stored.validUntil > services.clock.now() ? stored : await freshPreview(services, stored);
  const quote = await quoteHotelOrder(services, site, caller, preview, request);
  holdToAgreement(quote.calculation, request.agreedCharge, quote.currency);
  try {
    const placed = await place(services, site, quote, form, guest);
    return { ...placed, payments: await startGatewayPayments(services, placed.payments) };
  } catch (error) {
    // The same preview submitted twice at once: the loser places nothing.
    if (sqlState(error) === '23505' && (await alreadyOrdered(services, stored.id))) throw new DomainError('preview_already_ordered');
    throw error;
  }
}

/** Whether a preview has placed its order (then it can place no other, and says nothing of it). */
export async function alreadyOrdered(services: Pick<Services, 'db'>, previewId: string): Promise<boolean> {
  const { db } = await services.db();
  const [row] = await db.select({ orderId: hotelOrders.orderId }).from(hotelOrders).where(eq(hotelOrders.previewId, previewId));
  return row !== undefined;
}

/** Booking.com asked again for an expired preview; a changed price stops the order for review. */
async function freshPreview(services: Pick<Services, 'clock' | 'db' | 'portal'>, stored: StoredPreview): Promise<StoredPreview> {
  const portal = await repreview(services, stored);
  const before = pricedProducts(stored);
  const after = pricedProducts({ ...stored, portal });
  const refreshed = await refreshPreview(services, stored, portal);
  const changed = before.some((p, i) => p.payOnline !== after[i]?.payOnline || p.payOnSite !== after[i]?.payOnSite);
  if (changed) throw new DomainError('price_changed', `preview ${stored.id} priced again`);
  return refreshed;
}

async function place(
  services: Pick<Services, 'clock' | 'config' | 'db' | 'jobs' | 'owners' | 'wallet'>,
  site: Site,
  quote: HotelQuote,
  form: OrderForm,
  guest: PersonInput | undefined,
) {
  const { db } = await services.db();
  const now = services.clock.now();
  const { preview } = quote;
  const id = crypto.randomUUID();
  const language = languageOf(site.locale);
  const deadline = checkInStarts(preview.stay.checkIn);
  return inTransaction(db, async (tx) => {
    const number = await nextOrderNumber(tx, now);
    const [order] = await tx
      .insert(orders)
      .values({
        id,
        kind: 'hotel',
        number,
        site: site.variant,
        language,
        status: 'WAITING',
        currency: quote.currency,
        total: quote.calculation.price.total,
        serviceFee: quote.calculation.price.serviceFee,
        bonus: quote.calculation.price.bonus,
        customer: customerRecord(form),
        payBy: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const guestRecord = personRecord(guest);
    await tx.insert(hotelOrders).values({
      orderId: id,
      previewId: preview.id,
      hotelId: preview.hotelId,
      hotel: {
        id: preview.hotel.id,
        name: preview.hotel.name,
        url: preview.hotel.url,
        address: preview.hotel.address,
        coordinates: preview.hotel.coordinates,
        rating: preview.hotel.rating,
        ...(preview.hotel.photos[0] ? { photo: preview.hotel.photos[0].standard } : {}),
      },
      stay: preview.stay,
      productIds: preview.productIds,
      allocation: preview.allocation,
      products: quote.products.map(pricedProductToStored),
      cancellation: preview.productIds.map((id) => scheduleOf(preview, id)),
      options: quote.options,
      roomsPrice: quote.rooms.payOnline,
      payOnSite: quote.rooms.payOnSite,
      insurance: quote.insurance,
      timing: quote.timing,
      freeCancellationUntil: quote.freeCancellationUntil ?? null,
      guest: guestRecord ?? null,
      noteForHotel: form.noteForHotel ?? null,
      bookingStatus: 'NOT_ORDERED',
    });
    const payments = await createPayments(
      services,
      tx,
      { type: 'hotel_order', id, site: site.variant, language, orderNumber: number, currency: quote.currency },
      { methods: quote.calculation.payments, vouchers: quote.calculation.vouchers.credit, deadline },
    );
    const lastDue = Math.max(now.getTime(), ...payments.map((p) => p.expiresAt.getTime())) + PAY_AGAIN_MS;
    const payBy = new Date(Math.max(now.getTime(), Math.min(lastDue, deadline.getTime())));
    const [dated] = await tx.update(orders).set({ payBy }).where(eq(orders.id, id)).returning();
    await sendHotelOrderReceived(services, tx, dated ?? order!, payments);
    return { order: dated ?? order!, payments };
  });
}

function scheduleOf(preview: StoredPreview, productId: string) {
  const product = preview.portal.products.find((p) => p.id === productId);
  return (product?.cancellation ?? []).map((step) => ({ from: step.from === 'now' ? 'now' : new Date(step.from).toISOString(), fee: step.fee }));
}
