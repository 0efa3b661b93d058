import 'server-only';
import { eq } from 'drizzle-orm';
import { languageOf } from '@/lib/variants';
import type { OrderForm, PersonInput } from '@/lib/forms/order-form';
import { orders, voucherOrders } from '../../db/schema/orders';
import { inTransaction } from '../../db/transaction';
import { createPayments } from '../../payments/create';
import type { PaymentRecord } from '../../payments/records';
import { startGatewayPayments } from '../../payments/start';
import { holdToAgreement } from '../../pricing/agreed-charge';
import type { AmountInput } from '../../pricing/payment-calculation';
import type { Site } from '../../site';
import type { Services } from '../../services';
import { customerRecord, personRecord } from '../customer';
import { nextOrderNumber } from '../numbers';
import type { OrderRecord } from '../status';
import { sendVoucherOrderReceived } from './emails';
import type { VoucherOrderQuote } from './pricing';

/** After the last payment's deadline, a failed payment can still be paid again for this long. */
const PAY_AGAIN_MS = 60 * 60_000;

/**
 * Places a voucher purchase: the order (WAITING, next number of the year), its payments (voucher
 * value held at once) and the "order received" e-mail, in one transaction, on the terms the
 * buyer saw (agreed-charge.ts); then the gateway
 * payments are started at their gateways. Returns the order and its payments as they stand.
 */
export async function createVoucherOrder(
  services: Pick<Services, 'clock' | 'config' | 'db' | 'gateways' | 'jobs' | 'owners' | 'report' | 'wallet'>,
  site: Site,
  quote: VoucherOrderQuote,
  form: Omit<OrderForm, 'noteForHotel'>,
  presentFor: PersonInput | undefined,
  agreed?: AmountInput,
): Promise<{ order: OrderRecord; payments: PaymentRecord[] }> {
  holdToAgreement(quote.calculation, agreed, quote.currency);
  const { db } = await services.db();
  const now = services.clock.now();
  const id = crypto.randomUUID();
  const { order, payments } = await inTransaction(db, async (tx) => {
    const number = await nextOrderNumber(tx, now);
    const recipient = personRecord(presentFor);
    const [order] = await tx
      .insert(orders)
      .values({
        id,
        kind: 'voucher',
        number,
        site: site.variant,
        language: languageOf(site.locale),
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
    await tx.insert(voucherOrders).values({
      orderId: id,
      voucherValue: quote.voucherValue,
      presentFor: recipient ?? null,
      purchasedAsGift: recipient !== undefined,
      validityMonths: quote.validityMonths,
    });
    const payments = await createPayments(
      services,
      tx,
      { type: 'voucher_order', id, site: site.variant, language: languageOf(site.locale), orderNumber: number, currency: quote.currency },
      { methods: quote.calculation.payments, vouchers: quote.calculation.vouchers.credit },
    );
    const payBy = new Date(Math.max(now.getTime(), ...payments.map((p) => p.expiresAt.getTime())) + PAY_AGAIN_MS);
    const [dated] = await tx.update(orders).set({ payBy }).where(eq(orders.id, id)).returning();
    await sendVoucherOrderReceived(services, tx, dated ?? order!, quote.voucherValue, payments);
    return { order: dated ?? order!, payments };
  });
  return { order, payments: await startGatewayPayments(services, payments) };
}
