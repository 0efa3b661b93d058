import { html } from '@/lib/html-template';
import type { AuditLogEntry } from '../operators/audit-log';
import { when } from './format';
import { consolePage, type PageContext } from './shell';

/** The audit log as operators read it: who did what, to which order, and why. */
export function auditPage(context: PageContext, entries: AuditLogEntry[]): Response {
  const { t } = context;
  const rows = entries.map(
    (entry) =>
      html`<tr><td>${when(context, entry.at)}</td><td>${entry.email}</td><td>${entry.action}</td><td>${
        entry.orderNumber
          ? html`<a href="/console/orders?number=${entry.orderNumber}">${entry.orderNumber}</a>`
          : entry.voucherCode
            ? html`<a href="/console/vouchers?code=${entry.voucherCode}">${t('audit.voucher', { code: entry.voucherCode })}</a>`
            : (entry.subject ?? '')
      }</td><td>${entry.reason ?? ''}</td></tr>`,
  );
  return consolePage(
    context,
    t('audit.title'),
    html`<p>${t('audit.intro')}</p>
${
  rows.length === 0
    ? html`<p>${t('audit.empty')}</p>`
    : html`<table><thead><tr><th scope="col">${t('audit.when')}</th><th scope="col">${t('audit.operator')}</th><th scope="col">${t('audit.action')}</th><th scope="col">${t('audit.subject')}</th><th scope="col">${t('audit.reason')}</th></tr></thead><tbody>${rows}</tbody></table>`
}`,
  );
}
