import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BookingStatus, OrderStatus } from '@/gen/dzb/v1/order_pb';
import { formatMoney } from '@/lib/money';
import { orderEvents, orders } from '@/server/db/schema/orders';
import { bankTransfers, paymentEvents, payments } from '@/server/db/schema/payments';
import { expireUnpaidOrders } from '@/server/orders/expire';
import { bookHotelOrder } from '@/server/orders/hotel/book';
import { finishCancellation } from '@/server/orders/hotel/cancel';
import { importBankTransfers } from '@/server/payments/bank-import';
import { refundLatePayment } from '@/server/payments/refunds';
import { databaseKinds } from '../support/databases';
import { CZK, type Shop } from '../support/shop';
import { giveVoucher } from '../support/vouchers';
import {
  atBooking,
  atGateway,
  cancel,
  compensations,
  detail,
  gatewayAction,
  hotelRow,
  mails,
  minor,
  payByCard,
  paymentOf,
  paymentsOf,
  placeOrder,
  queuedJobs,
  voucherNow,
} from './cancellation-support';
import { openHotelShop, type PortalProbe } from './support';

const czk = (amount: number) => formatMoney(amount, 'CZK', 'cs');

/**
 * An order not fully paid can be cancelled too (cancellation policy §6): nothing is booked, no fee
 * applies, its waiting payments end, and what was paid comes back as a voucher. Money that arrives
 * afterwards goes back; a payment completing at the same moment either wins (the stay is booked)
 * or finds its order cancelled (its money goes back), never both.
 */
