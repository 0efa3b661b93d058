/**
 * A Vary value with `names` added, each once (header names compare without case); `*` already
 * covers every name. The edge adds the coding it negotiates and what proxy.ts says a page also
 * varies on.
 */
export function addToVary(vary: string | number | string[] | undefined, names: readonly string[]): string {
  const listed = String(vary ?? '').split(',').map((name) => name.trim()).filter(Boolean);
  const known = new Set(listed.map((name) => name.toLowerCase()));
  if (known.has('*')) return listed.join(', ');
  for (const name of names) {
    if (!name || known.has(name.toLowerCase())) continue;
    listed.push(name);
    known.add(name.toLowerCase());
  }
  return listed.join(', ');
}
