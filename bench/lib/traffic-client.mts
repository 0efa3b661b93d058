import { request } from 'node:http';
import { HEADER_CHALLENGE, HEADER_CHALLENGE_SOLUTION } from '@/lib/rpc/headers';
import type { Solvers } from './pow-solvers.mts';
import { catalogueCode } from './soak-client.mts';
import type { Phase, TrafficStats, VisitorKind } from './traffic-stats.mts';

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  text: string;
}

export interface Answer {
  status: number;
  /** The refusal's catalogue code; empty on success. */
  code: string;
  json?: unknown;
  /** The proof of work asked for, with challenge_required. */
  challenge?: string;
}

/** The visitor's flow cannot go on (refused, a 5xx, no answer); already counted. */
export class FlowStopped extends Error {}

/** What a page shows instead of its step when the visitor must earn a pass first (components/ui/step-up.tsx). */
const STEP_UP = 'id="step-up-title"';
/** A browser gives a call up after a minute (lib/rpc/browser-client.ts); so do we. */
const TIMEOUT_MS = 60_000;
/** The browser's API client tries this many challenges per call. */
const MAX_CHALLENGES = 3;

/** The n-th address of a block of loopback addresses: 127.block.x.y, never 127.0.0.1. */
export function loopbackAddress(block: number, n: number): string {
  return `127.${block}.${Math.floor(n / 250) % 256}.${(n % 250) + 1}`;
}

let nextPort = 0;

/**
 * One client as the site sees it: its own TCP connections from its own loopback address (Linux
 * routes all of 127/8 to this machine), its own cookies, and nothing that forwards an address,
 * so the site resolves the client from the socket as it would a real visitor's. Every request
 * goes to the next web process in turn, as a load balancer without sticky sessions would send
 * it. A legitimate client behaves like the site's pages in a browser: it solves the challenges
 * the API asks for, and earns a pass when a page shows the step-up.
 */
export class Client {
  private readonly cookies = new Map<string, string>();
  /** SHA-256 steps this client proved in all, and the largest single challenge it met. */
  steps = 0;
  largestChallenge = 0;

  constructor(
    private readonly context: { ports: readonly number[]; stats: TrafficStats; solvers: Solvers },
    readonly kind: VisitorKind,
    readonly phase: Phase,
    readonly address: string,
  ) {}

  get pass(): string | undefined {
    return this.cookies.get('dzb_pass');
  }

  /** One request, timed and counted; answers whatever the site answered (undefined when nothing came back). */
  async send(step: string, path: string, options: { host?: string; method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Reply | undefined> {
    const port = this.context.ports[nextPort++ % this.context.ports.length]!;
    const started = performance.now();
    try {
      const reply = await exchange(port, this.address, path, {
        ...options,
        headers: {
          'accept-language': 'cs-CZ,cs;q=0.9',
          ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
          ...options.headers,
        },
        host: `${options.host ?? 'localhost'}:${port}`,
      });
      this.keepCookies(reply.headers['set-cookie']);
      this.context.stats.answered(this, step, reply.status, performance.now() - started, reply.text);
      return reply;
    } catch (error) {
      this.context.stats.noAnswer(this, step, (error as Error).message);
      return undefined;
    }
  }

  /**
   * A page as a browser loads it. When it shows the step-up instead of its step, the browser
   * earns a pass (VisitorPass with a proof) and loads it again, as components/ui/step-up.tsx does.
   */
  async page(step: string, path: string, host = 'localhost'): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      const reply = await this.send(step, path, { host, headers: { accept: 'text/html' } });
      this.mustBeFine(step, reply, [200]);
      if (!reply!.text.includes(STEP_UP) || attempt > 0) return reply!.text;
      const pass = await this.rpc(`${step}: pass`, 'VisitorPass', {});
      if ('refused' in pass) this.refuse(`${step}: VisitorPass`, pass.refused);
    }
  }

