import { asc, desc, gt } from 'drizzle-orm';
import { type SandboxDb, sandboxDb } from '../db/database';
import { html, page } from '../html';
import type { SandboxContext, SandboxMount } from '../index';
import { sandboxBankTransfers } from './schema';

const BANNER = 'SANDBOX BANK — simulated incoming transfers, no real money';
/** The payer account the form and the API use when none is given. */
const DEFAULT_PAYER = { CZK: '2400000003/2010', PLN: '10109010140000071219812874' } as const;

interface TransferInput {
  variableSymbol: string;
  /** The payer's message: a Polish transfer's title (it has no variable symbol), a Czech "zpráva pro příjemce". */
  message: string;
  amountMinor: number;
  currency: string;
  counterpartyAccount: string;
}

async function db(context: SandboxContext): Promise<SandboxDb> {
  return sandboxDb(await context.services.db(), 'bank');
}

async function record(context: SandboxContext, input: TransferInput) {
  const [row] = await (await db(context))
    .insert(sandboxBankTransfers)
    .values({ ...input, receivedAt: context.services.clock.now() })
    .returning();
  return row!;
}

/** proto-JSON Money ({currencyCode, units, nanos}) as the API accepts it, to minor units. */
function minorOf(amount: { currencyCode?: string; units?: string | number; nanos?: number } | undefined) {
  if (!amount?.currencyCode || amount.units === undefined) return undefined;
  const units = Number(amount.units);
  const nanos = amount.nanos ?? 0;
  if (!Number.isInteger(units) || units < 0 || nanos % 10_000_000 !== 0) return undefined;
  return { amountMinor: units * 100 + nanos / 10_000_000, currency: amount.currencyCode };
}

const MESSAGE_MAX = 140;

/**
 * What a payer sends besides the amount: a variable symbol (digits), a message (title), or both.
 * A Polish transfer has only a title; the bank passes it on as typed and pairs nothing itself.
 */
function reference(variableSymbol: unknown, message: unknown): { variableSymbol: string; message: string } | undefined {
  const symbol = typeof variableSymbol === 'string' ? variableSymbol.trim() : '';
  const text = typeof message === 'string' ? message.trim() : '';
  if (symbol !== '' && !/^\d{1,10}$/.test(symbol)) return undefined;
  if (text.length > MESSAGE_MAX || (symbol === '' && text === '')) return undefined;
  return { variableSymbol: symbol, message: text };
}

/**
 * The operator's bank: `POST /sandbox/api/bank/transfers` ({"variableSymbol"?, "title"?, "amount":
 * Money, "fromAccount"?}; a variable symbol, a title or both) records an incoming transfer;
 * `/sandbox/bank` does the same with a form and lists what arrived; `GET
 * /sandbox/api/bank/statement?after=<id>` is the statement the site reads
 * (server/payments/bank-statement.ts), the title as `message`. A transfer with a wrong amount or an
 * unknown reference is recorded like any other: it is the site that refuses to count it.
 */
async function api(request: Request, path: string, context: SandboxContext): Promise<Response | undefined> {
  if (path === '/transfers' && request.method === 'POST') {
    const body = (await request.json().catch(() => undefined)) as
      | { variableSymbol?: unknown; title?: unknown; amount?: Parameters<typeof minorOf>[0]; fromAccount?: unknown }
      | undefined;
    const amount = minorOf(body?.amount);
    const sent = reference(body?.variableSymbol, body?.title);
    if (!amount || !sent) {
      return Response.json(
        { error: `expected {"variableSymbol": "digits" and/or "title": "text up to ${MESSAGE_MAX} characters", "amount": {"currencyCode", "units", "nanos"}}` },
        { status: 400 },
      );
    }
    const payer = typeof body?.fromAccount === 'string' && body.fromAccount ? body.fromAccount : DEFAULT_PAYER[amount.currency as 'CZK'] ?? DEFAULT_PAYER.CZK;
    const row = await record(context, { ...sent, ...amount, counterpartyAccount: payer });
    return Response.json({ id: String(row.id), receivedAt: row.receivedAt.toISOString() }, { status: 201 });
  }
  if (path === '/statement' && request.method === 'GET') {
    const after = Number(new URL(request.url).searchParams.get('after') ?? 0) || 0;
    const rows = await (await db(context)).select().from(sandboxBankTransfers).where(gt(sandboxBankTransfers.id, after)).orderBy(asc(sandboxBankTransfers.id)).limit(500);
    return Response.json({
      transfers: rows.map((r) => ({
        id: String(r.id),
        variableSymbol: r.variableSymbol,
        message: r.message,
        amountMinor: r.amountMinor,
        currency: r.currency,
        counterpartyAccount: r.counterpartyAccount,
        receivedAt: r.receivedAt.toISOString(),
      })),
      cursor: rows.length > 0 ? String(rows.at(-1)!.id) : after > 0 ? String(after) : undefined,
    });
  }
  return undefined;
}

