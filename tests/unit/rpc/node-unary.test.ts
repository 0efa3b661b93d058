import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { unaryRequestFromNode, writeUnaryResponse } from '@/server/rpc/node-unary';

/** The API's calls over a real socket: the signal tells a handler that its caller left, and only then. */
describe('unary calls on Node', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  function serve(answerAfterMs: number): Promise<{ port: number; signal: Promise<AbortSignal> }> {
    let handOver: (signal: AbortSignal) => void;
    const signal = new Promise<AbortSignal>((resolve) => (handOver = resolve));
    server = createServer((req, res) => {
      const call = unaryRequestFromNode(req, res);
      handOver(call.signal);
      setTimeout(() => {
        if (res.destroyed) return;
        writeUnaryResponse({ status: 200, header: new Headers({ 'content-type': 'application/json' }), body: new TextEncoder().encode('{"ok":true}') }, res);
      }, answerAfterMs);
    });
    return new Promise((resolve) => server!.listen(0, '127.0.0.1', () => resolve({ port: (server!.address() as AddressInfo).port, signal })));
  }

  it('answers in one piece and leaves the signal alone after a normal answer', async () => {
    const { port, signal } = await serve(0);
    const body = await new Promise<string>((resolve, reject) => {
      request({ port, host: '127.0.0.1', method: 'POST', headers: { 'x-one': 'a' } }, (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk)).on('end', () => resolve(`${res.statusCode} ${res.headers['content-type']} ${text}`));
      }).on('error', reject).end('{}');
    });
    expect(body).toBe('200 application/json {"ok":true}');
    await new Promise((r) => setTimeout(r, 50));
    expect((await signal).aborted).toBe(false);
  });

  it('aborts the signal, as cancelled, when the client leaves before the answer', async () => {
    const { port, signal } = await serve(500);
    const client = request({ port, host: '127.0.0.1', method: 'POST' });
    client.on('error', () => undefined);
    client.end('{}');
    const seen = await signal;
    client.destroy();
    await new Promise((resolve) => seen.addEventListener('abort', resolve, { once: true }));
    expect(seen.reason).toMatchObject({ code: 1 });
  });
});
