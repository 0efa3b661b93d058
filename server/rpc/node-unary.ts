import 'server-only';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Code, ConnectError } from '@connectrpc/connect';
import type { UnaryAnswer } from './unary-calls';

/**
 * The API's calls and answers between Node's HTTP server and Connect's handlers. Connect's own
 * Node adapter serves streams too, and pays for it on every unary call (an abort with a fresh
 * DOMException when each response closes, an async iterator over every body); every procedure
 * of this API is unary, so a call's signal aborts only when the client leaves before its answer,
 * and an answer is written in one piece.
 */
export function unaryRequestFromNode(req: IncomingMessage, res: ServerResponse): { method: string; signal: AbortSignal } {
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort(new ConnectError('the client closed the connection', Code.Canceled));
  });
  return { method: req.method ?? 'GET', signal: controller.signal };
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
export function writeUnaryResponse(answer: UnaryAnswer, res: ServerResponse): void {
  const headers: Record<string, string> = {};
  answer.header.forEach((value, name) => {
    headers[name] = value;
  });
  res.writeHead(answer.status, headers);
  res.end(answer.body);
}
