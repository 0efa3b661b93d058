import { create, type DescField, type DescMessage, type DescMethod, fromBinary, ScalarType, toBinary } from '@bufbuild/protobuf';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiService } from '@/gen/dzb/v1/api_pb';
import { ErrorDetailSchema } from '@/gen/dzb/v1/common_pb';
import { isErrorCode } from '@/lib/error-codes';
import texts from '@/messages/errors/cs.json';
import { databaseKinds } from '../support/databases';
import { openShop, type Shop } from '../support/shop';
import { PRODUCT } from './support';

/**
 * A fuzzer over every operation of the API, in the JSON and the binary encoding and over GET:
 * message-shaped bodies with hostile values, arbitrary JSON, random and mutated binary, GET
 * queries with base64 messages of every shape. Whatever it sends, the answer is below 500, a
 * refusal carries a catalogue code with that code's text (never a parser's words or a type
 * name), nothing is reported to monitoring, and the database is as it was. The seed is fixed,
 * so a failure reproduces; the counts keep the run to seconds.
 */
const SEED = 20_261_125;
const METHODS = ApiService.methods;

const HOSTILE_TEXT = [
  '', ' ', '\u0000', 'a\u0000b', '\uD800', '💥', '12345678', '1234 5678', '0', '-1', '999999999', 'NaN',
  'https://www.booking.com/', 'https://www.booking.com/hotel/cz/x.html', 'https://www.booking.com/Share-Abc123', 'http://evil.example/',
  'javascript:alert(1)', '<script>alert(1)</script>', "'; DROP TABLE orders; --", '2026-12-14', '2026-02-30', '2026-12-14T00:00:00Z',
  '9'.repeat(400), '3f1c9a52-0d55-4b6e-9b1e-7a0c4f6d2e11', 'PRODUCT_DZB_CZ', 'payment_card', 'transfer',
];

const text = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ minLength: 3000, maxLength: 6000 }) },
);
const notThisType = fc.oneof(fc.constant(null), fc.constant([]), fc.constant({}), fc.boolean(), fc.double(), text);

/** Mostly a value of the field's own type (so the body parses and reaches the handler), sometimes not. */
function scalar(type: ScalarType): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 12, arbitrary: ofType(type) }, { weight: 1, arbitrary: notThisType });
}

function ofType(type: ScalarType): fc.Arbitrary<unknown> {
  switch (type) {
    case ScalarType.STRING:
      return text;
    case ScalarType.BOOL:
      return fc.boolean();
    case ScalarType.BYTES:
      return fc.oneof(fc.base64String({ maxLength: 40 }), fc.constantFrom('!!!', '%%%'));
    case ScalarType.INT64:
    case ScalarType.UINT64:
    case ScalarType.SINT64:
    case ScalarType.FIXED64:
    case ScalarType.SFIXED64:
      return fc.oneof(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map(String), fc.constantFrom('-1', '0', '3000', '99999999999999999999'));
    case ScalarType.DOUBLE:
    case ScalarType.FLOAT:
      return fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom('NaN', 'Infinity', '-Infinity'));
    default:
      return fc.oneof(fc.integer({ min: -1, max: 20 }), fc.integer(), fc.constantFrom(-1, 0, 2 ** 31, 2 ** 53, 1e300, 1.5));
  }
}

function fieldValue(field: DescField, depth: number): fc.Arbitrary<unknown> {
  switch (field.fieldKind) {
    case 'scalar':
      return scalar(field.scalar);
    case 'enum':
      return fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...field.enum.values.map((v) => v.name)) }, { weight: 1, arbitrary: fc.integer({ min: -2, max: 40 }) }, { weight: 1, arbitrary: fc.constant('NOPE') });
    case 'message':
      return message(field.message, depth + 1);
    case 'list': {
      const item = field.listKind === 'message' ? message(field.message, depth + 1) : field.listKind === 'enum' ? fc.integer({ min: -1, max: 10 }) : scalar(field.scalar);
      return fc.oneof({ weight: 8, arbitrary: fc.array(item, { maxLength: 3 }) }, { weight: 1, arbitrary: fc.array(item, { minLength: 5, maxLength: 70 }) }, { weight: 1, arbitrary: notThisType });
    }
    case 'map':
      return fc.dictionary(text, field.mapKind === 'message' ? message(field.message, depth + 1) : scalar(ScalarType.STRING), { maxKeys: 3 });
  }
}

/** A JSON body shaped like `desc`: its fields (some of them), each with a hostile value. */
function message(desc: DescMessage, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 3) return fc.constant({});
  const fields = Object.fromEntries(
    desc.fields.map((field) => [
      field.jsonName,
      // The site of the call is mostly right, so the fuzzer gets past the variant check.
      field.name === 'product_variant' ? fc.oneof({ weight: 4, arbitrary: fc.constant(PRODUCT) }, { weight: 1, arbitrary: fieldValue(field, depth) }) : fieldValue(field, depth),
    ]),
  );
  return fc.oneof({ weight: 12, arbitrary: fc.record(fields, { requiredKeys: [] }) }, { weight: 1, arbitrary: notThisType });
}

