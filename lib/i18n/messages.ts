import type { Locale } from '../variants';

type Messages = typeof import('../../messages/en.json');
type Tree = { [key: string]: string | Tree };

/** Later trees win; nested groups are merged key by key. */
function merge(base: Tree, override: Tree): Tree {
  const out: Tree = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const current = out[key];
    out[key] =
      typeof value === 'object' && typeof current === 'object' ? merge(current, value) : value;
  }
  return out;
}

/**
 * The messages of a locale. The Pluxee white label keeps only its differences from Czech in
 * messages/cs-pluxee.json, so the two Czech sites cannot drift apart by accident.
 */
export async function loadMessages(locale: Locale): Promise<Messages> {
  if (locale === 'cs-pluxee') {
    const [cs, pluxee] = await Promise.all([
      import('../../messages/cs.json'),
      import('../../messages/cs-pluxee.json'),
    ]);
    return merge(cs.default as Tree, pluxee.default as Tree) as unknown as Messages;
  }
  return (await import(`../../messages/${locale}.json`)).default as Messages;
}
