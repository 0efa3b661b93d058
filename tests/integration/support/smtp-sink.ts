import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * What goes wrong at the mail server, once per armed fault (RFC 5321 replies):
 * - `busy`: 421 at the greeting, the connection closed (service not available);
 * - `defer`: 451 after the message data (local error, try again later): nothing accepted;
 * - `drop-after-data`: the message is accepted (kept) but the connection is cut before the 250.
 */
export type MailFault = 'busy' | 'defer' | 'drop-after-data';

export interface SmtpSink {
  /** smtp://127.0.0.1:port */
  url: string;
  /** Messages accepted, raw (headers and body), in order. */
  received: string[];
  arm(fault: MailFault): void;
  close(): Promise<void>;
}

/** A mail server of a few lines (plain SMTP, no TLS, no auth) that keeps what it accepts. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const armed: MailFault[] = [];
  const received: string[] = [];
  const sockets = new Set<Socket>();

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    const reply = (line: string) => socket.write(`${line}\r\n`);
    if (armed[0] === 'busy') {
      armed.shift();
      reply('421 4.3.2 sink busy, try later');
      return void socket.end();
    }
    reply('220 sink.test ESMTP');
    let buffer = '';
    let data: string[] | undefined;
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('latin1');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line !== '.') {
            data.push(line.startsWith('..') ? line.slice(1) : line);
            continue;
          }
          const message = data.join('\r\n');
          data = undefined;
          const fault = armed[0] === 'defer' || armed[0] === 'drop-after-data' ? armed.shift() : undefined;
          if (fault === 'defer') reply('451 4.3.0 try again later');
          else {
            received.push(message);
            if (fault === 'drop-after-data') return void socket.destroy();
            reply('250 2.0.0 queued');
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 sink.test');
        else if (verb === 'MAIL' || verb === 'RCPT' || verb === 'RSET' || verb === 'NOOP') reply('250 2.0.0 ok');
        else if (verb === 'DATA') {
          data = [];
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'QUIT') {
          reply('221 2.0.0 bye');
          socket.end();
        } else reply('502 5.5.2 not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    arm: (fault) => void armed.push(fault),
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
