import type { TransferInstructions } from '../../payments/transfer/bank-details';
import { Closing, FactsTable, Greeting, TransferBlock } from './parts';
import type { EmailContext } from './render';

export interface StayFacts {
  number: string;
  firstName: string;
  hotelName: string;
  hotelAddress: string;
  checkIn: string;
  checkOut: string;
  nights: number;
  adults: number;
  children: number;
  rooms: string[];
  currency: string;
  /** Paid (or to pay) to us. */
  total: number;
  /** Paid by the guest at the hotel (city tax and the like). */
  payOnSite: number;
  freeCancellationUntil?: Date;
  orderUrl: string;
}

function stayRows(context: EmailContext, stay: StayFacts): [string, string][] {
  const t = context.t;
  const day = (date: string) => context.date(new Date(`${date}T12:00:00Z`));
  return [
    [t('hotelOrder.hotel'), `${stay.hotelName}, ${stay.hotelAddress}`],
    [t('hotelOrder.dates'), t('hotelOrder.datesValue', { checkIn: day(stay.checkIn), checkOut: day(stay.checkOut), nights: stay.nights })],
    [t('hotelOrder.guests'), t('hotelOrder.guestsValue', { adults: stay.adults, children: stay.children })],
    [t('hotelOrder.rooms'), stay.rooms.join(', ')],
  ];
}

export function hotelOrderReceived(context: EmailContext, stay: StayFacts, transfer?: { instructions: TransferInstructions; qrFile: string }) {
  const t = context.t;
  return {
    subject: t('hotelOrder.receivedSubject'),
    body: (
      <>
        <Greeting context={context} name={stay.firstName} />
        <p>{t('hotelOrder.receivedText', { number: stay.number })}</p>
        <FactsTable rows={[...stayRows(context, stay), [t('hotelOrder.toPay'), context.money(stay.total, stay.currency)]]} />
        <p>{t('hotelOrder.bookAfterPayment')}</p>
        {transfer ? (
          <TransferBlock context={context} transfer={transfer.instructions} qrFile={transfer.qrFile} />
        ) : (
          <p>{t('voucherOrder.payOnline')}</p>
        )}
        <Closing context={context} orderUrl={stay.orderUrl} />
      </>
    ),
  };
}

export function hotelBooked(context: EmailContext, stay: StayFacts, booking: { reservation: string; pincode: string }) {
  const t = context.t;
  const rows: [string, string][] = [
    [t('hotelOrder.reservation'), booking.reservation],
    [t('hotelOrder.pincode'), booking.pincode],
    ...stayRows(context, stay),
    [t('hotelOrder.paid'), context.money(stay.total, stay.currency)],
  ];
  if (stay.payOnSite > 0) rows.push([t('hotelOrder.payOnSite'), context.money(stay.payOnSite, stay.currency)]);
  rows.push([
    t('hotelOrder.cancellation'),
    stay.freeCancellationUntil ? t('hotelOrder.freeUntil', { date: context.deadline(stay.freeCancellationUntil) }) : t('hotelOrder.nonRefundable'),
  ]);
  return {
    subject: t('hotelOrder.bookedSubject', { hotel: stay.hotelName }),
    body: (
      <>
        <Greeting context={context} name={stay.firstName} />
        <p>{t('hotelOrder.bookedText', { hotel: stay.hotelName })}</p>
        <FactsTable rows={rows} />
        <p>{t('hotelOrder.bookedAttachments')}</p>
        <Closing context={context} orderUrl={stay.orderUrl} />
      </>
    ),
  };
}

export function hotelBookingFailed(context: EmailContext, stay: StayFacts, failure: { reason: string; refunds: { method: string; amount: number }[] }) {
  const t = context.t;
  return {
    subject: t('hotelOrder.failedSubject'),
    body: (
      <>
        <Greeting context={context} name={stay.firstName} />
        <p>{t('hotelOrder.failedText', { hotel: stay.hotelName, reason: failure.reason })}</p>
        <p>{t('hotelOrder.refundIntro')}</p>
        <FactsTable rows={failure.refunds.map((r) => [r.method, context.money(r.amount, stay.currency)] as [string, string])} />
        <p>{t('hotelOrder.refundTiming')}</p>
        <Closing context={context} orderUrl={stay.orderUrl} />
      </>
    ),
  };
}

/** What a cancellation settled: everything paid, the fee kept, and whether a stay had been booked. */
export interface CancellationFacts {
  paid: number;
  fee: number;
  booked: boolean;
  insured: boolean;
}

/**
 * Cancelled by the visitor: a booked stay cancelled at the hotel, or an order never booked, and
 * the settlement (paid, fee, voucher) with the compensation voucher or why there is none.
 */
export function hotelCancelled(
  context: EmailContext,
  stay: StayFacts,
  settlement: CancellationFacts,
  voucher: { code: string; value: number; validTo: Date } | undefined,
) {
  const t = context.t;
  const money = (amount: number) => context.money(amount, stay.currency);
  const parts: [string, string][] = [
    [t('hotelOrder.paidSoFar'), money(settlement.paid)],
    [t('hotelOrder.fee'), money(settlement.fee)],
    [t('hotelOrder.voucherValue'), money(voucher?.value ?? 0)],
  ];
  const facts = { hotel: stay.hotelName, number: stay.number };
  return {
    subject: t('hotelOrder.cancelledSubject'),
    body: (
      <>
        <Greeting context={context} name={stay.firstName} />
        <p>{settlement.booked ? t('hotelOrder.cancelledText', facts) : t('hotelOrder.cancelledUnpaidText', facts)}</p>
        {voucher ? (
          <>
            <p>{t('hotelOrder.compensation')}</p>
            <FactsTable rows={[...parts, [t('voucher.code'), voucher.code], [t('voucher.validUntil'), context.date(voucher.validTo)]]} />
            <p>{t('voucher.howTo')}</p>
          </>
        ) : settlement.paid > 0 ? (
          <>
            <p>{t('hotelOrder.noCompensation')}</p>
            <FactsTable rows={parts} />
          </>
        ) : (
          <p>{t('hotelOrder.nothingPaid')}</p>
        )}
        {settlement.insured && settlement.fee > 0 ? <p>{t('hotelOrder.insuranceClaim')}</p> : null}
        <Closing context={context} orderUrl={stay.orderUrl} />
      </>
    ),
  };
}