const method = fc.constantFrom(...METHODS);
const jsonCase = method.chain((m) => fc.tuple(fc.constant(m), fc.oneof({ weight: 5, arbitrary: message(m.input).map((b) => JSON.stringify(b)) }, { weight: 1, arbitrary: fc.json() }, { weight: 1, arbitrary: fc.string() })));

/** A valid binary message of the method, then broken: cut short, bytes changed, invalid UTF-8 or deep nesting appended. */
const binaryCase = method.chain((m) => {
  const valid = toBinary(m.input, create(m.input, { productVariant: { product: 1, lang: 1, currency: 1 } } as never));
  return fc.tuple(
    fc.constant(m),
    fc.oneof(
      fc.uint8Array({ maxLength: 300 }),
      fc.nat({ max: Math.max(0, valid.length - 1) }).map((cut) => valid.subarray(0, cut)),
      fc.tuple(fc.nat({ max: Math.max(0, valid.length - 1) }), fc.integer({ min: 0, max: 255 })).map(([at, byte]) => {
        const copy = Uint8Array.from(valid);
        if (copy.length > 0) copy[at] = byte;
        return copy;
      }),
      // Field 2 (length-delimited) holding bytes that are not UTF-8.
      fc.constant(Uint8Array.from([...valid, 0x12, 0x03, 0xc3, 0x28, 0xa0])),
      // A group nested 10,000 deep.
      fc.constant(Uint8Array.from([...Array(10_000).fill(0x0b), ...Array(10_000).fill(0x0c)])),
    ),
  );
});

const getCase = method.chain((m) =>
  fc.tuple(
    fc.constant(m),
    fc.record({
      encoding: fc.constantFrom('json', 'proto', 'xml'),
      base64: fc.constantFrom('1', '0', ''),
      message: fc.oneof(fc.string({ maxLength: 60 }), fc.base64String({ maxLength: 60 }), fc.constantFrom('%%%', '{}', '====')),
      compression: fc.constantFrom('', 'gzip', 'br'),
    }),
  ),
);

/** A length that no bytes encode to in base64: 4n+1 characters. */
const oneOver = (text: string) => text.padEnd(text.length + ((5 - (text.length % 4)) % 4), 'A');

/**
 * The message of a Connect GET in base64, as a client writes it or breaks it: the method's own
 * message (binary or JSON, gzipped or not) or random bytes, in the standard or the URL-safe
 * alphabet, padded or not; then cut to 4n+1 characters, given a character of neither alphabet,
 * or sent with its `+` unescaped (a space once the query is read).
 */
function base64Query(m: DescMethod) {
  const binary = toBinary(m.input, create(m.input, { productVariant: { product: 1, lang: 1, currency: 1 } } as never));
  const bytes = fc.oneof(fc.constant(binary), fc.constant(new TextEncoder().encode(JSON.stringify({ productVariant: PRODUCT }))), fc.uint8Array({ maxLength: 60 }));
  const encoded = fc.tuple(bytes, fc.boolean(), fc.constantFrom('base64', 'base64url', 'unpadded') as fc.Arbitrary<'base64' | 'base64url' | 'unpadded'>).map(([raw, gzip, alphabet]) => {
    const sent = gzip ? gzipSync(raw) : raw;
    const text = Buffer.from(sent).toString(alphabet === 'base64url' ? 'base64url' : 'base64');
    return { text: alphabet === 'unpadded' ? text.replace(/=+$/, '') : text, gzip, binary: raw === binary };
  });
  const broken = (text: string) =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constant(text) },
      { weight: 2, arbitrary: fc.constant(oneOver(text)) },
      { weight: 1, arbitrary: fc.tuple(fc.nat({ max: text.length }), fc.constantFrom('!', '*', '.', '~', '%', '$', 'é', ' ', '=')).map(([at, c]) => text.slice(0, at) + c + text.slice(at)) },
      { weight: 1, arbitrary: fc.constant(text.replaceAll('+', ' ')) },
    );
  return encoded.chain(({ text, gzip, binary: isBinary }) =>
    fc.record({
      connect: fc.constantFrom('v1', 'v1', 'v1', 'v2'),
      encoding: fc.constantFrom(isBinary ? 'proto' : 'json', 'proto', 'json'),
      base64: fc.constant('1'),
      compression: fc.constant(gzip ? 'gzip' : 'identity'),
      message: broken(text),
    }),
  );
}

const getBase64Case = method.chain((m) => fc.tuple(fc.constant(m), base64Query(m)));

