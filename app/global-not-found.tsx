import { headers } from 'next/headers';
import { BareErrorPage } from '@/components/layout/bare-error-page';
import { loadMessages } from '@/lib/i18n/messages';
import { languageOf, VARIANTS } from '@/lib/variants';
import { requestHost, siteOfHost } from '@/server/hosts';
import { appConfig } from '@/server/runtime';

/**
 * 404 for a path no route matches (the [locale] routes take nearly every path, and proxy.ts gives
 * file paths the host's own 404). The host picks the language, so it renders per request. A
 * global not-found (next.config.ts) rather than app/not-found.tsx: that one is rendered into every
 * page's tree, and its reading of the host would make every page per request.
 */
export const dynamic = 'force-dynamic';

export default async function GlobalNotFound() {
  const requestHeaders = await headers();
  const { variant } = siteOfHost(requestHost(requestHeaders), appConfig().hosts);
  const locale = VARIANTS[variant].locales[0];
  const { errorPage } = await loadMessages(locale);
  return (
    <BareErrorPage
      lang={languageOf(locale)}
      variant={variant}
      title={errorPage.notFoundTitle}
      text={errorPage.notFoundText}
      home={errorPage.home}
    />
  );
}
