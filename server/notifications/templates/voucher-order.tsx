import type { TransferInstructions } from '../../payments/transfer/bank-details';
import { Button, brandColor } from './layout';
import { Closing, Greeting, TransferBlock } from './parts';
import type { EmailContext } from './render';

export interface VoucherOrderFacts {
  number: string;
  firstName: string;
  voucherValue: number;
  total: number;
  currency: string;
  /** Absolute URL of the order's status page. */
  orderUrl: string;
}

export function voucherOrderReceived(context: EmailContext, order: VoucherOrderFacts, transfer?: { instructions: TransferInstructions; qrFile: string }) {
  const t = context.t;
  return {
    subject: t('voucherOrder.receivedSubject'),
    body: (
      <>
        <Greeting context={context} name={order.firstName} />
        <p>{t('voucherOrder.receivedText', { value: context.money(order.voucherValue, order.currency), number: order.number })}</p>
        <p>{t('voucherOrder.toPay', { amount: context.money(order.total, order.currency) })}</p>
        {transfer ? (
          <TransferBlock context={context} transfer={transfer.instructions} qrFile={transfer.qrFile} />
        ) : (
          <p>{t('voucherOrder.payOnline')}</p>
        )}
        <Closing context={context} orderUrl={order.orderUrl} />
      </>
    ),
  };
}

export function voucherOrderPaid(context: EmailContext, order: VoucherOrderFacts) {
  return {
    subject: context.t('voucherOrder.paidSubject'),
    body: (
      <>
        <Greeting context={context} name={order.firstName} />
        <p>{context.t('voucherOrder.paidText', { number: order.number })}</p>
        <Closing context={context} orderUrl={order.orderUrl} />
      </>
    ),
  };
}

export function orderCancelledUnpaid(context: EmailContext, order: Pick<VoucherOrderFacts, 'number' | 'firstName' | 'orderUrl'>) {
  return {
    subject: context.t('voucherOrder.cancelledSubject'),
    body: (
      <>
        <Greeting context={context} name={order.firstName} />
        <p>{context.t('voucherOrder.cancelledText', { number: order.number })}</p>
        <Closing context={context} orderUrl={order.orderUrl} />
      </>
    ),
  };
}

export interface VoucherFacts {
  code: string;
  value: number;
  currency: string;
  validTo: Date;
  gift: boolean;
  firstName: string;
  statusUrl: string;
  orderUrl: string;
}

/** A voucher's code, value and last day, as every voucher e-mail shows them. */
export function VoucherTable({ context, voucher }: { context: EmailContext; voucher: Pick<VoucherFacts, 'code' | 'value' | 'currency' | 'validTo'> }) {
  const t = context.t;
  return (
    <table cellPadding={4} role="presentation">
      <tbody>
        <tr>
          <th align="left" style={{ fontWeight: 'normal', color: '#4a5566' }}>{t('voucher.code')}</th>
          <td style={{ fontWeight: 'bold', fontSize: 20, letterSpacing: 2 }}>{voucher.code}</td>
        </tr>
        <tr>
          <th align="left" style={{ fontWeight: 'normal', color: '#4a5566' }}>{t('voucher.value')}</th>
          <td style={{ fontWeight: 'bold' }}>{context.money(voucher.value, voucher.currency)}</td>
        </tr>
        <tr>
          <th align="left" style={{ fontWeight: 'normal', color: '#4a5566' }}>{t('voucher.validUntil')}</th>
          <td style={{ fontWeight: 'bold' }}>{context.date(voucher.validTo)}</td>
        </tr>
      </tbody>
    </table>
  );
}

export function voucherIssued(context: EmailContext, voucher: VoucherFacts) {
  const t = context.t;
  return {
    subject: t('voucher.subject'),
    body: (
      <>
        <Greeting context={context} name={voucher.firstName} />
        <p>{t('voucher.intro')}</p>
        <VoucherTable context={context} voucher={voucher} />
        <p>{t('voucher.howTo')}</p>
        {voucher.gift ? <p>{t('voucher.gift')}</p> : null}
        <Button href={voucher.statusUrl} color={brandColor(context.site)}>
          {t('voucher.statusLink')}
        </Button>
        <Closing context={context} orderUrl={voucher.orderUrl} />
      </>
    ),
  };
}
