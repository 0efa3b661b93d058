import autocannon from 'autocannon';

export interface Target {
  name: string;
  port: number;
  path: string;
  host?: string;
  method?: 'GET' | 'POST';
  body?: object;
  headers?: Record<string, string>;
  /** Several requests, each with its own path and headers, cycled through by every connection. */
  requests?: { path: string; headers: Record<string, string> }[];
}

export interface Result {
  rps: number;
  /** Latencies in milliseconds, to the microsecond (latencies.ts). */
  p50: number;
  p99: number;
  errors: number;
}

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);

/**
 * One autocannon run: 10 connections, at full rate or at a fixed overall rate (requests/s).
 * Latencies are taken from every response as autocannon times it (process.hrtime, fractions of
 * a millisecond), not from its own histogram, which counts whole milliseconds: a read answered in
 * 0.4 ms and one in 1.3 ms would both be "1 ms" there, and one millisecond moved a ratio by a third.
 */
export async function load(target: Target, rate?: number, seconds = SECONDS): Promise<Result> {
  const latencies = new Latencies();
  const run = autocannon({
    url: `http://127.0.0.1:${target.port}${target.path}`,
    connections: 10,
    duration: seconds,
    ...(rate ? { overallRate: rate } : {}),
    method: target.method ?? 'GET',
    headers: {
      ...target.headers,
      ...(target.host ? { host: target.host } : {}),
      // Connect JSON; calls that are not plain reads need the protocol header (CSRF rule).
      ...(target.body ? { 'content-type': 'application/json', 'connect-protocol-version': '1' } : {}),
    },
    ...(target.body ? { body: JSON.stringify(target.body) } : {}),
    ...(target.requests ? { requests: target.requests.map((one) => ({ method: 'GET' as const, path: one.path, headers: one.headers })) } : {}),
  });
  // Without a callback autocannon returns its instance made thenable (its types know one or the other).
  (run as unknown as autocannon.Instance).on('response', (_client: unknown, _status: number, _bytes: number, milliseconds: number) => latencies.add(milliseconds));
  const result = await run;
  return {
    rps: result.requests.average,
    p50: latencies.percentile(50),
    p99: latencies.percentile(99),
    // A mix of visits meets redirects and the 404 page by design: there only a 5xx is an error.
    errors: result.errors + result.timeouts + (target.requests ? result['5xx'] : result.non2xx),
  };
}

/** Every latency of a run, in microseconds, and its percentiles read off exactly. */
export class Latencies {
  private values = new Float64Array(1 << 16);
  private count = 0;

  add(milliseconds: number): void {
    if (this.count === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.count++] = Math.round(milliseconds * 1000);
  }

  /** The latency below which `p` % of the responses came, in milliseconds (0 without any). */
  percentile(p: number): number {
    if (this.count === 0) return 0;
    const sorted = this.values.slice(0, this.count).sort();
    return sorted[Math.min(this.count - 1, Math.ceil((p / 100) * this.count) - 1)]! / 1000;
  }
}
