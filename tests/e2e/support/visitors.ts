import { request } from 'node:http';

export interface VisitorAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One visitor's request as it reaches the site: from an address of its own on this machine
 * (Linux lets a client bind any 127.x.y.z), with the site's host name, and the visitor's cookies.
 * Nothing in between adds forwarding headers, so the site sees the address as a real visitor's.
 */
export function fromVisitor(
  port: number,
  address: string,
  path: string,
  options: { host?: string; cookie?: string; method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<VisitorAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        localAddress: address,
        path,
        method: options.method ?? 'GET',
        agent: false,
        headers: { host: `${options.host ?? 'localhost'}:${port}`, 'accept-language': 'cs', ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** The n-th distinct visitor address (127.10.0.1, 127.10.0.2, …), never 127.0.0.1. */
export function visitorAddress(n: number, block = 10): string {
  return `127.${block}.${Math.floor(n / 250)}.${(n % 250) + 1}`;
}

/** Runs `work` for 0 … count-1 with at most `parallel` at a time, answering the results in order. */
export async function inParallel<T>(count: number, parallel: number, work: (i: number) => Promise<T>): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(parallel, count) }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await work(i);
      }
    }),
  );
  return results;
}
