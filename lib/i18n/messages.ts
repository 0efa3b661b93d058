import { type Locale, languageOf } from '../variants';

type ErrorPageMessages = typeof import('../../messages/error-page/en.json');
type ErrorMessages = typeof import('../../messages/errors/en.json');
export type Messages = typeof import('../../messages/en.json') & { errorPage: ErrorPageMessages; errors: ErrorMessages };
type Tree = { [key: string]: string | Tree };

// With precompiled messages (next.config.ts) a message can be an array; only groups merge.
const isGroup = (value: unknown): value is Tree => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Later trees win; nested groups are merged key by key. */
function merge(base: Tree, override: Tree): Tree {
  const out: Tree = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const current = out[key];
    out[key] = isGroup(value) && isGroup(current) ? merge(current, value) : value;
  }
  return out;
}

async function catalogOf(locale: Locale): Promise<Tree> {
  if (locale === 'cs-pluxee') {
    const [cs, pluxee] = await Promise.all([import('../../messages/cs.json'), import('../../messages/cs-pluxee.json')]);
    return merge(cs.default as Tree, pluxee.default as Tree);
  }
  return (await import(`../../messages/${locale}.json`)).default as Tree;
}

/**
 * The messages of a locale. The Pluxee white label keeps only its differences from Czech in
 * messages/cs-pluxee.json, so the two Czech sites cannot drift apart by accident. The error
 * page's texts live in their own small files because app/global-error.tsx, which has no
 * provider, bundles them for the browser: the whole catalogues would weigh on every page. So do
 * the texts of the error catalogue, which a form fetches by themselves once the page has loaded
 * (components/ui/error-texts.ts) instead of carrying them in its HTML.
 */
export async function loadMessages(locale: Locale): Promise<Messages> {
  const language = languageOf(locale);
  const [catalog, errorPage, errors] = await Promise.all([
    catalogOf(locale),
    import(`../../messages/error-page/${language}.json`).then((module) => module.default as Tree),
    import(`../../messages/errors/${language}.json`).then((module) => module.default as Tree),
  ]);
  return { ...catalog, errorPage, errors } as unknown as Messages;
}
