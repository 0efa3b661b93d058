import { Agent, request } from 'node:http';
import { fromBinary } from '@bufbuild/protobuf';
import { ErrorDetailSchema } from '@/gen/dzb/v1/common_pb';

/** What the soak measures per kind of request: latencies (ms) and the failures, with a sample. */
export class Tally {
  readonly latencies = new Map<string, number[]>();
  readonly errors = new Map<string, { count: number; sample: string }>();
  /** Answers the site gives by design under contention (a voucher spent meanwhile): not errors. */
  readonly refusals = new Map<string, number>();

  took(kind: string, ms: number): void {
    const list = this.latencies.get(kind) ?? [];
    list.push(ms);
    this.latencies.set(kind, list);
  }

  failed(kind: string, sample: string): void {
    const entry = this.errors.get(kind) ?? { count: 0, sample };
    entry.count++;
    this.errors.set(kind, entry);
  }

  refused(code: string): void {
    this.refusals.set(code, (this.refusals.get(code) ?? 0) + 1);
  }

  get requests(): number {
    return [...this.latencies.values()].reduce((sum, list) => sum + list.length, 0);
  }

  get errorCount(): number {
    return [...this.errors.values()].reduce((sum, entry) => sum + entry.count, 0);
  }
}

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** A failure the flow cannot go on from; already counted in the tally. */
export class FlowStopped extends Error {}

const agent = new Agent({ keepAlive: true, maxSockets: 256 });
let nextPort = 0;

/**
 * One simulated visitor as the site sees it behind its load balancer: every request goes to the
 * next web process in turn, with the visitor's own address in X-Forwarded-For.
 */
export class Visitor {
  constructor(
    private readonly ports: readonly number[],
    readonly address: string,
    private readonly tally: Tally,
  ) {}

  async send(kind: string, path: string, options: { host: string; method?: string; headers?: Record<string, string>; body?: string; expect?: number[] }): Promise<Reply> {
    const port = this.ports[nextPort++ % this.ports.length]!;
    const started = performance.now();
    let reply: Reply;
    try {
      reply = await exchange(port, path, { ...options, headers: { ...options.headers, 'x-forwarded-for': this.address } });
    } catch (error) {
      this.tally.failed(kind, (error as Error).message);
      throw new FlowStopped(kind);
    }
    this.tally.took(kind, performance.now() - started);
    if (!(options.expect ?? [200]).includes(reply.status)) {
      this.tally.failed(kind, `${reply.status} ${path}: ${reply.text.slice(0, 300)}`);
      throw new FlowStopped(kind);
    }
    return reply;
  }

  /** A Connect JSON call as the site's pages make it; a catalogue refusal in `refusals` is returned as its code. */
  async rpc<T>(kind: string, host: string, method: string, body: object, refusals: string[] = []): Promise<T | { refused: string }> {
    const reply = await this.send(kind, `/api/dzb.v1.ApiService/${method}`, {
      host,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'connect-protocol-version': '1' },
      body: JSON.stringify(body),
      expect: [200, 400, 409, 412],
    });
    if (reply.status === 200) return JSON.parse(reply.text) as T;
    const code = catalogueCode(reply.text);
    if (code && refusals.includes(code)) {
      this.tally.refused(code);
      return { refused: code };
    }
    this.tally.failed(kind, `${reply.status} ${method}: ${reply.text.slice(0, 300)}`);
    throw new FlowStopped(kind);
  }
}

/** The catalogue code of a Connect error answer (its dzb.v1.ErrorDetail). */
export function catalogueCode(text: string): string | undefined {
  try {
    const error = JSON.parse(text) as { details?: { type: string; value: string }[] };
    const detail = error.details?.find((d) => d.type === 'dzb.v1.ErrorDetail');
    return detail ? fromBinary(ErrorDetailSchema, Buffer.from(detail.value, 'base64')).code : undefined;
  } catch {
    return undefined;
  }
}

function exchange(port: number, path: string, options: { host: string; method?: string; headers?: Record<string, string>; body?: string }): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent, method: options.method ?? 'GET', headers: { ...options.headers, host: options.host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`no answer in 30 s: ${path}`)));
    req.on('error', reject);
    req.end(options.body);
  });
}
