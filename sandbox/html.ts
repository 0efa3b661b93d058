import { Html, html } from '@/lib/html-template';

export { escapeHtml, Html, html } from '@/lib/html-template';

const STYLE = `
  body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f6f8;color:#1b2330}
  header{background:#3b2a5a;color:#fff;padding:.75rem 1rem}
  header strong{letter-spacing:.05em}
  main{max-width:44rem;margin:1.5rem auto;padding:0 1rem}
  .card{background:#fff;border:1px solid #cfd6df;border-radius:.75rem;padding:1.25rem;margin-bottom:1rem}
  button,.button{display:inline-block;min-height:2.75rem;padding:.5rem 1rem;border-radius:.375rem;border:1px solid #3b2a5a;background:#3b2a5a;color:#fff;font:inherit;cursor:pointer;text-decoration:none}
  button.secondary{background:#fff;color:#3b2a5a}
  button.danger{background:#b3261e;border-color:#b3261e}
  label{display:block;margin:.5rem 0 .25rem;font-weight:600}
  input,select,textarea{font:inherit;padding:.5rem;border:1px solid #8a94a3;border-radius:.375rem;min-height:2.75rem;width:100%;box-sizing:border-box}
  table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.4rem;border-bottom:1px solid #e1e6ec;vertical-align:top}
  .notice{background:#fff4e0;border-left:4px solid #8a5300;padding:.5rem .75rem}
  :focus-visible{outline:3px solid #1a73e8;outline-offset:2px}
`;

/**
 * A whole simulator page. The banner says plainly that it is a simulator, so nobody mistakes it
 * for a real bank or gateway.
 */
export function page(options: { lang: string; title: string; banner: string; body: Html }): Response {
  const document = html`<!doctype html>
<html lang="${options.lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><title>${options.title}</title>
<style>${new Html(STYLE)}</style></head>
<body><header><strong>${options.banner}</strong></header>
<main id="main">${options.body}</main></body></html>`;
  return new Response(document.value, {
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  });
}

export function notFound(): Response {
  return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } });
}
