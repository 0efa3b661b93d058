import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { pragueToday } from '@/lib/prague-time';
import type { Db } from '../db/open-db';
import { paymentEvents } from '../db/schema/payments';
import type { PaymentRecord } from '../payments/records';

/**
 * The date of taxable supply (DUZP) of an invoice, and why it is what it is.
 *
 * § 21(1) of the Czech VAT act (235/2004 Sb.) makes the tax due on the day of the supply or on
 * the day the payment for it is received, whichever comes first, and § 29(1)(h) puts that day on
 * the invoice. Every order here is paid in full before we supply anything, so the earlier day is
 * always the day the money arrived:
 *
 * - Hotel order. Our taxable supply is the service fee (the card or benefit fee, VAT at the fee
 *   rate) for arranging the stay and taking the payment; the booking at Booking.com follows the
 *   last payment. The accommodation line is the hotel's price arranged for the customer, with the
 *   hotel's VAT in it and none of ours, and the cancellation insurance is exempt. Tax point: the
 *   day the payment carrying the fee was received.
 * - Voucher purchase. The voucher is a multi-purpose voucher (víceúčelový poukaz): selling it is
 *   not a taxable supply, the VAT falls due when it is redeemed for a stay, and the voucher line
 *   says so. The only taxable line is again the payment's service fee. Tax point: the day the
 *   payment carrying the fee was received.
 *
 * Each fee is charged within its own payment, so an order paid in parts on different days has one
 * tax point per day a fee arrived; the invoice lists those days, and each payment with its day.
 * An order without any fee has no taxable line of ours: its date is the day it was paid. The days
 * are Prague's, where the operator keeps its books. A payment whose receipt is not recorded counts
 * as received when the order was paid in full.
 */
export async function taxPointDays(db: Db, paid: readonly PaymentRecord[], orderPaidAt: Date): Promise<{ days: string[]; receivedAt: Map<string, Date> }> {
  const receivedAt = await receiptsOf(db, paid);
  const withFee = paid.filter((payment) => payment.fee > 0);
  const days = new Set(withFee.map((payment) => pragueToday(receivedAt.get(payment.id) ?? orderPaidAt)));
  if (days.size === 0) days.add(pragueToday(orderPaidAt));
  return { days: [...days].sort(), receivedAt };
}

/** When each payment became PAID: its first PAID event. */
async function receiptsOf(db: Db, paid: readonly PaymentRecord[]): Promise<Map<string, Date>> {
  const received = new Map<string, Date>();
  if (paid.length === 0) return received;
  const events = await db
    .select({ paymentId: paymentEvents.paymentId, at: paymentEvents.createdAt })
    .from(paymentEvents)
    .where(and(inArray(paymentEvents.paymentId, paid.map((p) => p.id)), eq(paymentEvents.toStatus, 'PAID')));
  for (const event of events) {
    const known = received.get(event.paymentId);
    if (!known || event.at < known) received.set(event.paymentId, event.at);
  }
  return received;
}
