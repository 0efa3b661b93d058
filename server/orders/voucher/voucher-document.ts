import 'server-only';
import { formatMoney } from '@/lib/money';
import { formatPragueDate } from '@/lib/prague-time';
import { createTranslator } from 'use-intl/core';
import { loadMessages } from '@/lib/i18n/messages';
import { localizedPath } from '@/lib/i18n/pathnames';
import { siteConfigOf } from '@/lib/site-config';
import { languageOf } from '@/lib/variants';
import type { DocumentSpec } from '../../notifications/pdf/rendered';
import { VOUCHER_LAYOUT, voucherPdf } from '../../notifications/pdf/voucher-pdf';
import type { Services } from '../../services';
import type { VoucherRecord } from '../../vouchers/issue';
import type { OrderRecord } from '../status';
import { orderLinks } from './emails';

/**
 * The voucher PDF in the buyer's (or recipient's) language and the site's branding (e-mail
 * attachment, order page), and the voucher's status page it points to. Rendered once per version
 * through rendered.ts; its owner is the voucher, whichever order it came from.
 */
export async function voucherDocument(
  services: Pick<Services, 'config'>,
  voucher: VoucherRecord,
  order: Pick<OrderRecord, 'id' | 'site' | 'language'>,
): Promise<{ document: DocumentSpec; statusUrl: string }> {
  const { locale, baseUrl } = orderLinks(services, order);
  const statusUrl = `${baseUrl}${localizedPath(locale, '/voucher-status/[id]', { id: voucher.id })}`;
  const language = languageOf(locale);
  const t = createTranslator({ locale: language, messages: await loadMessages(locale), namespace: 'email.voucher' });
  const input: Parameters<typeof voucherPdf>[0] = {
    site: siteConfigOf(locale),
    lang: language,
    text: { title: t('title'), code: t('code'), value: t('value'), validUntil: t('validUntil'), howTo: t('howTo'), checkAt: t('checkAt') },
    code: voucher.code,
    value: formatMoney(voucher.total, voucher.currency, language),
    validTo: formatPragueDate(voucher.validTo, language),
    statusUrl,
    issuedAt: voucher.createdAt,
  };
  return {
    document: { ownerId: voucher.id, kind: 'voucher', fileName: `voucher-${voucher.code}.pdf`, layout: VOUCHER_LAYOUT, printed: input, render: () => voucherPdf(input) },
    statusUrl,
  };
}
