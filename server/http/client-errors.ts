import { type Server, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { Config } from '../config';
import { securityHeaderList } from './security-headers';

/**
 * Node answers a request it cannot parse (a malformed request line or header, headers over its
 * size limit, headers that never finish) itself, before any listener sees it, with a bare status
 * line: the one answer of the server without the headers every other carries
 * (security-headers.ts). This writes it the same minimal way, with them, and closes the
 * connection, as Node does: the same statuses, and nothing when a response was already under way
 * or the client has gone.
 */
export function answerClientErrors(server: Server, appEnv: Config['appEnv']): void {
  const headers = securityHeaderList(appEnv)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (socket.writable && socket.bytesWritten === 0 && error.code !== 'ECONNRESET') {
      const status = statusOf(error.code);
      socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${headers}content-length: 0\r\nconnection: close\r\n\r\n`);
    }
    socket.destroy();
  });
}

function statusOf(code: string | undefined): number {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return 431;
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return 413;
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return 408;
    default:
      return 400;
  }
}
