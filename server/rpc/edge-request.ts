import { type DescMessage, fromBinary } from '@bufbuild/protobuf';
import { base64Decode, base64Encode } from '@bufbuild/protobuf/wire';
import { gunzipSync } from 'node:zlib';
import { edgeError } from './edge-errors';
import type { UnaryAnswer } from './unary-calls';

/** No request of the API comes near this; a bigger body is refused before it is read whole. */
export const MAX_REQUEST_BYTES = 64 * 1024;

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
 * Checks what a call carries before Connect sees it, so that a body Connect would fail on as its
 * own "internal" error is the caller's `invalid_argument` instead: over the size limit, a
 * compression we do not speak or that does not unpack, binary protobuf that does not parse,
 * base64 that does not decode. Compressed bodies are unpacked here (gzip only) and handed on
 * plain. Answers the call to hand on, or the refusal.
 */
export function checkedCall(call: ArrivedCall, input: DescMessage): CheckedCall | UnaryAnswer {
  if (call.method === 'GET') return checkedGet(call, input);
  if (!call.body) return tooLarge();
  if (call.method !== 'POST') return { url: call.url, headers: call.headers, body: call.body };
  const encoding = (call.headers.get('content-encoding') ?? 'identity').trim().toLowerCase();
  if (encoding !== 'identity' && encoding !== 'gzip') {
    return edgeError(415, 'invalid_argument', `content-encoding ${encoding} is not supported; send gzip or identity`, 'invalid_argument', {
      'accept-encoding': 'gzip',
    });
  }
  const body = encoding === 'gzip' ? gunzip(call.body) : call.body;
  if (!body) return unreadable('the gzip body does not unpack within the size limit');
  if (isBinary(call.headers.get('content-type')) && !parses(input, body)) return unreadable('the body is not a valid binary message');
  const headers = new Headers(call.headers);
  headers.delete('content-encoding');
  headers.set('content-length', String(body.byteLength));
  return { url: call.url, headers, body };
}

/** A GET carries its message in the query: decoded, unpacked and checked like a body. */
function checkedGet(call: ArrivedCall, input: DescMessage): CheckedCall | UnaryAnswer {
  const url = new URL(call.url);
  const params = url.searchParams;
  const message = params.get('message') ?? '';
  const base64 = params.get('base64') === '1';
  const compression = (params.get('compression') ?? 'identity').toLowerCase();
  if (compression !== 'identity' && compression !== 'gzip') {
    return edgeError(415, 'invalid_argument', `compression ${compression} is not supported; send gzip or identity`);
  }
  if (message.length > MAX_REQUEST_BYTES * 2) return tooLarge();
  if (base64 && !BASE64.test(message)) return unreadable('the message is not base64');
  let bytes: Uint8Array = base64 ? base64Decode(message) : new TextEncoder().encode(message);
  if (compression === 'gzip') {
    const unpacked = gunzip(bytes);
    if (!unpacked) return unreadable('the message does not unpack within the size limit');
    bytes = unpacked;
  }
  if (params.get('encoding') === 'proto' && !parses(input, bytes)) return unreadable('the message is not a valid binary message');
  if (compression !== 'identity' || base64) {
    params.delete('compression');
    params.set('base64', '1');
    params.set('message', base64Encode(bytes, 'url'));
  }
  return { url, headers: call.headers, body: new Uint8Array(0) };
}

function gunzip(bytes: Uint8Array): Uint8Array | undefined {
  try {
    return gunzipSync(bytes, { maxOutputLength: MAX_REQUEST_BYTES });
  } catch {
    return undefined;
  }
}

function parses(input: DescMessage, bytes: Uint8Array): boolean {
  try {
    fromBinary(input, bytes);
    return true;
  } catch {
    return false;
  }
}

function isBinary(contentType: string | null): boolean {
  return /^application\/(connect\+)?proto\s*(;|$)/i.test(contentType?.trim() ?? '');
}

const tooLarge = () => edgeError(400, 'invalid_argument', `the request is over ${MAX_REQUEST_BYTES} bytes`);
const unreadable = (why: string) => edgeError(400, 'invalid_argument', why);
