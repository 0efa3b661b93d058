import { request as httpRequest } from 'node:http';
import type { Page } from '@playwright/test';
import { PORTS } from '../../../playwright.config';

export type Env = keyof typeof PORTS;

/** Base URLs of the sites; the browser resolves *.localhost to this machine. */
export function site(host: 'localhost' | 'cz.localhost' | 'pl.localhost' | 'pluxee.localhost', env: Env = 'test') {
  return `http://${host}:${PORTS[env]}`;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * A plain HTTP request to 127.0.0.1 with any Host header, as curl -H 'Host: …' sends it; Node's
 * resolver does not know the *.localhost names.
 */
export function raw(
  path: string,
  options: { host: string; env?: Env; method?: string; headers?: Record<string, string>; body?: string; localAddress?: string },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: PORTS[options.env ?? 'test'],
        // A client of its own (Linux lets one bind any 127.x.y.z); 127.0.0.1 is the test server's trusted proxy.
        localAddress: options.localAddress,
        path,
        method: options.method ?? 'GET',
        headers: { ...options.headers, host: options.host },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Waits until React has hydrated the current page, so that clicks reach their handlers. */
export function hydrated(page: Page) {
  return page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/** Opens a page and waits for hydration. */
export async function visit(page: Page, url: string) {
  const response = await page.goto(url);
  await hydrated(page);
  return response;
}

/**
 * The page's cumulative layout shift once its HTML was parsed (shifts right after input do not
 * count), read from the browser's own buffered layout-shift entries. On a starved CPU the parser
 * paints a half-read header (a button before its label arrives): that progressive rendering is
 * the browser's, so only what moves after `domInteractive` (hydration, late data, fonts) counts.
 */
export function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
        const parsedAt = navigation?.domInteractive ?? 0;
        let total = 0;
        const add = (entries: PerformanceEntryList) => {
          for (const entry of entries as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput && entry.startTime >= parsedAt) total += entry.value;
          }
        };
        const observer = new PerformanceObserver((list) => add(list.getEntries()));
        observer.observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => {
          add(observer.takeRecords());
          observer.disconnect();
          resolve(total);
        }, 200);
      }),
  );
}
