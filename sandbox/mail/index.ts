import { desc, eq } from 'drizzle-orm';
import { mailAttachments, mailOutbox } from '@/server/db/schema/mail';
import { html, notFound, page } from '../html';
import type { SandboxContext, SandboxMount } from '../index';

const BANNER = 'SANDBOX MAIL — the outbox: nothing here was sent to anyone';
const UUID = /^[0-9a-f-]{36}$/;

async function messages(context: SandboxContext, limit = 100) {
  const { db } = await context.services.db();
  const rows = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
  const attachments = await db
    .select({ id: mailAttachments.id, mailId: mailAttachments.mailId, fileName: mailAttachments.fileName, contentType: mailAttachments.contentType, content: mailAttachments.content })
    .from(mailAttachments);
  return rows.map((row) => ({
    row,
    attachments: attachments
      .filter((a) => a.mailId === row.id)
      .map((a) => ({ id: a.id, fileName: a.fileName, contentType: a.contentType, size: a.content.byteLength, url: `/sandbox/mail/${row.id}/attachments/${a.id}` })),
  }));
}

/** `GET /sandbox/api/mail`: the outbox as JSON, newest first. */
async function api(request: Request, path: string, context: SandboxContext): Promise<Response | undefined> {
  if (path !== '/' || request.method !== 'GET') return undefined;
  return Response.json(
    (await messages(context)).map(({ row, attachments }) => ({
      id: row.id,
      to: row.toAddress,
      subject: row.subject,
      status: row.status,
      sentAt: row.sentAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      text: row.text,
      html: row.html,
      attachments,
    })),
    { headers: { 'cache-control': 'no-store' } },
  );
}

/** `/sandbox/mail`: the list; `/sandbox/mail/{id}`: one message; attachments download. */
async function mailPages(request: Request, path: string, context: SandboxContext): Promise<Response | undefined> {
  if (request.method !== 'GET') return undefined;
  const { db } = await context.services.db();
  const attachment = /^\/([0-9a-f-]{36})\/attachments\/([0-9a-f-]{36})$/.exec(path);
  if (attachment) {
    const [file] = await db.select().from(mailAttachments).where(eq(mailAttachments.id, attachment[2]!));
    if (!file || file.mailId !== attachment[1]) return notFound();
    return new Response(Buffer.from(file.content), {
      headers: { 'content-type': file.contentType, 'content-disposition': `attachment; filename="${file.fileName.replace(/[^\w.-]/g, '_')}"` },
    });
  }
  if (path === '/') {
    const list = await messages(context);
    return page({
      lang: 'en',
      title: 'Sandbox mail',
      banner: BANNER,
      body: html`<h1>Outbox</h1>
${list.length === 0 ? html`<p>No e-mails yet.</p>` : ''}
<table><thead><tr><th scope="col">Created</th><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Attachments</th></tr></thead><tbody>
${list.map(({ row, attachments }) => html`<tr><td>${row.createdAt.toISOString()}</td><td>${row.toAddress}</td><td><a href="/sandbox/mail/${row.id}">${row.subject}</a></td><td>${attachments.length}</td></tr>`)}
</tbody></table>`,
    });
  }
  const id = path.slice(1);
  if (!UUID.test(id)) return notFound();
  const found = (await messages(context)).find((m) => m.row.id === id);
  if (!found) return notFound();
  const { row, attachments } = found;
  return page({
    lang: 'en',
    title: row.subject,
    banner: BANNER,
    body: html`<p><a href="/sandbox/mail">← Outbox</a></p>
<h1>${row.subject}</h1>
<p>To: ${row.toAddress} · ${row.status} ${row.sentAt ? row.sentAt.toISOString() : ''}</p>
${attachments.length ? html`<ul>${attachments.map((a) => html`<li><a href="${a.url}">${a.fileName}</a> (${a.contentType}, ${a.size} bytes)</li>`)}</ul>` : ''}
<iframe title="Message" sandbox srcdoc="${row.html}" style="width:100%;height:70vh;border:1px solid #cfd6df;background:#fff"></iframe>
<details><summary>Plain text</summary><pre style="white-space:pre-wrap">${row.text}</pre></details>`,
  });
}

export const MAIL_MOUNTS: SandboxMount[] = [
  { prefix: '/sandbox/mail', title: 'E-mail outbox', links: [{ href: '/sandbox/mail', label: 'Sent e-mails' }, { href: '/sandbox/api/mail', label: 'As JSON' }], handle: mailPages },
  { prefix: '/sandbox/api/mail', title: 'E-mail API', links: [], handle: api },
];
