import 'server-only';
import type { ContactForm } from '@/lib/forms/contact-form';
import { SITE_CONFIG } from '@/lib/site-config';
import { languageOf, VARIANTS } from '@/lib/variants';
import { contactMessages } from '../db/schema/contact';
import { inTransaction } from '../db/transaction';
import { enqueueMail } from '../notifications/outbox';
import { contactMessageMail } from '../notifications/templates/contact';
import { renderEmail } from '../notifications/templates/render';
import type { Site } from '../site';
import type { Services } from '../services';

/** A message whose honeypot is filled comes from a bot: it is accepted and dropped, so the bot learns nothing. */
export function isFromBot(form: ContactForm): boolean {
  return Boolean(form.website);
}

/**
 * Stores a contact-form message and queues it for support in the same transaction, so it is
 * never lost even when mail delivery fails (the outbox retries).
 */
export async function recordContactMessage(
  services: Pick<Services, 'clock' | 'config' | 'db' | 'jobs'>,
  site: Site,
  client: string,
  form: ContactForm,
): Promise<void> {
  const { db } = await services.db();
  const id = crypto.randomUUID();
  const config = SITE_CONFIG[site.variant];
  // Support reads it in the site's own language.
  const supportLocale = VARIANTS[site.variant].locales[0];
  const mail = await renderEmail(supportLocale, services.config.publicUrl[site.variant], (context) =>
    contactMessageMail(context, { ...form, language: languageOf(site.locale) }),
  );
  await inTransaction(db, async (tx) => {
    await tx.insert(contactMessages).values({
      id,
      site: site.variant,
      language: languageOf(site.locale),
      fullName: form.fullName,
      email: form.email,
      subject: form.subject,
      message: form.message,
      client,
      createdAt: services.clock.now(),
    });
    await enqueueMail(services, tx, {
      eventKey: `contact:${id}`,
      site: site.variant,
      to: services.config.mail.operatorTo ?? config.email,
      replyTo: form.email,
      ...mail,
    });
  });
}
