import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Reads a request body whole, but never more than `limit` bytes: answers undefined once it would
 * be larger (or says so up front). The rest is not read: the response to such a request asks
 * for the connection to close, and `closeAfterResponse` ends it once that answer is out.
 */
export function readNodeBody(req: IncomingMessage, limit: number): Promise<Uint8Array | undefined> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve(undefined);
  // Events rather than `for await`: an early exit of the iterator would destroy the socket before
  // the refusal could be written, and the iterator costs an API call more than the read itself.
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size <= limit) return void chunks.push(chunk);
      stop();
      req.pause();
      resolve(undefined);
    };
    const onEnd = () => {
      stop();
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
    };
    // The request stream fails only when its connection does ("aborted"): the client left.
    const onError = (error?: Error) => {
      stop();
      reject(new RequestAborted(error));
    };
    const onClose = () => onError();
    req.on('data', onData).once('end', onEnd).once('error', onError).once('close', onClose);
  });
}

/** The client closed the connection before its request's body ended: nobody is left to answer, and nothing failed on our side. */
export class RequestAborted extends Error {
  override readonly name = 'RequestAborted';
  constructor(cause?: Error) {
    super('the request closed before its body ended', { cause });
  }
}

/** Ends the connection once the response is written: the unread body is then never read. */
export function closeAfterResponse(req: IncomingMessage, res: ServerResponse): void {
  if (!res.headersSent) res.setHeader('connection', 'close');
  res.once('finish', () => req.destroy());
}
