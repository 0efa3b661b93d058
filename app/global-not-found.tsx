import { headers } from 'next/headers';
import { BareErrorPage } from '@/components/layout/bare-error-page';
import { loadMessages } from '@/lib/i18n/messages';
import { languageOf, VARIANTS } from '@/lib/variants';
import { requestHost, siteOfHost } from '@/server/hosts';
import { appConfig } from '@/server/runtime';

/**
 * 404 for requests that never reach a locale (paths proxy.ts does not handle, such as a missing
 * file). The host still picks the language. A global not-found (next.config.ts) rather than
 * app/not-found.tsx: that one is rendered into every page's tree, and its reading of the host
 * would make every page per request, even those the same for every visitor.
 */
// The host picks the language, so this page is rendered per request.
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
