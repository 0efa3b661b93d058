import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { DbHandle } from '@/server/db/open-db';
import { sandboxDb } from '../db/database';
import { sandboxMailReceived } from './schema';

/** Bigger than any message of the site (a PDF or two); a bigger one is refused with 552. */
const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

export interface MailReceiver {
  /** Where to send: smtp://127.0.0.1:<port>. */
  url: string;
  close(): Promise<void>;
}

/**
 * The sandbox's mail server: a real SMTP server (nodemailer's smtp-server) on a free loopback
 * port, which the site sends to through nodemailer exactly as it would to the operator's relay.
 * Every message it accepts is stored whole, in the site's database (its own table), so the
 * viewer at /sandbox/mail shows what arrived, whichever process sent it.
 */
export async function startMailReceiver(db: () => Promise<DbHandle>): Promise<MailReceiver> {
  const server = new SMTPServer({
    name: 'sandbox-mail.invalid',
    banner: 'DZB sandbox mail: nothing is delivered to anyone',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (stream.sizeExceeded) {
          callback(Object.assign(new Error('message too big'), { responseCode: 552 }));
          return;
        }
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        };
        store(db, Buffer.concat(chunks), envelope).then(
          () => callback(),
          (error: unknown) => callback(Object.assign(new Error(`not stored: ${String(error)}`), { responseCode: 451 })),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function store(db: () => Promise<DbHandle>, raw: Buffer, envelope: { from: string; to: string[] }): Promise<void> {
  const parsed = await simpleParser(raw);
  const to = Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(', ') : (parsed.to?.text ?? '');
  const mail = await sandboxDb(await db(), 'mail');
  await mail.insert(sandboxMailReceived).values({
    envelopeFrom: envelope.from,
    envelopeTo: envelope.to,
    messageId: parsed.messageId ?? null,
    toHeader: to,
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
    attachments: parsed.attachments.map((a) => ({ fileName: a.filename ?? 'attachment', contentType: a.contentType, size: a.size })),
    raw,
  });
}

/** The attachments of a received message, read again from what arrived. */
export async function attachmentsOf(raw: Uint8Array): Promise<{ fileName: string; contentType: string; content: Buffer }[]> {
  const parsed = await simpleParser(Buffer.from(raw));
  return parsed.attachments.map((a) => ({ fileName: a.filename ?? 'attachment', contentType: a.contentType, content: a.content }));
}
