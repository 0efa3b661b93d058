import 'server-only';
import { and, eq } from 'drizzle-orm';
import { mailOutbox } from '../db/schema/mail';
import type { Services } from '../services';
import { attachmentsOf } from './outbox';

/** After this many failed attempts a message is marked failed (and its job dead-lettered). */
export const MAIL_ATTEMPTS = 6;

/** Sends one message; throws to make the job retry. */
export interface MailTransport {
  send(message: {
    from: string;
    to: string;
    replyTo?: string;
    subject: string;
    html: string;
    text: string;
    messageId: string;
    attachments: { filename: string; contentType: string; content: Buffer }[];
  }): Promise<void>;
}

/**
 * Delivers one queued message (job `mail.send`). Without a transport (no SMTP_URL outside sandbox
 * mode) the outbox row is all there is: the message is marked sent without leaving. A
 * message already sent is never sent again; the Message-ID is derived from the event, so a
 * delivery repeated after a crash between sending and recording is recognisable downstream.
 */
export async function deliverMail(services: Pick<Services, 'clock' | 'config' | 'db' | 'mailTransport' | 'report'>, mailId: string): Promise<void> {
  const { db } = await services.db();
  const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId));
  if (!mail || mail.status !== 'queued') return;
  const transport = services.mailTransport;
  if (transport) {
    try {
      const attachments = await attachmentsOf(services, mail.id);
      await transport.send({
        from: services.config.mail.from,
        to: mail.toAddress,
        replyTo: mail.replyTo ?? undefined,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        messageId: `<${encodeURIComponent(mail.eventKey)}@${new URL(services.config.publicUrl.cz).hostname}>`,
        attachments: attachments.map((a) => ({ filename: a.fileName, contentType: a.contentType, content: Buffer.from(a.content) })),
      });
    } catch (error) {
      const attempts = mail.attempts + 1;
      const failed = attempts >= MAIL_ATTEMPTS;
      await db
        .update(mailOutbox)
        .set({ attempts, lastError: String(error).slice(0, 500), status: failed ? 'failed' : 'queued' })
        .where(eq(mailOutbox.id, mail.id));
      // The customer was not told: the operator is, with what to resend.
      if (failed) services.report(error, { operation: 'mail.undeliverable', mailId: mail.id, eventKey: mail.eventKey });
      throw error;
    }
  }
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: services.clock.now(), attempts: mail.attempts + 1 })
    .where(and(eq(mailOutbox.id, mail.id), eq(mailOutbox.status, 'queued')));
}
