import { expect } from 'vitest';
import { addOperator } from '@/server/operators/accounts';
import type { OperatorRole } from '@/server/operators/roles';
import { type CreationOptions, type RequestOptions, SoftwareAuthenticator } from './authenticator';
import type { Shop } from './shop';

export const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

/** A browser at the console: keeps its session cookie, sends the console's Origin on every POST. */
export class ConsoleBrowser {
  cookie = '';
  constructor(
    private readonly shop: Shop,
    readonly origin: string,
  ) {}

  async request(path: string, init: { method?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {}) {
    const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
    const headers: Record<string, string> = { 'accept-language': 'en', ...(this.cookie ? { cookie: this.cookie } : {}) };
    if (method === 'POST') Object.assign(headers, { origin: this.origin, 'content-type': 'application/json' });
    const response = await this.shop.http(
      new Request(`${this.origin}${path}`, { method, headers: { ...headers, ...init.headers }, body: init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body)) }),
    );
    const set = response.headers.get('set-cookie');
    if (set) this.cookie = /Max-Age=0/.test(set) ? '' : set.split(';', 1)[0]!;
    return response;
  }

  /** The hidden fields of the form on a page (an action's nonce among them), by name. */
  async hiddenFields(path: string): Promise<Record<string, string>> {
    const page = await (await this.request(path)).text();
    return Object.fromEntries([...page.matchAll(/<input type="hidden" name="(\w+)" value="([^"]+)">/g)].map((m) => [m[1]!, m[2]!]));
  }

  /** Sends an HTML form of the console, as the browser does (urlencoded, with its Origin). */
  submit(path: string, fields: Record<string, string>) {
    return this.request(path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, raw: new URLSearchParams(fields).toString() });
  }

  async enrol(authenticator: SoftwareAuthenticator, token: string) {
    const options = await this.request('/console/passkeys/enrol/options', { body: { token } });
    expect(options.status).toBe(200);
    const credential = authenticator.create((await options.json()) as CreationOptions, this.origin);
    return this.request('/console/passkeys/enrol', { body: { token, response: credential } });
  }

  async signIn(authenticator: SoftwareAuthenticator, overrides: Parameters<SoftwareAuthenticator['get']>[2] & { origin?: string } = {}) {
    const options = await this.request('/console/passkeys/sign-in/options', { body: {} });
    expect(options.status).toBe(200);
    const assertion = authenticator.get((await options.json()) as RequestOptions, overrides.origin ?? this.origin, overrides);
    return { response: await this.request('/console/passkeys/sign-in', { body: { response: assertion } }), assertion };
  }
}


/** A browser signed in as a new operator of this role, with a passkey enrolled from their link. */
export async function signedInOperator(shop: Shop, email: string, role: OperatorRole): Promise<ConsoleBrowser> {
  const browser = new ConsoleBrowser(shop, shop.ctx.services.config.console.origin);
  const enrolled = await browser.enrol(new SoftwareAuthenticator(), tokenOf((await addOperator(shop.ctx.services, email, role)).link));
  expect(enrolled.status).toBe(200);
  return browser;
}
