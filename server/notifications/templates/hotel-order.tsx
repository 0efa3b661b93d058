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

export function hotelOrderReceived(context: EmailContext, stay: StayFacts, transfer?: { instructions: TransferInstructions; dueDate: Date; qrFile: string }) {
  const t = context.t;
  return {
    subject: t('hotelOrder.receivedSubject', { number: stay.number }),
    body: (
      <>
        <Greeting context={context} name={stay.firstName} />
        <p>{t('hotelOrder.receivedText', { number: stay.number })}</p>
        <FactsTable rows={[...stayRows(context, stay), [t('hotelOrder.toPay'), context.money(stay.total, stay.currency)]]} />
        <p>{t('hotelOrder.bookAfterPayment')}</p>
        {transfer ? (
          <TransferBlock context={context} transfer={transfer.instructions} dueDate={transfer.dueDate} qrFile={transfer.qrFile} />
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
    stay.freeCancellationUntil ? t('hotelOrder.freeUntil', { date: context.date(stay.freeCancellationUntil) }) : t('hotelOrder.nonRefundable'),
  ]);
  return {
    subject: t('hotelOrder.bookedSubject', { number: stay.number, hotel: stay.hotelName }),
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
    subject: t('hotelOrder.failedSubject', { number: stay.number }),
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

export function hotelCancelled(context: EmailContext, stay: StayFacts, voucher: { code: string; value: number; validTo: Date; fee: number } | undefined) {
  const t = context.t;
  return {
    subject: t('hotelOrder.cancelledSubject', { number: stay.number }),
    body: (
      <>
        <Greeting context={context} name={stay.firstName} />
        <p>{t('hotelOrder.cancelledText', { hotel: stay.hotelName, number: stay.number })}</p>
        {voucher ? (
          <>
            <p>{t('hotelOrder.compensation')}</p>
            <FactsTable
              rows={[
                [t('voucher.code'), voucher.code],
                [t('voucher.value'), context.money(voucher.value, stay.currency)],
                [t('voucher.validUntil'), context.date(voucher.validTo)],
                ...(voucher.fee > 0 ? [[t('hotelOrder.fee'), context.money(voucher.fee, stay.currency)] as [string, string]] : []),
              ]}
            />
            <p>{t('voucher.howTo')}</p>
          </>
        ) : (
          <p>{t('hotelOrder.noCompensation')}</p>
        )}
        <Closing context={context} orderUrl={stay.orderUrl} />
      </>
    ),
  };
}
