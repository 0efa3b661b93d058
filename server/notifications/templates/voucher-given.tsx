import { Button, brandColor } from './layout';
import type { EmailContext } from './render';
import { VoucherTable } from './voucher-order';

export interface GivenVoucherFacts {
  code: string;
  value: number;
  currency: string;
  validTo: Date;
  /** Absolute URL of the voucher's own page (balance and validity). */
  statusUrl: string;
}

/** A voucher the company gives someone (issued by finance in the console): no order behind it, no name known. */
export function voucherGiven(context: EmailContext, voucher: GivenVoucherFacts) {
  const t = context.t;
  return {
    subject: t('givenVoucher.subject'),
    body: (
      <>
        <p>{t('givenVoucher.greeting')}</p>
        <p>{t('givenVoucher.intro', { value: context.money(voucher.value, voucher.currency) })}</p>
        <VoucherTable context={context} voucher={voucher} />
        <p>{t('voucher.howTo')}</p>
        <Button href={voucher.statusUrl} color={brandColor(context.site)}>
          {t('voucher.statusLink')}
        </Button>
        <p style={{ whiteSpace: 'pre-line' }}>{t('signature', { product: context.site.productName })}</p>
      </>
    ),
  };
}
