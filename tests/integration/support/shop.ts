import { composeSandbox } from '@/compose.mts';
import { ConnectError } from '@connectrpc/connect';
import { eq } from 'drizzle-orm';
import { ErrorDetailSchema } from '@/gen/dzb/v1/common_pb';
import { createPaymentCallbacks } from '@/server/payments/callbacks';
import { startMailReceiver } from '@/sandbox/mail/receiver';
import { mailAttachments, mailOutbox } from '@/server/db/schema/mail';
import type { DbHandle } from '@/server/db/open-db';
import { smtpTransport } from '@/server/notifications/smtp';
import type { ServiceParts, Services } from '@/server/services';
import { productionParts } from '@/server/wiring';
import { createTestDatabase, type TestDatabase } from './databases';
import { serveFetch, type TestHttpServer } from './http-server';
import { testServices, type TestServices } from './services';
import { type SiteFetch, siteOverHttp } from './site-http';

export const CZECH = { product: 1, lang: 1, currency: 1 } as const;

/** Whole crowns as the API's Money. */
export const CZK = (units: number) => ({ currencyCode: 'CZK', units: BigInt(units), nanos: 0 });

/** The catalogue code a call failed with, or 'ok'. */
export async function errorCode(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (error) {
    return ConnectError.from(error).findDetails(ErrorDetailSchema)[0]?.code ?? 'no detail';
  }
  return 'ok';
}
export const ORDER_FORM = {
  firstName: 'Jana',
  lastName: 'Nováková',
  email: 'jana.novakova@example.cz',
  mobile: '+420 123 456 789',
  contactAddress: { streetAddress: 'Vodičkova 12', city: 'Praha', country: 'CZ', postalCode: '110 00' },
  agreeCp: true,
  agreeTac: true,
  agreeMp: false,
};

export interface ReceivedMail {
  id: string;
  to: string;
  subject: string;
  messageId: string | null;
  text: string;
  html: string;
  attachments: { fileName: string; contentType: string; size: number; url: string }[];
}

export interface Shop {
  ctx: TestServices;
  handle: DbHandle;
  sandbox: TestHttpServer;
  database: TestDatabase;
  close(): Promise<void>;
  /**
   * Records an incoming transfer at the sandbox bank, as a payer would send it: with a variable
   * symbol (Czech banks), or with only a title (Polish banks have no variable symbol).
   */
  transfer(reference: string | { title: string }, minor: number, currency?: string): Promise<void>;
  outbox(): Promise<{ eventKey: string; subject: string; to: string; attachments: string[] }[]>;
  /** What the sandbox mail server received over SMTP (GET /sandbox/api/mail), newest first. */
  mailbox(): Promise<ReceivedMail[]>;
  /** The raw bodies the gateways notified the site with, oldest first. */
  notifications: { gateway: string; body: string }[];
  /**
   * The site's HTTP routes (the API first of all) on a socket of their own, through the request
   * listener of server.mts; 127.0.0.1 is a trusted proxy there, so a test chooses its client
   * address with x-forwarded-for.
   */
  http: SiteFetch;
}

/**
 * The whole site for integration tests: services on a fresh database, the simulators served over
 * real HTTP, the bank statement read from the sandbox bank like in production.
 */
export async function openShop(
  kind: TestDatabase['name'],
  env: Record<string, string> = {},
  /** Wraps the production parts, e.g. to count or break the calls to Booking.com. */
  wrap: (parts: ServiceParts, services: Services) => ServiceParts = (parts) => parts,
): Promise<Shop> {
  const database = await createTestDatabase(kind);
  const handle = await database.open();
  // The sandbox listens before the services exist, so the site's own address (PORT → selfUrl) is
  // the sandbox's: every simulator default (gateways, bank, Booking.com) then points at it.
  let serve: (request: Request) => Promise<Response> = async () => new Response('starting', { status: 503 });
  const sandbox = await serveFetch((request) => serve(request));
  // Mail goes over SMTP to the sandbox's mail server, as in sandbox mode (a test may wrap another in).
  const mailReceiver = await startMailReceiver(async () => handle);
  const ctx = testServices(
    { APP_ENV: 'test', PORT: new URL(sandbox.url).port, TRUSTED_PROXIES: '127.0.0.1', ...env },
    { db: handle, parts: (services) => wrap({ ...productionParts(services), mailTransport: smtpTransport(mailReceiver.url) }, services) },
  );
  // The site's payment callbacks answer on the same server, as /api/payments does in the app.
  const sandboxHandler = composeSandbox(ctx.services);
  const callbacks = createPaymentCallbacks(ctx.services);
  const notifications: Shop['notifications'] = [];
  serve = async (request) => {
    const callback = /^\/api\/payments\/([a-z]+)\/([a-z]+)$/.exec(new URL(request.url).pathname);
    if (!callback) return sandboxHandler(request);
    if (callback[2] === 'notify') notifications.push({ gateway: callback[1]!, body: await request.clone().text() });
    return callbacks(request, callback[1]!, callback[2]!);
  };
  await ctx.services.db();
  let site: ReturnType<typeof siteOverHttp> | undefined;
  return {
    notifications,
    http: (request) => (site ??= siteOverHttp(ctx.services)).fetch(request),
    ctx,
    handle,
    sandbox,
    database,
    async close() {
      await site?.close();
      await sandbox.close();
      await mailReceiver.close();
      await ctx.close();
      await database.drop();
    },
    async transfer(reference, minor, currency = 'CZK') {
      const sent = typeof reference === 'string' ? { variableSymbol: reference } : reference;
      const res = await fetch(`${sandbox.url}/sandbox/api/bank/transfers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...sent, amount: { currencyCode: currency, units: String(Math.trunc(minor / 100)), nanos: (minor % 100) * 10_000_000 } }),
      });
      if (res.status !== 201) throw new Error(`bank answered ${res.status}`);
    },
    async mailbox() {
      const res = await fetch(`${sandbox.url}/sandbox/api/mail`);
      if (res.status !== 200) throw new Error(`the sandbox mail answered ${res.status}`);
      return (await res.json()) as ReceivedMail[];
    },
    async outbox() {
      const rows = await handle.db.select().from(mailOutbox).orderBy(mailOutbox.createdAt);
      return Promise.all(
        rows.map(async (row) => ({
          eventKey: row.eventKey,
          subject: row.subject,
          to: row.toAddress,
          attachments: (await handle.db.select().from(mailAttachments).where(eq(mailAttachments.mailId, row.id))).map((a) => a.fileName),
        })),
      );
    },
  };
}
