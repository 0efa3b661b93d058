import { Button, brandColor } from './layout';
import type { EmailContext } from './render';

/**
 * To a voucher's owner: its code was entered after several wrong codes, so it is held until they
 * confirm. The mail names no code (a subject or a preview line could be read by others) and asks
 * nothing but a click on the voucher's own page.
 */
export function voucherHeldMail(context: EmailContext, facts: { heldAt: Date; voucherUrl: string }) {
  const t = context.t;
  return {
    subject: t('voucherHeld.subject', { product: context.site.productName }),
    body: (
      <>
        <p>{t('voucherHeld.greeting')}</p>
        <p>{t('voucherHeld.what', { at: context.date(facts.heldAt) })}</p>
        <p>{t('voucherHeld.ifYou')}</p>
        <Button href={facts.voucherUrl} color={brandColor(context.site)}>
          {t('voucherHeld.confirm')}
        </Button>
        <p>{t('voucherHeld.ifNotYou')}</p>
        <p style={{ whiteSpace: 'pre-line' }}>{t('signature', { product: context.site.productName })}</p>
      </>
    ),
  };
}
