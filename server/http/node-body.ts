import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Reads a request body whole, but never more than `limit` bytes: answers undefined once it would
 * be larger (or says so up front). The rest is not read: the response to such a request asks
 * for the connection to close, and `closeAfterResponse` ends it once that answer is out.
 */
export async function readNodeBody(req: IncomingMessage, limit: number): Promise<Uint8Array | undefined> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of readWithoutDestroying(req)) {
    size += chunk.byteLength;
    if (size > limit) return undefined;
    chunks.push(chunk);
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
}

/** Ends the connection once the response is written: the unread body is then never read. */
export function closeAfterResponse(req: IncomingMessage, res: ServerResponse): void {
  if (!res.headersSent) res.setHeader('connection', 'close');
  res.once('finish', () => req.destroy());
}

// `for await` over the request itself would destroy the socket on an early exit, before the
// refusal could be written; this reads chunk by chunk and simply stops asking.
async function* readWithoutDestroying(req: IncomingMessage): AsyncGenerator<Buffer> {
  const iterator = req[Symbol.asyncIterator]();
  for (;;) {
    const { done, value } = await iterator.next();
    if (done) return;
    yield value as Buffer;
  }
}
