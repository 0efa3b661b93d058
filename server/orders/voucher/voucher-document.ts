import 'server-only';
import { formatMoney } from '@/lib/money';
import { formatPragueDate } from '@/lib/prague-time';
import { createTranslator } from 'use-intl/core';
import { loadMessages } from '@/lib/i18n/messages';
import { localizedPath } from '@/lib/i18n/pathnames';
import { siteConfigOf } from '@/lib/site-config';
import { languageOf } from '@/lib/variants';
import { voucherPdf } from '../../notifications/pdf/voucher-pdf';
import type { Services } from '../../services';
import type { VoucherRecord } from '../../vouchers/issue';
import type { OrderRecord } from '../status';
import { orderLinks } from './emails';

/** The voucher PDF in the buyer's (or recipient's) language and the site's branding (e-mail attachment, order page). */
export async function voucherDocument(
  services: Pick<Services, 'config'>,
  voucher: VoucherRecord,
  order: Pick<OrderRecord, 'id' | 'site' | 'language'>,
): Promise<{ pdf: Buffer; statusUrl: string }> {
  const { locale, baseUrl } = orderLinks(services, order);
  const statusUrl = `${baseUrl}${localizedPath(locale, '/voucher-status/[id]', { id: voucher.id })}`;
  const language = languageOf(locale);
  const t = createTranslator({ locale: language, messages: await loadMessages(locale), namespace: 'email.voucher' });
  const pdf = await voucherPdf({
    site: siteConfigOf(locale),
    lang: language,
    text: { title: t('title'), code: t('code'), value: t('value'), validUntil: t('validUntil'), howTo: t('howTo'), checkAt: t('checkAt') },
    code: voucher.code,
    value: formatMoney(voucher.total, voucher.currency, language),
    validTo: formatPragueDate(voucher.validTo, language),
    statusUrl,
    issuedAt: voucher.createdAt,
  });
  return { pdf, statusUrl };
}
