import { httpGet } from './http.mts';

/** The product_variant JSON of each site's default language. */
export const VARIANT_JSON = {
  cz: { product: 'PRODUCT_DZB_CZ', lang: 'LANG_CS', currency: 'CURRENCY_CZK' },
  pl: { product: 'PRODUCT_DZB_PL', lang: 'LANG_PL', currency: 'CURRENCY_PLN' },
  pluxee: { product: 'PRODUCT_DZB_WL_PLUXEE_CZ', lang: 'LANG_CS', currency: 'CURRENCY_CZK' },
} as const;

export type SiteKey = keyof typeof VARIANT_JSON;

/** A Connect JSON call as the browser client makes it (the protocol header passes the CSRF rule). */
export async function rpc(port: number, host: string, method: string, body: object): Promise<unknown> {
  const answer = await httpGet(port, `/api/dzb.v1.ApiService/${method}`, {
    host,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'connect-protocol-version': '1' },
    body: JSON.stringify(body),
  });
  const text = answer.body.toString('utf8');
  if (answer.status !== 200) throw new Error(`${method} on ${host} answered ${answer.status}: ${text}`);
  return JSON.parse(text);
}

/** The first value under a key anywhere in a JSON tree (the answers nest payments deeply). */
function find(tree: unknown, key: string): unknown {
  if (!tree || typeof tree !== 'object') return undefined;
  if (key in tree) return (tree as Record<string, unknown>)[key];
  for (const value of Object.values(tree)) {
    const hit = find(value, key);
    if (hit !== undefined) return hit;
  }
  return undefined;
}

export interface Seeded {
  orderId: string;
  voucherId?: string;
}

/**
 * A voucher bought by bank transfer and paid at the sandbox bank, so the order status and the
 * voucher pages have something real to show. Undefined where the site sells no vouchers.
 */
export async function seedVoucher(port: number, host: string, site: SiteKey, waitMs = 30_000): Promise<Seeded | undefined> {
  const productVariant = VARIANT_JSON[site];
  const methods = (await rpc(port, host, 'PaymentMethods', { productVariant })) as {
    voucher?: { methodId: { id: string }; type: string }[];
  };
  const transfer = methods.voucher?.find((m) => m.type === 'PAYMENT_METHOD_TYPE_BANK_TRANSFER');
  if (!transfer) return undefined;
  const created = await rpc(port, host, 'VoucherOrderCreate', {
    productVariant,
    voucherValue: { currencyCode: productVariant.currency.replace('CURRENCY_', ''), units: '1000' },
    paymentRequest: { lastPayment: { methodId: transfer.methodId } },
    order: {
      firstName: 'Jana',
      lastName: 'Nováková',
      email: 'perf@example.cz',
      mobile: '+420 123 456 789',
      contactAddress: { streetAddress: 'Vodičkova 12', city: 'Praha', country: 'CZ', postalCode: '110 00' },
      agreeCp: true,
      agreeTac: true,
    },
  });
  const orderId = (find(created, 'orderId') as { id?: string } | undefined)?.id ?? (find(created, 'id') as string);
  const variableSymbol = find(created, 'variableSymbol') as string;
  const total = find(created, 'total') as { currencyCode: string; units?: string; nanos?: number };
  const paid = await httpGet(port, '/sandbox/api/bank/transfers', {
    host,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ variableSymbol, amount: total }),
  });
  if (paid.status !== 201) return { orderId };
  // The bank statement is read by a background job; the voucher appears once it has run.
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    const detail = await rpc(port, host, 'OrderDetail', { productVariant, orderId: { id: orderId } });
    const voucherId = (find(find(detail, 'vouchers'), 'voucherId') as { id?: string } | undefined)?.id;
    // The voucher's e-mail (a PDF rendered by a job in the same process) must be out before the
    // measuring starts, or its rendering shows up as the latency of whatever is measured next.
    if (voucherId && (await voucherMailSent(port, host))) return { orderId, voucherId };
    await new Promise((r) => setTimeout(r, 500));
  }
  return { orderId };
}

async function voucherMailSent(port: number, host: string): Promise<boolean> {
  const answer = await httpGet(port, '/sandbox/api/mail', { host });
  if (answer.status !== 200) return true;
  const mails = JSON.parse(answer.body.toString('utf8')) as { to: string; attachments: unknown[] }[];
  return mails.some((mail) => mail.to.includes('perf@example.cz') && mail.attachments.length > 0);
}

/** A calendar date `days` from today (UTC), as the API takes it. */
function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The id of a stored availability answer of a simulator hotel (Vltava Riverside, Prague), so the
 * bench can read it back by id as a reloaded order page does; undefined when none could be made.
 */
export async function seedAvailability(port: number, host: string, site: SiteKey): Promise<string | undefined> {
  try {
    const answer = await rpc(port, host, 'HotelAvailability', {
      productVariant: VARIANT_JSON[site],
      bySpecification: { hotelRequest: { hotelId: { id: '1120301' }, checkIn: inDays(40), checkOut: inDays(42), rooms: 1, adults: 2 } },
    });
    const id = find(answer, 'availabilityId') as { id?: string } | undefined;
    return id?.id;
  } catch {
    return undefined;
  }
}
