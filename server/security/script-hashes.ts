import { createHash } from 'node:crypto';

/** Script types a browser runs; any other type (JSON data blocks) is data, which CSP ignores. */
const EXECUTABLE_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module', 'text/ecmascript', 'application/ecmascript']);

/** The value of one attribute in a tag's attribute text, or undefined when absent. */
function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${name}(?:\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+)))?(?=\\s|$)`, 'i').exec(attributes);
  if (!match) return undefined;
  return match[1] ?? match[2] ?? match[3] ?? '';
}

/**
 * The CSP hash sources ('sha256-…') of every inline script of an HTML document that a browser
 * would run. Script elements hold raw text, so the text between the tags is exactly what the
 * browser hashes.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1] ?? '';
    if (attribute(attributes, 'src') !== undefined) continue;
    const type = (attribute(attributes, 'type') ?? '').trim().toLowerCase();
    if (!EXECUTABLE_TYPES.has(type)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(match[2] ?? '', 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/**
 * A page's per-request policy turned into one for a cached page: the nonce (and the trust it
 * passed on with 'strict-dynamic') is replaced by the hashes of the page's own inline scripts,
 * so the scripts of this exact document run, same-origin files load, and nothing else does.
 */
export function hashedPolicy(policy: string, hashes: readonly string[]): string {
  return policy
    .split(';')
    .map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      if (name !== 'script-src') return directive.trim();
      const kept = sources.filter((source) => !source.startsWith("'nonce-") && source !== "'strict-dynamic'");
      return [name, ...kept, ...hashes].join(' ');
    })
    .join('; ');
}
