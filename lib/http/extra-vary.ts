/**
 * The response header in which proxy.ts says what else an answer varies on (a page at a path
 * without a locale takes its language from the visitor's cookie and browser). Next rewrites Vary
 * for every page it renders, so the page edge (server/http/page-edge.ts) merges this into Vary
 * and never sends it on.
 */
export const EXTRA_VARY_HEADER = 'x-dzb-vary';

/** What a page whose language came from the visitor varies on. */
export const LANGUAGE_VARY = 'Accept-Language, Cookie';
