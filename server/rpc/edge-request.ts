import { type DescMessage, fromBinary } from '@bufbuild/protobuf';
import { base64Decode, base64Encode } from '@bufbuild/protobuf/wire';
import { gunzipSync } from 'node:zlib';
import { readCappedBytes } from '../util/read-capped';
import { edgeError } from './edge-errors';

/** No request of the API comes near this; a bigger body is refused before it is read whole. */
export const MAX_REQUEST_BYTES = 64 * 1024;

const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/**
 * Reads and checks what a call carries before Connect sees it, so that a body Connect would fail
 * on as its own "internal" error is the caller's `invalid_argument` instead: over the size limit,
 * a compression we do not speak or that does not unpack, binary protobuf that does not parse,
 * base64 that does not decode. Compressed bodies are unpacked here (gzip only) and handed on
 * plain. Answers the request to hand on, or the refusal.
 */
export async function checkedRequest(request: Request, input: DescMessage): Promise<Request | Response> {
  if (request.method === 'GET') return checkedGet(request, input);
  if (request.method !== 'POST') return request;
  const encoding = (request.headers.get('content-encoding') ?? 'identity').trim().toLowerCase();
  if (encoding !== 'identity' && encoding !== 'gzip') {
    return edgeError(415, 'invalid_argument', `content-encoding ${encoding} is not supported; send gzip or identity`, 'invalid_argument', {
      'accept-encoding': 'gzip',
    });
  }
  const raw = await readCapped(request);
  if (!raw) return tooLarge();
  const body = encoding === 'gzip' ? gunzip(raw) : raw;
  if (!body) return unreadable('the gzip body does not unpack within the size limit');
  if (isBinary(request.headers.get('content-type')) && !parses(input, body)) return unreadable('the body is not a valid binary message');
  const headers = new Headers(request.headers);
  headers.delete('content-encoding');
  headers.set('content-length', String(body.byteLength));
  return new Request(request.url, { method: 'POST', headers, body: new Uint8Array(body), signal: request.signal });
}

/** A GET carries its message in the query: decoded, unpacked and checked like a body. */
function checkedGet(request: Request, input: DescMessage): Request | Response {
  const url = new URL(request.url);
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
  if (compression === 'identity' && !base64) return request;
  params.delete('compression');
  params.set('base64', '1');
  params.set('message', base64Encode(bytes, 'url'));
  return new Request(url, { method: 'GET', headers: request.headers, signal: request.signal });
}

async function readCapped(request: Request): Promise<Uint8Array | undefined> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > MAX_REQUEST_BYTES) return undefined;
  return readCappedBytes(request.body, MAX_REQUEST_BYTES);
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
