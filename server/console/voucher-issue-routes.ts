import 'server-only';
import { formatDeadline } from '@/lib/deadline';
import { type Html, html } from '@/lib/html-template';
import { SITE_CONFIG } from '@/lib/site-config';
import { VARIANTS, type VariantKey } from '@/lib/variants';
import { checkGivenVoucher, type GivenVoucher, IssueRefused, issueGivenVoucher, VALIDITY_MONTHS, VOUCHER_TARGETS } from '../operators/issue-voucher';
import type { Operator } from '../operators/roles';
import type { Services } from '../services';
import { validUntil } from '../vouchers/state';
import { parseAmount } from './amount';
import { confirmForm } from './confirm-form';
import { money } from './format';
import { redirect } from './request';
import { consolePage, noticePage, type PageContext } from './shell';

type Field = 'target' | 'value' | 'months' | 'email';
interface Typed {
  target: string;
  value: string;
  months: string;
  email: string;
}
const EMPTY: Typed = { target: '', value: '', months: String(VALIDITY_MONTHS.usual), email: '' };

const siteName = (site: VariantKey) => `${SITE_CONFIG[site].productName} (${VARIANTS[site].currency})`;

function problemOf(context: PageContext, services: Services, reason: IssueRefused['reason']): { field: Field; text: string } {
  const { t } = context;
  const { minValue, maxValue } = services.config.vouchers;
  switch (reason) {
    case 'bad_value':
      return { field: 'value', text: t('issue.badValue', { min: minValue, max: maxValue }) };
    case 'bad_validity':
      return { field: 'months', text: t('issue.badValidity', { min: VALIDITY_MONTHS.min, max: VALIDITY_MONTHS.max }) };
    case 'bad_email':
      return { field: 'email', text: t('issue.badEmail') };
    default:
      return { field: 'target', text: t('issue.badTarget') };
  }
}

function field(context: PageContext, name: Field, hint: string, control: (attributes: Html) => Html, problem?: { field: Field; text: string }): Html {
  const wrong = problem?.field === name;
  const attributes = html` id="${name}" name="${name}" aria-describedby="${name}-hint${wrong ? ` ${name}-problem` : ''}"${wrong ? html` aria-invalid="true" autofocus` : ''}`;
  return html`<label for="${name}">${context.t(`issue.fields.${name}`)}</label>
<p class="hint" id="${name}-hint">${hint}</p>
${wrong ? html`<p class="notice" id="${name}-problem" role="alert">${problem.text}</p>` : ''}${control(attributes)}`;
}

/** The first step: which site and language, how much, for how long, for whom. */
function issueFormPage(services: Services, context: PageContext, typed: Typed, problem?: { field: Field; text: string }): Response {
  const { t } = context;
  const { minValue, maxValue } = services.config.vouchers;
  const options = VOUCHER_TARGETS.map(({ site, language }) => {
    const value = `${site}:${language}`;
    return html`<option value="${value}"${typed.target === value ? ' selected' : ''}>${siteName(site)}, ${t(`issue.languages.${language}`)}</option>`;
  });
  return consolePage(
    context,
    t('issue.title'),
    html`<section><p>${t('issue.intro')}</p>
<form method="post" action="/console/vouchers/review" novalidate>
${field(context, 'target', t('issue.hints.target'), (a) => html`<select${a}>${options}</select>`, problem)}
${field(context, 'value', t('issue.hints.value', { min: minValue, max: maxValue }), (a) => html`<input${a} inputmode="decimal" autocomplete="off" value="${typed.value}" required>`, problem)}
${field(context, 'months', t('issue.hints.months', { min: VALIDITY_MONTHS.min, max: VALIDITY_MONTHS.max, usual: VALIDITY_MONTHS.usual }), (a) => html`<input${a} inputmode="numeric" autocomplete="off" value="${typed.months}" required>`, problem)}
${field(context, 'email', t('issue.hints.email'), (a) => html`<input${a} type="email" autocomplete="off" spellcheck="false" value="${typed.email}" required>`, problem)}
<p><button type="submit">${t('issue.review')}</button> <a href="/console">${t('attention.back')}</a></p>
</form></section>`,
    problem ? 400 : 200,
  );
}

