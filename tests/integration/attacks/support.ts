import { fromBinary } from '@bufbuild/protobuf';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { ErrorDetailSchema } from '@/gen/dzb/v1/common_pb';
import type { Shop } from '../support/shop';

/** Solves a challenge header as a browser would (here with Node's SHA-256), answering the solution header. */
export async function solve(encoded: string): Promise<string> {
  const challenge = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 60_000 });
  if (!solution) throw new Error('the challenge was not solved in time');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64url');
}

/** The work a challenge asks for, as signed into it. */
export function workOf(encoded: string): number {
  const challenge = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as Challenge;
  return Number(challenge.parameters.data?.work);
}

/** The visitor pass a step-up handed out (the dzb_pass cookie of the answer), if any. */
export function passOf(headers: Headers): string | undefined {
  const cookie = headers.getSetCookie().find((c) => c.startsWith('dzb_pass='));
  return cookie?.slice('dzb_pass='.length).split(';', 1)[0];
}

/** A code of 8 digits no voucher has (codes are random; these are numbered from the top). */
export const unknownCode = (n: number) => String(99_999_999 - n).padStart(8, '0');

/** The Czech site's product_variant in the JSON encoding. */
export const PRODUCT = { product: 'PRODUCT_DZB_CZ', lang: 'LANG_CS', currency: 'CURRENCY_CZK' };
export const VALUE = { currencyCode: 'CZK', units: '3000', nanos: 0 };

export interface Answer {
  status: number;
  code: string | undefined;
  headers: Headers;
  body: Record<string, unknown>;
}

/** The attacker's view: the HTTP API, from an address of its choice (as server.mts vets it). */
export function attacker(shop: Shop) {
  return async (method: string, body: unknown, client: string, headers: Record<string, string> = {}): Promise<Answer> => {
    const res = await shop.http(
      new Request(`http://localhost:3000/api/dzb.v1.ApiService/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'connect-protocol-version': '1', 'x-forwarded-for': client, ...headers },
        body: JSON.stringify(body),
      }),
    );
    const json = (await res.json()) as Record<string, unknown> & { details?: { type: string; value: string }[] };
    const detail = json.details?.find((d) => d.type === 'dzb.v1.ErrorDetail');
    return { status: res.status, code: detail && fromBinary(ErrorDetailSchema, Buffer.from(detail.value, 'base64')).code, headers: res.headers, body: json };
  };
}
