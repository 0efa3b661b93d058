import { expect, test } from '@playwright/test';
import { scriptUrls } from '../../bench/lib/page-weight.mts';
import { preview } from './support/order-api';
import { raw } from './support/sites';

// `npm run build` marks every chunk a page loads from its HTML with V8's compile hint
// (scripts/compile-hints.mts), so Chromium compiles them while they download instead of function
// by function on the main thread during start-up.
const HINT = '//# allFunctionsCalledOnLoad\n';

/** The scripts the page at `path` on `host` makes the browser download (as the page-weight check counts them). */
async function scriptsOf(host: string, path: string): Promise<string[]> {
  const { body } = await raw(path, { host, headers: { 'accept-language': 'cs,en;q=0.5' } });
  return scriptUrls(body);
}

test('every script a page loads from its HTML carries the compile hint on its first line', async () => {
  const pages = [
    { host: 'localhost', path: `/objednavka/rezervace/${await preview('cz')}` },
    { host: 'pluxee.localhost', path: '/' },
    { host: 'pl.localhost', path: '/en' },
    // The not-found page has a root layout of its own.
    { host: 'localhost', path: '/no-such-page/at-all' },
  ];
  for (const { host, path } of pages) {
    const scripts = await scriptsOf(host, path);
    expect(scripts.length, `${host}${path}`).toBeGreaterThan(4);
    for (const script of scripts) {
      const { status, body } = await raw(script, { host });
      expect(status, script).toBe(200);
      expect(body.startsWith(HINT), `${script} on ${host}${path}`).toBe(true);
    }
  }
});
