import 'server-only';
import { EMAIL } from '@/lib/forms/order-form';
import { isUuid } from '@/lib/route-params';
import { type Language, languageOf, VARIANT_KEYS, VARIANTS, type VariantKey } from '@/lib/variants';
import { voucherRecipients } from '../db/schema/vouchers';
import { inTransaction } from '../db/transaction';
import type { Services } from '../services';
import { issueVoucher, type VoucherRecord } from '../vouchers/issue';
import { audit, operatorReason } from './audit';
import type { Operator } from './roles';

export class IssueRefused extends Error {
  override readonly name = 'IssueRefused';
  constructor(readonly reason: 'forbidden' | 'no_reason' | 'bad_target' | 'bad_value' | 'bad_validity' | 'bad_email') {
    super(reason);
  }
}

/** How long a voucher finance issues may be valid: a month to three years. */
export const VALIDITY_MONTHS = { min: 1, max: 36, usual: 12 } as const;

/**
 * Where a voucher can be given and in which language its e-mail, PDF and the page it links to
 * are: a site and one of the languages that site speaks (the Czech sites Czech, the Polish site
 * Polish or English), so every link leads to a page in the e-mail's language.
 */
export const VOUCHER_TARGETS = VARIANT_KEYS.flatMap((site) => VARIANTS[site].locales.map((locale) => ({ site, language: languageOf(locale) })));

export function parseTarget(value: string): { site: VariantKey; language: Language } | undefined {
  return VOUCHER_TARGETS.find((target) => `${target.site}:${target.language}` === value);
}

export interface GivenVoucher {
  site: VariantKey;
  language: Language;
  /** Minor units of the site's currency. */
  value: number;
  months: number;
  email: string;
}

/** The voucher a form asks for, checked: the site and language, the value within the site's bounds, whole months, the address. */
export function checkGivenVoucher(services: Services, input: { target: string; value: number; months: number; email: string }): GivenVoucher {
  const target = parseTarget(input.target);
  if (!target) throw new IssueRefused('bad_target');
  const { minValue, maxValue } = services.config.vouchers;
  if (!Number.isSafeInteger(input.value) || input.value < minValue * 100 || input.value > maxValue * 100) throw new IssueRefused('bad_value');
  if (!Number.isSafeInteger(input.months) || input.months < VALIDITY_MONTHS.min || input.months > VALIDITY_MONTHS.max) throw new IssueRefused('bad_validity');
  const email = input.email.trim();
  if (email.length > 254 || !EMAIL.test(email)) throw new IssueRefused('bad_email');
  return { ...target, value: input.value, months: input.months, email };
}

/**
 * Finance issues a voucher (checkGivenVoucher) with a reason. In one transaction: the voucher
 * (its source id is the form's nonce, so the same form sent twice issues one voucher: the second
 * finds the first), its recipient, the job that e-mails it with its PDF in the chosen language,
 * and the audit entry. Returns the voucher (the first one, for a form sent again).
 */
export async function issueGivenVoucher(
  services: Services,
  operator: Operator,
  input: { target: string; value: number; months: number; email: string; reason: string; nonce: string },
): Promise<VoucherRecord> {
  if (operator.role !== 'finance') throw new IssueRefused('forbidden');
  const given = checkGivenVoucher(services, input);
  const why = operatorReason(input.reason);
  if (!why) throw new IssueRefused('no_reason');
  if (!isUuid(input.nonce)) throw new IssueRefused('bad_target');
  const { db } = await services.db();
  return inTransaction(db, async (tx) => {
    const voucher = await issueVoucher(services, tx, {
      source: 'operator',
      sourceOrderId: input.nonce,
      total: given.value,
      currency: VARIANTS[given.site].currency,
      site: given.site,
      validityMonths: given.months,
      purchasedAsGift: false,
    });
    const [recipient] = await tx
      .insert(voucherRecipients)
      .values({ voucherId: voucher.id, email: given.email, language: given.language, createdAt: services.clock.now() })
      .onConflictDoNothing()
      .returning();
    // A form sent again found its voucher: nothing more to do.
    if (!recipient) return voucher;
    await services.jobs.send('vouchers.mail-given', { voucherId: voucher.id }, { tx, singletonKey: voucher.id });
    await audit(services, tx, {
      operatorId: operator.id,
      action: 'voucher-issued',
      subject: `voucher:${voucher.id}`,
      reason: why,
      after: { nonce: input.nonce, code: voucher.code, value: voucher.total, currency: voucher.currency, site: voucher.site, validTo: voucher.validTo.toISOString(), email: given.email, language: given.language },
    });
    return voucher;
  });
}
