import type { ReactNode } from 'react';
import type { TransferInstructions } from '../../payments/transfer/bank-details';
import { Button, brandColor } from './layout';
import type { EmailContext } from './render';

/** Pieces every order e-mail shares: the greeting, the closing with the order link, the transfer details, a facts table. */
export function Greeting({ context, name }: { context: EmailContext; name: string }) {
  return <p>{context.t('greeting', { name })}</p>;
}

export function Closing({ context, orderUrl }: { context: EmailContext; orderUrl: string }) {
  return (
    <>
      <p>{context.t('orderLinkText')}</p>
      <Button href={orderUrl} color={brandColor(context.site)}>
        {context.t('orderLink')}
      </Button>
      <p style={{ whiteSpace: 'pre-line' }}>{context.t('signature', { product: context.site.productName })}</p>
    </>
  );
}

/**
 * How to pay by transfer, with the order page's labels and values in the same order (recipient,
 * account, IBAN, the reference the bank must carry, amount, deadline): the page and the e-mail
 * say the same things in the same words.
 */
export function TransferBlock({ context, transfer, qrFile }: { context: EmailContext; transfer: TransferInstructions; qrFile: string }) {
  const t = context.t;
  const amount = context.money(transfer.amount, transfer.currency);
  const byTitle = transfer.reference === 'title';
  const rows: [string, ReactNode][] = [
    [t('transfer.recipient'), transfer.recipient],
    [t('transfer.account'), transfer.account],
    [t('transfer.iban'), transfer.iban],
    byTitle ? [t('transfer.title'), transfer.title] : [t('transfer.variableSymbol'), transfer.variableSymbol],
    [t('transfer.amount'), amount],
    [t('transfer.due'), t('transfer.dueValue', { date: context.deadline(transfer.dueAt) })],
  ];
  return (
    <>
      <h2 style={{ fontSize: 17 }}>{t('transfer.heading')}</h2>
      <p>{t('transfer.intro', { amount })}</p>
      <FactsTable rows={rows} />
      <p>{t('transfer.qr', { file: qrFile })}</p>
      {transfer.qrWithoutAmount ? <p>{t('transfer.qrWithoutAmount', { amount })}</p> : null}
      <p>{byTitle ? t('transfer.pairByTitle') : t('transfer.pairBySymbol')}</p>
    </>
  );
}

export function FactsTable({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <table cellPadding={4} role="presentation">
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th align="left" style={{ fontWeight: 'normal', color: '#4a5566', verticalAlign: 'top' }}>
              {label}
            </th>
            <td style={{ fontWeight: 'bold' }}>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
