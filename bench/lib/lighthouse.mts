import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';

/**
 * Lighthouse's performance category as a phone sees it (mobile form factor, simulated
 * throttling: a fixed slow network and a 4× slower CPU modelled from one fast load, so a
 * loaded machine skews the figures less than real throttling would), with Debian's Chromium.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = () => existsSync(CHROMIUM);
/** What works on this kind of machine: no sandbox, no GPU, nothing that phones home mid-run. */
const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
];
/**
 * Single runs of Lighthouse wander by several points: a page's LCP moves by a second or more
 * between runs, as Chromium paints before or after the framework's scripts have run (the
 * simulation then counts their download into LCP). Medians of 3 still moved by 2 points; of 5, by 1.
 */
export const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5));
/** A folder to keep every run's report and trace in (to see which element was the LCP, and when), if set. */
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
let reportCount = 0;

export interface ScriptCost {
  url: string;
  /** Main-thread time attributed to the script (evaluation, parse, compile, and what it runs), ms. */
  total: number;
  scripting: number;
}

export interface LighthouseFigures {
  /** 0–100. */
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** The costliest scripts on the main thread (bootup-time audit), medians over the runs. */
  topScripts: ScriptCost[];
  runs: number;
}

const FLAGS: Flags = {
  onlyCategories: ['performance'],
  formFactor: 'mobile',
  throttlingMethod: 'simulate',
  output: 'json',
  logLevel: 'error',
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

function numeric(lhr: Result, audit: string): number {
  const value = lhr.audits[audit]?.numericValue;
  if (value === undefined) throw new Error(`Lighthouse gave no ${audit} for ${lhr.finalDisplayedUrl}`);
  return value;
}

function scriptCosts(lhr: Result): ScriptCost[] {
  const details = lhr.audits['bootup-time']?.details;
  if (details?.type !== 'table') return [];
  return details.items.map((item) => ({ url: String(item.url), total: Number(item.total), scripting: Number(item.scripting) }));
}

/** Per script, the median over the runs (a script missing from a run counts 0 there), costliest first. */
function topScripts(runs: ScriptCost[][], count = 3): ScriptCost[] {
  const urls = new Set(runs.flatMap((run) => run.map((s) => s.url)));
  const pick = (url: string, key: 'total' | 'scripting') => median(runs.map((run) => run.find((s) => s.url === url)?.[key] ?? 0));
  return [...urls]
    .map((url) => ({ url, total: pick(url, 'total'), scripting: pick(url, 'scripting') }))
    .sort((a, b) => b.total - a.total)
    .slice(0, count);
}

/** One Lighthouse run in a fresh browser, so no run inherits another's cache or warmed-up code. */
async function once(url: string, language?: string): Promise<Result> {
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS, logLevel: 'silent' });
  try {
    const extraHeaders = language ? { 'Accept-Language': language } : undefined;
    const result = await lighthouse(url, { ...FLAGS, port: chrome.port, extraHeaders });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (REPORTS) {
      mkdirSync(REPORTS, { recursive: true });
      const name = join(REPORTS, `${String(++reportCount).padStart(3, '0')}-${new URL(url).hostname}`);
      writeFileSync(`${name}.json`, JSON.stringify(lhr));
      // The page load's trace as Lighthouse recorded it: what the main thread did before the first paint.
      writeFileSync(`${name}.trace.json`, JSON.stringify(result.artifacts.Trace));
    }
    return lhr;
  } finally {
    chrome.kill();
  }
}

/**
 * Medians of `runs` Lighthouse runs of one URL. `language` is the browser's Accept-Language
 * (headless Chromium asks for en-US, which a Polish page would answer with a redirect to /en).
 */
export async function measureLighthouse(url: string, options: { runs?: number; language?: string } = {}): Promise<LighthouseFigures> {
  const runs = options.runs ?? LIGHTHOUSE_RUNS;
  const results: Result[] = [];
  for (let i = 0; i < runs; i++) results.push(await once(url, options.language));
  const score = (lhr: Result) => {
    const value = lhr.categories.performance?.score;
    if (value === null || value === undefined) throw new Error(`Lighthouse gave no performance score for ${url}`);
    return value * 100;
  };
  return {
    score: median(results.map(score)),
    fcp: median(results.map((lhr) => numeric(lhr, 'first-contentful-paint'))),
    lcp: median(results.map((lhr) => numeric(lhr, 'largest-contentful-paint'))),
    tbt: median(results.map((lhr) => numeric(lhr, 'total-blocking-time'))),
    cls: median(results.map((lhr) => numeric(lhr, 'cumulative-layout-shift'))),
    topScripts: topScripts(results.map(scriptCosts)),
    runs,
  };
}
