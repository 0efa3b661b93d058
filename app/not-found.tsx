import { headers } from 'next/headers';
import { loadMessages } from '@/lib/i18n/messages';
import { htmlLang, VARIANTS } from '@/lib/variants';
import { config } from '@/server/config';
import { variantForHost } from '@/server/hosts';

/**
 * 404 for requests that never reach a locale (paths proxy.ts does not handle, such as a missing
 * file). The host still picks the language.
 */
export default async function GlobalNotFound() {
  const requestHeaders = await headers();
  const { variant } = variantForHost(
    requestHeaders.get('x-forwarded-host') ?? requestHeaders.get('host'),
    config().hosts,
  );
  const locale = VARIANTS[variant].locales[0];
  const { errorPage } = await loadMessages(locale);
  return (
    <html lang={htmlLang(locale)} data-variant={variant}>
      <body>
        <main id="main">
          <h1>{errorPage.notFoundTitle}</h1>
          <p>{errorPage.notFoundText}</p>
          <p>
            {/* A full page load on purpose: the app shell failed or was never loaded here. */}
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
            <a href="/">{errorPage.home}</a>
          </p>
        </main>
      </body>
    </html>
  );
}