describe.each(databaseKinds())('cancelling an order not paid yet, on %s', (kind) => {
  let shop: Shop & { probe: PortalProbe };
  beforeEach(async () => {
    shop = await openHotelShop(kind);
  });
  afterEach(() => shop.close());

  /** The bank reports the transfer payment's money, and the statement is read. */
  async function transferArrives(payment: { variableSymbol: string | null; amount: number }) {
    await shop.transfer(payment.variableSymbol!, payment.amount);
    await importBankTransfers(shop.ctx.services);
  }

  /** A transfer part paid, a Pluxee part (1 000 Kč) still open at its gateway: PARTIALLY_PAID. */
  async function partlyPaidWithPluxeeOpen() {
    const { orderId, total } = await placeOrder(shop, { payments: [{ methodId: { id: 'pluxee_cafeteria' }, value: CZK(1000) }], lastPayment: { methodId: { id: 'transfer' } } });
    const transfer = await paymentOf(shop, orderId, 'transfer');
    await transferArrives(transfer);
    expect((await detail(shop, orderId)).status).toBe(OrderStatus.PARTIALLY_PAID);
    return { orderId, total, transfer, pluxee: await paymentOf(shop, orderId, 'pluxee_cafeteria') };
  }

  /** Expects the sent-back record of a transfer that came for a payment given up: once, with the customer told. */
  async function expectTransferReturned(payment: { id: string; amount: number }) {
    const [line] = await shop.handle.db.select().from(bankTransfers).where(eq(bankTransfers.paymentId, payment.id));
    expect(line?.outcome).toBe('returned');
    const [after] = await shop.handle.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(after).toMatchObject({ status: 'CANCELLED', refundedAmount: payment.amount });
    expect(after!.payerAccount).toBeTruthy();
    const events = await shop.handle.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, payment.id));
    expect(events.filter((e) => (e.detail as { instruction?: string }).instruction === 'send_back')).toHaveLength(1);
    expect(await mails(shop, `late-payment-returned:${payment.id}`)).toHaveLength(1);
  }

  it('cancels a waiting order: nothing booked, no voucher, the voucher hold back and the gateway page closed', async () => {
    const gift = await giveVoucher(shop, 40_000);
    const { orderId } = await placeOrder(shop, { voucherCodes: [gift.code], lastPayment: { methodId: { id: 'pluxee_cafeteria' } } });
    expect((await voucherNow(shop, gift.id)).balance).toBe(0);
    const waiting = await detail(shop, orderId);
    expect(waiting.status).toBe(OrderStatus.WAITING);
    expect(waiting.cancellable).toBe(true);
    expect(waiting.cancellationTerms).toMatchObject({ booked: false });
    expect([minor(waiting.cancellationTerms!.paid), minor(waiting.cancellationTerms!.fee), minor(waiting.cancellationTerms!.voucherValue)]).toEqual([0, 0, 0]);

    expect(await cancel(shop, orderId)).toBe('ok');
    const cancelled = await detail(shop, orderId);
    expect(cancelled.status).toBe(OrderStatus.CANCELLED_BY_USER);
    expect(cancelled.booking?.bookingStatus).toBe(BookingStatus.NOT_ORDERED);
    expect(cancelled.cancellable).toBe(false);
    expect((await paymentsOf(shop, orderId)).map((p) => p.status)).toEqual(['CANCELLED', 'CANCELLED']);
    expect((await voucherNow(shop, gift.id)).balance).toBe(40_000);
    expect(await compensations(shop, orderId)).toHaveLength(0);
    // Closed at Pluxee: the page left open in another tab takes no money any more.
    const pluxee = await paymentOf(shop, orderId, 'pluxee_cafeteria');
    expect((await gatewayAction(shop, 'pluxee', pluxee.gatewayPaymentId!, 'pay')).status).toBe(409);
    // Nothing reaches Booking.com, now or from a stray booking job.
    await bookHotelOrder(shop.ctx.services, orderId);
    expect(await atBooking(shop, orderId)).toHaveLength(0);
    expect(shop.probe.availabilityCalls).toBe(1);
    const [mail] = await mails(shop, `hotel-cancelled:${orderId}`);
    expect(mail!.text).toContain('v hotelu nic nerezervovali');
    expect(mail!.text).toContain('zatím nic nezaplatili');
    expect((await shop.outbox()).find((m) => m.eventKey === `hotel-cancelled:${orderId}`)?.attachments).toEqual([]);
    expect(await cancel(shop, orderId)).toBe('order_not_cancellable');
  });

  it('cancels a partly paid order into a voucher for the part paid, with no fee, and sends back a transfer that comes later', async () => {
    const gift = await giveVoucher(shop, 40_000);
    const { orderId } = await placeOrder(shop, {
      voucherCodes: [gift.code],
      payments: [{ methodId: { id: 'up_card' }, value: CZK(2000) }],
      lastPayment: { methodId: { id: 'transfer' } },
    });
    const card = await paymentOf(shop, orderId, 'up_card');
    await payByCard(shop, card);
    const partly = await detail(shop, orderId);
    expect(partly.status).toBe(OrderStatus.PARTIALLY_PAID);
    expect([minor(partly.cancellationTerms!.paid), minor(partly.cancellationTerms!.fee), minor(partly.cancellationTerms!.voucherValue)]).toEqual([card.amount, 0, card.amount]);

    expect(await cancel(shop, orderId)).toBe('ok');
    const [voucher] = await compensations(shop, orderId);
    // The card part with its service fee; the voucher part was only held, and is back on its voucher.
    expect(voucher!.total).toBe(card.amount);
    expect((await voucherNow(shop, gift.id)).balance).toBe(40_000);
    const transfer = await paymentOf(shop, orderId, 'transfer');
    expect(transfer.status).toBe('CANCELLED');
    expect((await hotelRow(shop, orderId)).cancellationFee).toBe(0);
    const cancelled = await detail(shop, orderId);
    expect([minor(cancelled.paid), minor(cancelled.cancellationFee), minor(cancelled.compensationValue)]).toEqual([card.amount, 0, card.amount]);
    const [mail] = await mails(shop, `hotel-cancelled:${orderId}`);
    for (const part of [`Zaplaceno celkem\t${czk(card.amount)}`, `Storno poplatek\t${czk(0)}`, `Hodnota poukazu\t${czk(card.amount)}`]) expect(mail!.text).toContain(part);
    expect((await shop.outbox()).find((m) => m.eventKey === `hotel-cancelled:${orderId}`)?.attachments).toEqual([`voucher-${voucher!.code}.pdf`]);

    // The transfer the customer had already sent arrives: it goes back, once, however often the statement is read.
    await transferArrives(transfer);
    await importBankTransfers(shop.ctx.services);
    await expectTransferReturned(transfer);
    expect(shop.ctx.reported.some((r) => String(r.error).includes('returned'))).toBe(true);
    expect(await compensations(shop, orderId)).toHaveLength(1);
    expect((await detail(shop, orderId)).status).toBe(OrderStatus.CANCELLED_BY_USER);
  });

  it('sends back a transfer that arrives after an unpaid order expired, the same way', async () => {
    const { orderId } = await placeOrder(shop, { lastPayment: { methodId: { id: 'transfer' } } });
    await shop.handle.db.update(orders).set({ payBy: new Date('2026-11-22T09:00:00Z') }).where(eq(orders.id, orderId));
    expect(await expireUnpaidOrders(shop.ctx.services)).toBe(1);
    const transfer = await paymentOf(shop, orderId, 'transfer');
    await transferArrives(transfer);
    await expectTransferReturned(transfer);
    expect((await detail(shop, orderId)).status).toBe(OrderStatus.CANCELLED_AUTOMATICALLY);
  });

  it('lets a callback that paid the last part first win: the stay is booked, and then cancelled like any booked stay', async () => {
    const { orderId, total, pluxee } = await partlyPaidWithPluxeeOpen();
    // Pluxee notifies the site within the payment, before the visitor's click arrives.
    expect((await gatewayAction(shop, 'pluxee', pluxee.gatewayPaymentId!, 'pay')).status).toBe(200);
    expect((await detail(shop, orderId)).status).toBe(OrderStatus.PAID);
    expect(await cancel(shop, orderId)).toBe('request_in_progress');
    await bookHotelOrder(shop.ctx.services, orderId);
    expect((await detail(shop, orderId)).booking?.bookingStatus).toBe(BookingStatus.ACTIVE);
    expect(await cancel(shop, orderId)).toBe('ok');
    expect((await compensations(shop, orderId))[0]?.total).toBe(total);
  });

  it('sends back money a card gateway takes after the order was cancelled', async () => {
    const { orderId } = await placeOrder(shop, { payments: [{ methodId: { id: 'payment_card' }, value: CZK(1000) }], lastPayment: { methodId: { id: 'transfer' } } });
    const transfer = await paymentOf(shop, orderId, 'transfer');
    await transferArrives(transfer);
    expect(await cancel(shop, orderId)).toBe('ok');
    expect((await compensations(shop, orderId))[0]?.total).toBe(transfer.amount);
    // ČSOB cannot close a page the customer may still complete: the customer pays on it all the same.
    const card = await paymentOf(shop, orderId, 'payment_card');
    await payByCard(shop, card);
    expect((await paymentOf(shop, orderId, 'payment_card')).status).toBe('CANCELLED');
    await refundLatePayment(shop.ctx.services, card.id);
    expect((await atGateway(shop, 'csob', card.gatewayPaymentId!)).refundedAmount).toBe(card.amount);
    expect(await mails(shop, `late-payment-returned:${card.id}`)).toHaveLength(1);
    expect((await detail(shop, orderId)).status).toBe(OrderStatus.CANCELLED_BY_USER);
    expect(await atBooking(shop, orderId)).toHaveLength(0);
  });

  it('ends a cancellation racing the callback that pays the last part either booked or cancelled, never both, with no money lost', async () => {
    // The click lands at different moments of the payment: before Pluxee took the money, while its
    // notification is on the way or being applied, and after.
    for (const delay of [0, 5, 15, 40, 120]) {
      const { orderId, total, transfer, pluxee } = await partlyPaidWithPluxeeOpen();
      const [paidAtGateway, cancelled] = await Promise.all([
        gatewayAction(shop, 'pluxee', pluxee.gatewayPaymentId!, 'pay'),
        new Promise((resolve) => setTimeout(resolve, delay)).then(() => cancel(shop, orderId)),
      ]);
      // A booking job run now (as one queued by a paid order would) books only a paid order.
      await bookHotelOrder(shop.ctx.services, orderId);
      const order = await detail(shop, orderId);
      if (cancelled === 'ok') {
        expect(order.status).toBe(OrderStatus.CANCELLED_BY_USER);
        expect(await atBooking(shop, orderId)).toHaveLength(0);
        expect((await paymentOf(shop, orderId, 'pluxee_cafeteria')).status).toBe('CANCELLED');
        expect((await compensations(shop, orderId)).map((v) => v.total)).toEqual([transfer.amount]);
        // Pluxee either refused the payment (its page was closed first) or took the money, which
        // is then queued to go back, and goes back when that job runs.
        if (paidAtGateway.status === 200) {
          expect(await queuedJobs(shop, 'payments.refund-late', pluxee.id)).toBe(1);
          await refundLatePayment(shop.ctx.services, pluxee.id);
          expect((await atGateway(shop, 'pluxee', pluxee.gatewayPaymentId!)).refundedAmount).toBe(pluxee.amount);
        } else {
          expect(paidAtGateway.status).toBe(409);
        }
      } else {
        expect(cancelled).toBe('request_in_progress');
        expect(order.status).toBe(OrderStatus.PAID);
        expect(order.booking?.bookingStatus).toBe(BookingStatus.ACTIVE);
        expect(minor(order.paid)).toBe(total);
        await refundLatePayment(shop.ctx.services, pluxee.id);
        expect((await atGateway(shop, 'pluxee', pluxee.gatewayPaymentId!)).refundedAmount).toBe(0);
        expect(await compensations(shop, orderId)).toHaveLength(0);
      }
    }
  });

  it('cancels once when asked twice at the same moment and again later: one voucher, one e-mail', async () => {
    const { orderId, transfer } = await partlyPaidWithPluxeeOpen();
    const answers = await Promise.all([cancel(shop, orderId), cancel(shop, orderId)]);
    expect(answers.filter((a) => a === 'ok')).toHaveLength(1);
    expect(answers.filter((a) => a !== 'ok')[0]).toMatch(/^(order_not_cancellable|request_in_progress)$/);
    await finishCancellation(shop.ctx.services, orderId);
    await finishCancellation(shop.ctx.services, orderId);
    expect(await cancel(shop, orderId)).toBe('order_not_cancellable');
    expect((await compensations(shop, orderId)).map((v) => v.total)).toEqual([transfer.amount]);
    expect(await mails(shop, `hotel-cancelled:${orderId}`)).toHaveLength(1);
    const events = await shop.handle.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(events.filter((e) => e.toStatus === 'CANCELLED_BY_USER')).toHaveLength(1);
  });
});
