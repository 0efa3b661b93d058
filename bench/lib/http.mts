import { request as httpRequest } from 'node:http';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface Call {
  host?: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * One HTTP request to 127.0.0.1 with any Host header. fetch() cannot set Host, and the site
 * picks its variant (Czech, Polish, Pluxee) by Host.
 */
export function httpGet(port: number, path: string, call: Call = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: call.method ?? 'GET',
        headers: { ...call.headers, ...(call.host ? { host: call.host } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(call.body);
  });
}

/** Polls a URL until it answers 200, so a freshly started server can be used. */
export async function waitForOk(port: number, path: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await httpGet(port, path)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`nothing answered 200 on :${port}${path} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Refuses to start a server on a port another process answers on (its numbers would be measured). */
export async function assertPortFree(port: number): Promise<void> {
  try {
    await httpGet(port, '/');
  } catch {
    return;
  }
  throw new Error(`port ${port} is already in use by another server; stop it first`);
}
