import type { EmailContext } from './render';

/** To the operator: voucher lookups went over the site-wide budget, so they now need a proof of work. */
export function operatorAlertMail(context: EmailContext, alert: { misses: number; since: Date }) {
  const t = context.t;
  return {
    subject: t('operatorAlert.voucherGuessing.subject', { product: context.site.productName }),
    body: (
      <>
        <p>{t('operatorAlert.voucherGuessing.what', { misses: alert.misses, since: context.date(alert.since) })}</p>
        <p>{t('operatorAlert.voucherGuessing.effect')}</p>
        <p>{t('operatorAlert.voucherGuessing.action')}</p>
      </>
    ),
  };
}
