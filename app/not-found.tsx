import { headers } from 'next/headers';
import { BareErrorPage } from '@/components/layout/bare-error-page';
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
    <BareErrorPage
      lang={htmlLang(locale)}
      variant={variant}
      title={errorPage.notFoundTitle}
      text={errorPage.notFoundText}
      home={errorPage.home}
    />
  );
}