async function bankPage(request: Request, path: string, context: SandboxContext): Promise<Response | undefined> {
  if (path !== '/') return undefined;
  let notice = '';
  if (request.method === 'POST') {
    const form = new URLSearchParams(await request.text());
    const [units = '', cents = '0'] = (form.get('amount') ?? '').replace(',', '.').split('.');
    const currency = form.get('currency') === 'PLN' ? 'PLN' : 'CZK';
    const sent = reference(form.get('variableSymbol') ?? '', form.get('title') ?? '');
    if (/^\d+$/.test(units) && /^\d{1,2}$/.test(cents) && sent) {
      await record(context, {
        ...sent,
        amountMinor: Number(units) * 100 + Number(cents.padEnd(2, '0')),
        currency,
        counterpartyAccount: (form.get('fromAccount') ?? '').trim() || DEFAULT_PAYER[currency],
      });
      notice = 'The transfer was recorded. The site reads the statement every few seconds.';
    } else {
      notice = 'Enter a variable symbol (digits) or a transfer title, and an amount such as 1234.50.';
    }
  }
  const rows = await (await db(context)).select().from(sandboxBankTransfers).orderBy(desc(sandboxBankTransfers.id)).limit(50);
  return page({
    lang: 'en',
    title: 'Sandbox bank',
    banner: BANNER,
    body: html`<h1>Sandbox bank</h1>
${notice ? html`<p class="notice" role="status">${notice}</p>` : ''}
<form method="post" class="card">
  <h2>Record an incoming transfer</h2>
  <label for="vs">Variable symbol (Czech transfers)</label><input id="vs" name="variableSymbol" inputmode="numeric">
  <label for="title">Transfer title / message (Polish transfers carry the reference here)</label><input id="title" name="title" maxlength="${MESSAGE_MAX}">
  <label for="amount">Amount</label><input id="amount" name="amount" inputmode="decimal" placeholder="1234.50" required>
  <label for="currency">Currency</label><select id="currency" name="currency"><option>CZK</option><option>PLN</option></select>
  <label for="from">Sender's account (optional)</label><input id="from" name="fromAccount">
  <p><button type="submit">Record transfer</button></p>
</form>
<section class="card"><h2>Received transfers</h2>
<table><thead><tr><th scope="col">#</th><th scope="col">Variable symbol</th><th scope="col">Title</th><th scope="col">Amount</th><th scope="col">From</th><th scope="col">Received</th></tr></thead><tbody>
${rows.map((r) => html`<tr><td>${r.id}</td><td>${r.variableSymbol}</td><td>${r.message}</td><td>${(r.amountMinor / 100).toFixed(2)} ${r.currency}</td><td>${r.counterpartyAccount}</td><td>${r.receivedAt.toISOString()}</td></tr>`)}
</tbody></table></section>`,
  });
}

export const BANK_MOUNTS: SandboxMount[] = [
  { prefix: '/sandbox/bank', title: 'Bank', links: [{ href: '/sandbox/bank', label: 'Record an incoming transfer' }], handle: bankPage },
  { prefix: '/sandbox/api/bank', title: 'Bank API', links: [{ href: '/sandbox/api/bank/statement', label: 'Statement (JSON)' }], handle: api },
];
