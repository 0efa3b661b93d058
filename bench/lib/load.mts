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
  p50: number;
  p99: number;
  errors: number;
}

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);

/** One autocannon run: 10 connections, at full rate or at a fixed overall rate (requests/s). */
export async function load(target: Target, rate?: number, seconds = SECONDS): Promise<Result> {
  const result = await autocannon({
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
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // A mix of visits meets redirects and the 404 page by design: there only a 5xx is an error.
    errors: result.errors + result.timeouts + (target.requests ? result['5xx'] : result.non2xx),
  };
}