describe.each(databaseKinds())('fuzzing the API, on %s', (kind) => {
  let shop: Shop;
  beforeAll(async () => {
    // Wide budgets: the fuzzer is to reach the handlers, not the rate limits.
    shop = await openShop(kind, { BUDGETS: 'linkAnalyses=100000/600,availabilityQuestions=100000/600,availabilityQuestionsSiteWide=100000/60,previews=100000/600,orders=100000/3600,paymentRetries=100000/3600,contactMessages=100000/3600,voucherGuesses=100000/3600,voucherGuessesSiteWide=100000/86400' });
  });
  afterAll(() => {
    // FUZZ_DEBUG=1 prints how the answers spread over the statuses.
    if (process.env.FUZZ_DEBUG) console.log(Object.fromEntries(statuses));
    return shop.close();
  });

  /** Every table of the site with its rows, hashed: what a request must not change. */
  async function snapshot(): Promise<Record<string, string>> {
    const { db } = await shop.ctx.services.db();
    const tables = (await db.execute(sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`)) as unknown as {
      rows: { table_name: string }[];
    };
    const out: Record<string, string> = {};
    // Budget counters are meant to move (a code that matches nothing costs a unit), and the site
    // makes its own secrets the first time a request needs one.
    for (const { table_name: name } of tables.rows.filter((t) => !['rate_limit_counters', 'site_secrets', '__drizzle_migrations'].includes(t.table_name))) {
      const result = (await db.execute(sql.raw(`SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM "${name}" t`))) as unknown as {
        rows: { n: number; h: string }[];
      };
      out[name] = `${result.rows[0]!.n}:${result.rows[0]!.h}`;
    }
    return out;
  }

  const send = (path: string, init: RequestInit) => shop.http(new Request(`http://localhost:3000/api/dzb.v1.ApiService/${path}`, init));
  const statuses = new Map<number, number>();
  /** Below 500; a refusal is a Connect error with a catalogue code and its Czech text (the host is the Czech site's). */
  const expectBelow500 = async (res: Response, what: string) => {
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    const text = await res.text();
    if (res.status >= 500) throw new Error(`${what} → ${res.status} ${text}`);
    if (res.status < 400) return;
    const body = JSON.parse(text) as { message?: string; details?: { type: string; value: string }[] };
    const detail = body.details?.find((d) => d.type === 'dzb.v1.ErrorDetail');
    const code = detail && fromBinary(ErrorDetailSchema, Buffer.from(detail.value, 'base64')).code;
    if (!isErrorCode(code) || body.message !== texts[code]) throw new Error(`${what} → ${res.status} without a catalogue code and its text: ${text}`);
  };
  afterAll(() => {
    expect(shop.ctx.reported.map(({ error }) => String(error))).toEqual([]);
  });

  it('JSON bodies: no 5xx, nothing written', async () => {
    const before = await snapshot();
    await fc.assert(
      fc.asyncProperty(jsonCase, async ([m, body]) => {
        await expectBelow500(await send(m.name, { method: 'POST', headers: { 'content-type': 'application/json', 'connect-protocol-version': '1' }, body }), `${m.name} ${body.slice(0, 300)}`);
      }),
      { seed: SEED, numRuns: 600 },
    );
    expect(await snapshot()).toEqual(before);
    // The fuzzer reached past the edge: handlers answered with their own refusals too.
    expect([...statuses.keys()].some((s) => s === 404 || s === 412 || s === 409 || s === 200)).toBe(true);
  });

  it('binary bodies: no 5xx, nothing written', async () => {
    const before = await snapshot();
    await fc.assert(
      fc.asyncProperty(binaryCase, async ([m, body]) => {
        await expectBelow500(
          await send(m.name, { method: 'POST', headers: { 'content-type': 'application/proto', 'connect-protocol-version': '1' }, body: Uint8Array.from(body) }),
          `${m.name} ${Buffer.from(body.subarray(0, 100)).toString('hex')}`,
        );
      }),
      { seed: SEED, numRuns: 300 },
    );
    expect(await snapshot()).toEqual(before);
  });

  it('GET queries: no 5xx, nothing written', async () => {
    const before = await snapshot();
    await fc.assert(
      fc.asyncProperty(getCase, async ([m, query]) => {
        const params = new URLSearchParams({ connect: 'v1', ...query });
        await expectBelow500(await send(`${m.name}?${params}`, { method: 'GET' }), `${m.name}?${params}`);
      }),
      { seed: SEED, numRuns: 200 },
    );
    expect(await snapshot()).toEqual(before);
  });

  it('GET queries with base64 messages: no 5xx, nothing written', async () => {
    const before = await snapshot();
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(getBase64Case, async ([m, query]) => {
        const params = new URLSearchParams(query);
        const res = await send(`${m.name}?${params}`, { method: 'GET' });
        seen.set(res.status, (seen.get(res.status) ?? 0) + 1);
        await expectBelow500(res, `${m.name}?${params}`);
      }),
      { seed: SEED, numRuns: 300 },
    );
    expect(await snapshot()).toEqual(before);
    // Well-formed ones got through to the operations (a read answers), broken ones were refused.
    expect([seen.has(200), seen.has(400), seen.has(405)]).toEqual([true, true, true]);
  });
});
