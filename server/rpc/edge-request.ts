import type { DescMethodUnary } from '@bufbuild/protobuf';
import { MethodOptions_IdempotencyLevel } from '@bufbuild/protobuf/wkt';
import { base64Decode, base64Encode } from '@bufbuild/protobuf/wire';
import { Code } from '@connectrpc/connect';
import { gunzipSync } from 'node:zlib';
import type { EdgeRefusal } from './edge-errors';
import type { UnaryAnswer } from './unary-calls';

/** No request of the API comes near this; a bigger body is refused before it is read whole. */
export const MAX_REQUEST_BYTES = 64 * 1024;

/** Either alphabet (standard or URL-safe), padded or not, nothing else. */
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** A call as it arrived, its body already read up to the limit (undefined: it was larger). */
export interface ArrivedCall {
  method: string;
  url: URL;
  headers: Headers;
  body: Uint8Array | undefined;
}

/** The call to hand to Connect: its body plain, its query canonical. */
export interface CheckedCall {
  url: URL;
  headers: Headers;
  body: Uint8Array;
}

/**
 * Checks what a call carries before Connect sees it, so that a call Connect would fail on as its
 * own "internal" error, or answer although it is malformed, is the caller's `invalid_argument`
 * instead: over the size limit, a protocol version other than 1, a compression we do not speak
 * or that does not unpack, a GET without its message or with base64 that does not decode.
 * Compressed bodies are unpacked here (gzip only) and handed on plain; whether the message
 * parses is for the procedure to find out (unary-calls.ts). Answers the call to hand on, or the
 * refusal.
 */
export function checkedCall(call: ArrivedCall, method: DescMethodUnary, refuse: EdgeRefusal): CheckedCall | UnaryAnswer {
  if (call.method === 'GET') return checkedGet(call, method, refuse);
  if (!call.body) return refuse(400, Code.InvalidArgument);
  if (call.method !== 'POST') return { url: call.url, headers: call.headers, body: call.body };
  const version = call.headers.get('connect-protocol-version');
  if (version !== null && version !== '1') return refuse(400, Code.InvalidArgument);
  const encoding = (call.headers.get('content-encoding') ?? 'identity').trim().toLowerCase();
  if (encoding !== 'identity' && encoding !== 'gzip') return refuse(415, Code.InvalidArgument, 'invalid_argument', { 'accept-encoding': 'gzip' });
  const body = encoding === 'gzip' ? gunzip(call.body) : call.body;
  // A gzip body that does not unpack within the size limit.
  if (!body) return refuse(400, Code.InvalidArgument);
  const headers = new Headers(call.headers);
  headers.delete('content-encoding');
  headers.set('content-length', String(body.byteLength));
  return { url: call.url, headers, body };
}

/**
 * A GET carries its message in the query: decoded, unpacked and checked like a body. A GET of an
 * operation with side effects is left as it is: Connect answers 405 whatever its query says.
 */
function checkedGet(call: ArrivedCall, method: DescMethodUnary, refuse: EdgeRefusal): CheckedCall | UnaryAnswer {
  if (method.idempotency !== MethodOptions_IdempotencyLevel.NO_SIDE_EFFECTS) return { url: call.url, headers: call.headers, body: new Uint8Array(0) };
  const url = new URL(call.url);
  const params = url.searchParams;
  const compression = (params.get('compression') ?? 'identity').toLowerCase();
  if (compression !== 'identity' && compression !== 'gzip') return refuse(415, Code.InvalidArgument);
  const version = params.get('connect');
  const base64 = params.get('base64') ?? '';
  const message = params.get('message');
  // A protocol version other than 1; a base64 flag that is neither on nor off; no message at all.
  if ((version !== null && version !== 'v1') || !['', '0', '1'].includes(base64) || message === null) return refuse(400, Code.InvalidArgument);
  if (message.length > MAX_REQUEST_BYTES * 2) return refuse(400, Code.InvalidArgument);
  let bytes = base64 === '1' ? decodeBase64(message) : new TextEncoder().encode(message);
  if (bytes && compression === 'gzip') bytes = gunzip(bytes);
  // Base64 that does not decode, gzip that does not unpack.
  if (!bytes) return refuse(400, Code.InvalidArgument);
  if (compression !== 'identity' || base64 === '1') {
    params.delete('compression');
    params.set('base64', '1');
    params.set('message', base64Encode(bytes, 'url'));
  }
  return { url, headers: call.headers, body: new Uint8Array(0) };
}

/** Base64 in either alphabet; undefined when it is not base64 (a stray character, or 4n+1 characters, which no bytes encode to). */
function decodeBase64(text: string): Uint8Array | undefined {
  if (!BASE64.test(text)) return undefined;
  try {
    return base64Decode(text);
  } catch {
    return undefined;
  }
}

function gunzip(bytes: Uint8Array): Uint8Array | undefined {
  try {
    return gunzipSync(bytes, { maxOutputLength: MAX_REQUEST_BYTES });
  } catch {
    return undefined;
  }
}
