import 'server-only';
import { html } from '@/lib/html-template';
import { consoleTexts, type ConsoleLanguage } from '../console/texts';
import type { Tx } from '../db/transaction';
import { enqueueMail } from '../notifications/outbox';
import type { Services } from '../services';
import type { Operator } from './roles';

/**
 * The enrolment link, e-mailed to the operator in Czech and then in English: we do not know
 * which they read, and the link must not wait for a reply.
 */
export async function enqueueEnrolmentMail(
  services: Services,
  tx: Tx,
  mail: { operator: Operator; link: string; expiresAt: Date; eventKey: string },
): Promise<void> {
  const parts = (['cs', 'en'] as const).map((language) => part(language, mail));
  await enqueueMail(services, tx, {
    eventKey: mail.eventKey,
    site: 'cz',
    to: mail.operator.email,
    subject: parts.map((p) => p.subject).join(' / '),
    html: `<!doctype html><html lang="cs"><body>${parts.map((p) => p.html).join('<hr>')}</body></html>`,
    text: parts.map((p) => p.text).join('\n\n----\n\n'),
  });
}

function part(language: ConsoleLanguage, mail: { operator: Operator; link: string; expiresAt: Date }) {
  const t = consoleTexts(language);
  const until = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Prague' }).format(mail.expiresAt);
  const intro = t('mail.enrolIntro', { email: mail.operator.email, role: t(`roles.${mail.operator.role}`) });
  const action = t('mail.enrolAction', { until });
  const ignore = t('mail.enrolIgnore');
  return {
    subject: t('mail.enrolSubject'),
    html: html`<div lang="${language}"><p>${intro}</p><p>${action}<br><a href="${mail.link}">${mail.link}</a></p><p>${ignore}</p></div>`.value,
    text: `${intro}\n\n${action}\n${mail.link}\n\n${ignore}`,
  };
}
