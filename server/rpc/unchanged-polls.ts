import 'server-only';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { create } from '@bufbuild/protobuf';
import { Currency, Lang, Product, ProductVariantSchema } from '@/gen/dzb/v1/common_pb';
import { HEADER_REQUEST_ID } from '@/lib/rpc/headers';
import { isUuid } from '@/lib/route-params';
import type { RequestSite } from '../hosts';
import { orderStillAt, type OrderPorts } from '../use-cases/orders';
import { checkProductVariant } from './product-variant';
import { requestIdFor } from './request-ids';

/**
 * The one answer a status page asks for every few seconds, `unchanged`, written without Connect's
 * machinery: the bench proved that parsing and writing messages by reflection, interceptors and
 * header objects cost a poll more than its lookup (#37; ARCHITECTURE.md §1 allows a leaner path
 * where the bench proves one is needed). It takes only the exact shape the browser client sends
 * (POST, JSON, enum names, nothing else in the message) of an order that is still at the version
 * asked about, with every rule of the full path kept: the product variant checked against the
 * host, a request id answered, the same body and headers. Anything else, the order changed
 * included, returns false and goes the full way, which answers it as it always has
 * (tests/integration/order-versions.test.ts compares the two).
 */
export function unchangedPolls(ports: OrderPorts) {
  return async (req: IncomingMessage, res: ServerResponse, body: Uint8Array, site: RequestSite): Promise<boolean> => {
    const poll = pollOf(req, body);
    if (!poll) return false;
    try {
      const locale = checkProductVariant(create(ProductVariantSchema, poll.productVariant), site);
      if (!(await orderStillAt(ports, { variant: site.variant, locale }, poll.orderId, poll.knownVersion))) return false;
      const answer = Buffer.from(`{"unchanged":{},"version":"${poll.knownVersion}"}`);
      res.writeHead(200, {
        'content-type': 'application/json',
        [HEADER_REQUEST_ID]: requestIdFor(new Headers(pick(req, HEADER_REQUEST_ID))),
        'content-length': String(answer.byteLength),
      });
      res.end(answer);
      return true;
    } catch {
      // A refusal (another site, an unknown order) or a failure: the full path answers it.
      return false;
    }
  };
}

interface Poll {
  productVariant: { product: Product; lang: Lang; currency: Currency };
  orderId: string;
  knownVersion: string;
}

const VERSION = /^\d{1,19}$/;
const TIMEOUT = /^\d{1,10}$/;

/** The call, if it is exactly a browser's poll; undefined for anything the full path should see. */
function pollOf(req: IncomingMessage, body: Uint8Array): Poll | undefined {
  const { headers } = req;
  if (headers['content-type'] !== 'application/json') return undefined;
  if (headers['content-encoding'] !== undefined && headers['content-encoding'] !== 'identity') return undefined;
  if (headers['connect-protocol-version'] !== undefined && headers['connect-protocol-version'] !== '1') return undefined;
  const timeout = headers['connect-timeout-ms'];
  if (timeout !== undefined && !(typeof timeout === 'string' && TIMEOUT.test(timeout))) return undefined;
  let message: unknown;
  try {
    message = JSON.parse(Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8'));
  } catch {
    return undefined;
  }
  if (!isRecord(message) || !onlyKeys(message, ['productVariant', 'orderId', 'knownVersion'])) return undefined;
  const { productVariant, orderId, knownVersion } = message;
  if (!isRecord(productVariant) || !onlyKeys(productVariant, ['product', 'lang', 'currency'])) return undefined;
  if (!isRecord(orderId) || !onlyKeys(orderId, ['id']) || typeof orderId.id !== 'string' || !isUuid(orderId.id)) return undefined;
  if (typeof knownVersion !== 'string' || !VERSION.test(knownVersion) || String(BigInt(knownVersion)) !== knownVersion) return undefined;
  const product = enumOf(Product, 'PRODUCT_', productVariant.product);
  const lang = enumOf(Lang, 'LANG_', productVariant.lang);
  const currency = enumOf(Currency, 'CURRENCY_', productVariant.currency);
  if (product === undefined || lang === undefined || currency === undefined) return undefined;
  return { productVariant: { product, lang, currency }, orderId: orderId.id, knownVersion };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function onlyKeys(value: Record<string, unknown>, allowed: string[]): boolean {
  return Object.keys(value).every((key) => allowed.includes(key));
}

/** An enum value from its JSON name (`PRODUCT_DZB_CZ`), as the browser client writes it. */
function enumOf<E extends Record<string, string | number>>(values: E, prefix: string, name: unknown): E[keyof E] | undefined {
  if (typeof name !== 'string' || !name.startsWith(prefix)) return undefined;
  const value = values[name.slice(prefix.length) as keyof E];
  return typeof value === 'number' && value !== 0 ? value : undefined;
}

function pick(req: IncomingMessage, name: string): Record<string, string> {
  const value = req.headers[name];
  return typeof value === 'string' ? { [name]: value } : {};
}
