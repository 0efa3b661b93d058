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

export function TransferBlock({ context, transfer, dueDate, qrFile }: { context: EmailContext; transfer: TransferInstructions; dueDate: Date; qrFile: string }) {
  const t = context.t;
  const rows: [string, ReactNode][] = [
    [t('transfer.account'), transfer.account],
    [t('transfer.iban'), transfer.iban],
    [t('transfer.variableSymbol'), transfer.variableSymbol],
    [t('transfer.amount'), context.money(transfer.amount, transfer.currency)],
  ];
  return (
    <>
      <h2 style={{ fontSize: 17 }}>{t('transfer.heading')}</h2>
      <p>{t('transfer.intro', { amount: context.money(transfer.amount, transfer.currency), date: context.date(dueDate) })}</p>
      <table cellPadding={4} role="presentation">
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th align="left" style={{ fontWeight: 'normal', color: '#4a5566' }}>
                {label}
              </th>
              <td style={{ fontWeight: 'bold' }}>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>{t('transfer.qr', { file: qrFile })}</p>
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
