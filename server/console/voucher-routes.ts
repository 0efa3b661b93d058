import 'server-only';
import { formatDeadline } from '@/lib/deadline';
import type { Operator } from '../operators/roles';
import { ExtendRefused, extendVoucher, voucherByCode } from '../operators/voucher-admin';
import type { Services } from '../services';
import { redirect } from './request';
import { noticePage, type PageContext } from './shell';
import { extendPage, voucherPage } from './voucher-pages';

const refused = (context: PageContext, text: string, status: number) => noticePage(context, context.t('voucher.extend'), text, status);

/** A voucher's page; `done` names the action that led here (its validity extended, the voucher just issued, its hold released). */
export async function showVoucher(services: Services, context: PageContext, code: string, done?: 'extended' | 'issued' | 'released'): Promise<Response> {
  const voucher = await voucherByCode(services, code);
  if (!voucher) return refused(context, context.t('voucher.notFound'), 404);
  const notice =
    done === 'extended'
      ? context.t('voucher.extended', { until: formatDeadline(voucher.validTo, context.language) })
      : done === 'issued'
        ? context.t('issue.done', { email: voucher.recipient ?? '' })
        : done === 'released'
          ? context.t('release.done')
          : undefined;
  return voucherPage(context, voucher, services.clock.now(), services.config.vouchers.expiresSoonDays, notice);
}

export async function extendForm(services: Services, context: PageContext, code: string): Promise<Response> {
  if (context.operator?.role !== 'finance') return refused(context, context.t('voucher.forbidden'), 403);
  const voucher = await voucherByCode(services, code);
  return voucher ? extendPage(context, voucher, services.clock.now()) : refused(context, context.t('voucher.notFound'), 404);
}

export async function extend(services: Services, context: PageContext, operator: Operator, form: FormData): Promise<Response> {
  const { t } = context;
  const code = String(form.get('code') ?? '');
  const values = { until: String(form.get('until') ?? ''), reason: String(form.get('reason') ?? '') };
  try {
    await extendVoucher(services, operator, { voucherId: String(form.get('voucher') ?? ''), until: values.until, reason: values.reason, nonce: String(form.get('nonce') ?? '') });
    return redirect(`/console/vouchers?code=${encodeURIComponent(code)}&extended`);
  } catch (error) {
    if (!(error instanceof ExtendRefused)) throw error;
    if (error.reason === 'forbidden') return refused(context, t('voucher.forbidden'), 403);
    const voucher = await voucherByCode(services, code);
    if (!voucher || error.reason === 'not_found') return refused(context, t('voucher.notFound'), 404);
    return extendPage(context, voucher, services.clock.now(), error.reason === 'no_reason' ? t('voucher.noReason') : t('voucher.badDate'), values);
  }
}