/** The second click: the voucher as it will be, where it goes, and why. */
function reviewPage(services: Services, context: PageContext, given: GivenVoucher, reason = '', problem?: string): Response {
  const { t, operator } = context;
  const language = t(`issue.languages.${given.language}`);
  const until = formatDeadline(validUntil(services.clock.now(), given.months), context.language);
  return consolePage(
    context,
    t('issue.reviewTitle'),
    html`<section><dl>
<dt>${t('issue.site')}</dt><dd>${siteName(given.site)}</dd>
<dt>${t('issue.value')}</dt><dd class="amount">${money(context, given.value, VARIANTS[given.site].currency)}</dd>
<dt>${t('issue.validTo')}</dt><dd>${until}</dd>
<dt>${t('issue.recipient')}</dt><dd>${given.email}</dd>
<dt>${t('issue.language')}</dt><dd>${language}</dd></dl>
<p>${t('issue.effect', { email: given.email, language })}</p>
<p>${t('issue.auditIntro', { email: operator?.email ?? '' })}</p>
${confirmForm({
  action: '/console/vouchers/issue',
  hidden: { target: `${given.site}:${given.language}`, value: String(given.value), months: String(given.months), email: given.email },
  reason: { label: t('issue.reasonLabel'), hint: t('issue.reasonHint'), value: reason },
  problem,
  confirm: t('issue.confirm'),
  back: { href: '/console/vouchers/issue', text: t('issue.change') },
})}</section>`,
    problem ? 400 : 200,
  );
}

const forbidden = (context: PageContext) => noticePage(context, context.t('issue.title'), context.t('issue.forbidden'), 403);

export function issueForm(services: Services, context: PageContext): Response {
  return context.operator?.role === 'finance' ? issueFormPage(services, context, EMPTY) : forbidden(context);
}

const typedOf = (form: FormData): Typed => ({
  target: String(form.get('target') ?? ''),
  value: String(form.get('value') ?? ''),
  months: String(form.get('months') ?? ''),
  email: String(form.get('email') ?? ''),
});

/** The first step sent: checked, then shown for confirmation, or shown again with what is wrong. */
export function review(services: Services, context: PageContext, form: FormData): Response {
  if (context.operator?.role !== 'finance') return forbidden(context);
  const typed = typedOf(form);
  try {
    const value = parseAmount(typed.value) ?? Number.NaN;
    const months = /^\d{1,3}$/.test(typed.months.trim()) ? Number(typed.months.trim()) : Number.NaN;
    return reviewPage(services, context, checkGivenVoucher(services, { target: typed.target, value, months, email: typed.email }));
  } catch (error) {
    if (!(error instanceof IssueRefused)) throw error;
    return issueFormPage(services, context, typed, problemOf(context, services, error.reason));
  }
}

export async function issue(services: Services, context: PageContext, operator: Operator, form: FormData): Promise<Response> {
  const typed = typedOf(form);
  const reason = String(form.get('reason') ?? '');
  const input = { target: typed.target, value: Number(typed.value), months: Number(typed.months), email: typed.email, reason, nonce: String(form.get('nonce') ?? '') };
  try {
    const voucher = await issueGivenVoucher(services, operator, input);
    return redirect(`/console/vouchers?code=${voucher.code}&issued`);
  } catch (error) {
    if (!(error instanceof IssueRefused)) throw error;
    if (error.reason === 'forbidden') return forbidden(context);
    if (error.reason === 'no_reason') return reviewPage(services, context, checkGivenVoucher(services, input), reason, context.t('issue.noReason'));
    return issueFormPage(services, context, EMPTY, problemOf(context, services, error.reason));
  }
}
