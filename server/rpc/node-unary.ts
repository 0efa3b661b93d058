import 'server-only';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Code, ConnectError } from '@connectrpc/connect';
import type { UniversalServerRequest, UniversalServerResponse } from '@connectrpc/connect/protocol';

/**
 * The API's calls and answers between Node's HTTP server and Connect's handlers. Connect's own
 * Node adapter serves streams too, and pays for it on every unary call (an abort with a fresh
 * DOMException when each response closes, an async iterator over every body); every procedure
 * of this API is unary, so a call's signal aborts only when the client leaves before its answer,
 * and an answer is written in one piece.
 */
export function unaryRequestFromNode(req: IncomingMessage, res: ServerResponse, headers: Headers): Pick<UniversalServerRequest, 'httpVersion' | 'method' | 'signal'> & { header: Headers } {
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort(new ConnectError('the client closed the connection', Code.Canceled));
  });
  return { httpVersion: req.httpVersion, method: req.method ?? 'GET', header: headers, signal: controller.signal };
}

/** The request's headers as fetch Headers (pseudo-headers left out). */
export function webHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(':')) continue;
    if (typeof value === 'string') headers.append(name, value);
    else for (const one of value) headers.append(name, one);
  }
  return headers;
}

/** Writes a unary answer (status, headers, one body) to the Node response. */
export async function writeUnaryResponse(response: UniversalServerResponse, res: ServerResponse): Promise<void> {
  const chunks: Uint8Array[] = [];
  if (response.body) for await (const chunk of response.body as AsyncIterable<Uint8Array>) chunks.push(chunk);
  const headers: Record<string, string> = {};
  response.header?.forEach((value, name) => {
    headers[name] = value;
  });
  // Unary Connect answers carry no trailers (they travel as trailer- headers); a trailer here is a bug.
  if (response.trailer && [...response.trailer.keys()].length > 0) throw new Error('a unary answer came with trailers');
  res.writeHead(response.status, headers);
  res.end(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
}
