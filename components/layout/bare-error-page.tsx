/**
 * A whole document for the rare cases outside the site shell (the layout itself failed, or the
 * request never reached a locale). It links home with a full page load on purpose.
 */
export function BareErrorPage({
  lang,
  variant,
  title,
  text,
  home,
}: {
  lang: string;
  variant?: string;
  title: string;
  text: string;
  home: string;
}) {
  return (
    <html lang={lang} data-variant={variant}>
      <body>
        <main id="main">
          <h1>{title}</h1>
          <p>{text}</p>
          <p>
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
            <a href="/">{home}</a>
          </p>
        </main>
      </body>
    </html>
  );
}