  /**
   * A Connect JSON call as the site's browser client makes it: a challenge is solved and the call
   * sent again with the solution (at most MAX_CHALLENGES times). Catalogue codes in `expected` are
   * answers the page shows as part of the product (an unknown code, a room gone); they come back
   * as `{ refused: code }`. Anything else that is not a 200 stops the flow.
   */
  async rpc<T extends object = object>(step: string, method: string, body: object, options: { expected?: string[]; headers?: Record<string, string>; host?: string } = {}): Promise<T | { refused: string }> {
    const { expected = [] } = options;
    let solution: string | undefined;
    for (let attempt = 1; ; attempt++) {
      const answer = await this.call(step, method, body, { ...options, solution });
      if (!answer || answer.status >= 500) throw new FlowStopped(step);
      if (answer.status === 200) return answer.json as T;
      if (answer.challenge && attempt < MAX_CHALLENGES) {
        solution = await this.prove(answer.challenge);
        continue;
      }
      if (expected.includes(answer.code)) return { refused: answer.code };
      this.refuse(step, answer.code);
    }
  }

  /** One Connect JSON call, as it came back: the body, or the refusal's catalogue code and challenge. */
  async call(step: string, method: string, body: object, options: { headers?: Record<string, string>; host?: string; solution?: string } = {}): Promise<Answer | undefined> {
    const reply = await this.send(step, `/api/dzb.v1.ApiService/${method}`, {
      host: options.host,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'connect-protocol-version': '1',
        ...options.headers,
        ...(options.solution ? { [HEADER_CHALLENGE_SOLUTION]: options.solution } : {}),
      },
      body: JSON.stringify(body),
    });
    if (!reply) return undefined;
    if (reply.status === 200) return { status: 200, code: '', json: JSON.parse(reply.text) as unknown };
    const code = catalogueCode(reply.text) ?? `HTTP ${reply.status}`;
    const challenge = code === 'challenge_required' ? header(reply.headers[HEADER_CHALLENGE]) : undefined;
    return { status: reply.status, code, challenge };
  }

  /** Proves the work a challenge asks for on a solver thread; what it took is kept for the report. */
  async prove(challenge: string): Promise<string> {
    const solved = await this.context.solvers.solve(challenge);
    this.steps += solved.steps;
    this.largestChallenge = Math.max(this.largestChallenge, solved.work);
    this.context.stats.proved(this, solved.steps, solved.work);
    return solved.header;
  }

  /** A refusal the visitor did not expect: counted, and the flow stops. */
  refuse(step: string, code: string): never {
    this.context.stats.refused(this, step, code);
    throw new FlowStopped(step);
  }

  /** Stops the flow on no answer, a 5xx (both already counted) or a status the step does not expect (counted as a refusal). */
  mustBeFine(step: string, reply: Reply | undefined, statuses: number[]): asserts reply is Reply {
    if (!reply || reply.status >= 500) throw new FlowStopped(step);
    if (!statuses.includes(reply.status)) this.refuse(step, `HTTP ${reply.status} ${reply.text.slice(0, 120)}`);
  }

  private keepCookies(setCookie: string | string[] | undefined): void {
    for (const line of [setCookie ?? []].flat()) {
      const [pair = ''] = line.split(';', 1);
      const at = pair.indexOf('=');
      if (at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);


/**
 * One request on a connection of its own from `address` (no keep-alive: a pool of kept sockets
 * per simulated client would run into the server closing idle ones mid-reuse, which is this
 * load generator's problem, not the site's).
 */
function exchange(port: number, address: string, path: string, options: { host: string; method?: string; headers?: Record<string, string>; body?: string }): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, localAddress: address, path, agent: false, method: options.method ?? 'GET', headers: { ...options.headers, host: options.host } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const binary = String(res.headers['content-type'] ?? '').startsWith('application/pdf');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: binary ? '' : body.toString('utf8') });
        });
        res.on('error', reject);
      },
    );
    req.setTimeout(TIMEOUT_MS, () => req.destroy(new Error(`no answer in ${TIMEOUT_MS / 1000} s: ${path}`)));
    req.on('error', reject);
    req.end(options.body);
  });
}
