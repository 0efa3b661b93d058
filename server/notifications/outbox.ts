import 'server-only';
import { eq } from 'drizzle-orm';
import { mailAttachments, mailOutbox } from '../db/schema/mail';
import type { Tx } from '../db/transaction';
import type { Services } from '../services';

export interface Attachment {
  fileName: string;
  contentType: string;
  content: Uint8Array;
}

export interface OutgoingMail {
  /** The business event this message reports, e.g. `voucher-issued:<voucher id>`; one message per event. */
  eventKey: string;
  site: string;
  to: string;
  /** Where replies go, when not to us. */
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
  attachments?: Attachment[];
}

/**
 * Puts a message into the outbox inside the caller's transaction and enqueues its delivery there
 * too, so the message exists exactly when the change it reports does. A second call for the same
 * event adds nothing: the event key is unique.
 */
export async function enqueueMail(services: Pick<Services, 'clock' | 'jobs'>, tx: Tx, mail: OutgoingMail): Promise<boolean> {
  const id = crypto.randomUUID();
  const inserted = await tx
    .insert(mailOutbox)
    .values({
      id,
      eventKey: mail.eventKey,
      site: mail.site,
      toAddress: mail.to,
      replyTo: mail.replyTo ?? null,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      status: 'queued',
      createdAt: services.clock.now(),
    })
    .onConflictDoNothing({ target: mailOutbox.eventKey })
    .returning({ id: mailOutbox.id });
  if (inserted.length === 0) return false;
  if (mail.attachments?.length) {
    await tx.insert(mailAttachments).values(mail.attachments.map((a) => ({ id: crypto.randomUUID(), mailId: id, ...a })));
  }
  await services.jobs.send('mail.send', { mailId: id }, { tx, singletonKey: id });
  return true;
}

export async function attachmentsOf(services: Pick<Services, 'db'>, mailId: string) {
  const { db } = await services.db();
  return db.select().from(mailAttachments).where(eq(mailAttachments.mailId, mailId));
}
