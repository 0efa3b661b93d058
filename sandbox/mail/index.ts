import { desc, eq } from 'drizzle-orm';
import { sandboxDb } from '../db/database';
import { html, notFound, page } from '../html';
import type { SandboxContext, SandboxMount } from '../index';
import { attachmentsOf } from './receiver';
import { sandboxMailReceived } from './schema';

const BANNER = 'SANDBOX MAIL — what the sandbox mail server received: nothing here went to anyone';
const UUID = /^[0-9a-f-]{36}$/;

async function received(context: SandboxContext, limit = 100) {
  const db = await sandboxDb(await context.services.db(), 'mail');
  const rows = await db
    .select({
      id: sandboxMailReceived.id,
      receivedAt: sandboxMailReceived.receivedAt,
      envelopeTo: sandboxMailReceived.envelopeTo,
      toHeader: sandboxMailReceived.toHeader,
      subject: sandboxMailReceived.subject,
      messageId: sandboxMailReceived.messageId,
      text: sandboxMailReceived.text,
      html: sandboxMailReceived.html,
      attachments: sandboxMailReceived.attachments,
    })
    .from(sandboxMailReceived)
    .orderBy(desc(sandboxMailReceived.receivedAt))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    files: row.attachments.map((a, index) => ({ ...a, url: `/sandbox/mail/${row.id}/attachments/${index}` })),
  }));
}

/** `GET /sandbox/api/mail`: the received messages as JSON, newest first. */
async function api(request: Request, path: string, context: SandboxContext): Promise<Response | undefined> {
  if (path !== '/' || request.method !== 'GET') return undefined;
  return Response.json(
    (await received(context)).map((mail) => ({
      id: mail.id,
      to: mail.envelopeTo.join(', '),
      subject: mail.subject,
      messageId: mail.messageId,
      receivedAt: mail.receivedAt.toISOString(),
      text: mail.text,
      html: mail.html,
      attachments: mail.files,
    })),
    { headers: { 'cache-control': 'no-store' } },
  );
}

/** `/sandbox/mail`: the list; `/sandbox/mail/{id}`: one message; attachments download. */
async function mailPages(request: Request, path: string, context: SandboxContext): Promise<Response | undefined> {
  if (request.method !== 'GET') return undefined;
  const attachment = /^\/([0-9a-f-]{36})\/attachments\/(\d{1,3})$/.exec(path);
  if (attachment) {
    const db = await sandboxDb(await context.services.db(), 'mail');
    const [mail] = await db.select({ raw: sandboxMailReceived.raw }).from(sandboxMailReceived).where(eq(sandboxMailReceived.id, attachment[1]!));
    const file = mail && (await attachmentsOf(mail.raw))[Number(attachment[2])];
    if (!file) return notFound();
    return new Response(new Uint8Array(file.content), {
      headers: { 'content-type': file.contentType, 'content-disposition': `attachment; filename="${file.fileName.replace(/[^\w.-]/g, '_')}"` },
    });
  }
  if (path === '/') {
    const list = await received(context);
    return page({
      lang: 'en',
      title: 'Sandbox mail',
      banner: BANNER,
      body: html`<h1>Received mail</h1>
${list.length === 0 ? html`<p>No e-mails yet.</p>` : ''}
<table><thead><tr><th scope="col">Received</th><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Attachments</th></tr></thead><tbody>
${list.map((mail) => html`<tr><td>${mail.receivedAt.toISOString()}</td><td>${mail.envelopeTo.join(', ')}</td><td><a href="/sandbox/mail/${mail.id}">${mail.subject}</a></td><td>${mail.files.length}</td></tr>`)}
</tbody></table>`,
    });
  }
  const id = path.slice(1);
  if (!UUID.test(id)) return notFound();
  const found = (await received(context)).find((m) => m.id === id);
  if (!found) return notFound();
  return page({
    lang: 'en',
    title: found.subject,
    banner: BANNER,
    body: html`<p><a href="/sandbox/mail">← Received mail</a></p>
<h1>${found.subject}</h1>
<p>To: ${found.toHeader} · received ${found.receivedAt.toISOString()} · ${found.messageId ?? ''}</p>
${found.files.length ? html`<ul>${found.files.map((a) => html`<li><a href="${a.url}">${a.fileName}</a> (${a.contentType}, ${a.size} bytes)</li>`)}</ul>` : ''}
<iframe title="Message" sandbox srcdoc="${found.html}" style="width:100%;height:70vh;border:1px solid #cfd6df;background:#fff"></iframe>
<details><summary>Plain text</summary><pre style="white-space:pre-wrap">${found.text}</pre></details>`,
  });
}

export const MAIL_MOUNTS: SandboxMount[] = [
  { prefix: '/sandbox/mail', title: 'E-mail', links: [{ href: '/sandbox/mail', label: 'Received e-mails' }, { href: '/sandbox/api/mail', label: 'As JSON' }], handle: mailPages },
  { prefix: '/sandbox/api/mail', title: 'E-mail API', links: [], handle: api },
];
