import 'server-only';
import { formatDeadline } from '@/lib/deadline';
import { formatPragueDate, pragueMidnight } from '@/lib/prague-time';
import { type Html, html } from '@/lib/html-template';
import { CancelRefused, type CancellationPreview, cancelForCustomer, cancellationPreview } from '../operators/cancel-booking';
import type { Operator } from '../operators/roles';
import type { Services } from '../services';
import { confirmForm } from './confirm-form';
import { money } from './format';
import { redirect } from './request';
import { consolePage, noticePage, type PageContext } from './shell';

const refused = (context: PageContext, text: string, status: number) => noticePage(context, context.t('cancel.title'), text, status);

/** The waiver, offered when cancelling now costs a fee. */
function waiverField(context: PageContext, preview: CancellationPreview, waived: boolean): Html {
  const { t } = context;
  if (preview.fee === 0) return html``;
  return html`<fieldset><legend>${t('cancel.feeLegend')}</legend>
<p><input type="checkbox" id="waive" name="waive" value="yes"${waived ? ' checked' : ''} aria-describedby="waive-hint"> <label class="inline" for="waive">${t('cancel.waiveLabel', { fee: money(context, preview.fee, preview.currency) })}</label></p>
<p class="hint" id="waive-hint">${t('cancel.waiveHint', { voucher: money(context, preview.voucherWaived, preview.currency) })}</p></fieldset>`;
}

function cancelPage(context: PageContext, preview: CancellationPreview, typed: { waived: boolean; reason: string; problem?: string }): Response {
  const { t, operator } = context;
  const sum = (minor: number) => money(context, minor, preview.currency);
  const back = `/console/orders?number=${preview.number}`;
  const free = preview.freeCancellationUntil ? formatDeadline(preview.freeCancellationUntil, context.language) : t('cancel.nonRefundable');
  return consolePage(
    context,
    t('cancel.title'),
    html`<section><dl>
<dt>${t('refund.order')}</dt><dd><a href="${back}">${preview.number}</a></dd>
<dt>${t('cancel.hotel')}</dt><dd>${preview.hotelName}, ${t('cancel.checkIn', { date: formatPragueDate(pragueMidnight(preview.checkIn), context.language) })}</dd>
${preview.kind === 'booked' ? html`<dt>${t('cancel.freeUntil')}</dt><dd>${free}</dd>` : ''}
<dt>${t('cancel.paid')}</dt><dd class="amount">${sum(preview.paid)}</dd>
<dt>${t('cancel.fee')}</dt><dd class="amount">${sum(preview.fee)}</dd>
<dt>${t('cancel.voucher')}</dt><dd class="amount">${sum(preview.voucher)}</dd></dl>
<p>${preview.kind === 'booked' ? t('cancel.effectBooked') : t('cancel.effectUnpaid')}</p>
<p>${t('cancel.intro', { email: operator?.email ?? '' })}</p>
${confirmForm({
  action: '/console/orders/cancel',
  hidden: { number: preview.number, order: preview.orderId },
  fields: waiverField(context, preview, typed.waived),
  reason: { label: t('cancel.reasonLabel'), hint: t('cancel.reasonHint'), value: typed.reason },
  problem: typed.problem,
  confirm: t('cancel.confirm'),
  back: { href: back, text: t('attention.back') },
})}</section>`,
    typed.problem ? 400 : 200,
  );
}

/** The second click before a stay is cancelled for its customer: what it costs, the waiver, and why. */
export async function cancelForm(services: Services, context: PageContext, number: string): Promise<Response> {
  if (context.operator?.role !== 'finance') return refused(context, context.t('cancel.forbidden'), 403);
  const preview = await cancellationPreview(services, number);
  return preview ? cancelPage(context, preview, { waived: false, reason: '' }) : refused(context, context.t('cancel.notCancellable'), 409);
}

export async function cancel(services: Services, context: PageContext, operator: Operator, form: FormData): Promise<Response> {
  const { t } = context;
  const number = String(form.get('number') ?? '');
  const typed = { waived: form.get('waive') === 'yes', reason: String(form.get('reason') ?? '') };
  try {
    const outcome = await cancelForCustomer(services, operator, { orderId: String(form.get('order') ?? ''), feeWaived: typed.waived, reason: typed.reason, nonce: String(form.get('nonce') ?? '') });
    return redirect(`/console/orders?number=${encodeURIComponent(number)}&${outcome === 'done' ? 'cancelled' : 'cancelling'}`);
  } catch (error) {
    if (!(error instanceof CancelRefused)) throw error;
    if (error.reason === 'forbidden') return refused(context, t('cancel.forbidden'), 403);
    if (error.reason === 'in_progress') return refused(context, t('cancel.inProgressElsewhere'), 409);
    if (error.reason === 'refused_at_booking') return refused(context, t('cancel.refusedAtBooking'), 409);
    const preview = error.reason === 'no_reason' ? await cancellationPreview(services, number) : undefined;
    return preview ? cancelPage(context, preview, { ...typed, problem: t('cancel.noReason') }) : refused(context, t('cancel.notCancellable'), 409);
  }
}
