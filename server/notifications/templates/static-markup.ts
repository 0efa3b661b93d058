import type { ReactElement } from 'react';

/**
 * react-dom/server's renderToStaticMarkup, loaded at run time from node_modules. Next forbids a
 * static import of react-dom/server anywhere in the server-component graph (which route handlers,
 * jobs and instrumentation share), and the bundler rewrites an ordinary createRequire, but e-mail
 * templates need exactly this: HTML once, no hydration. The templates are pure functions without
 * hooks or context, so elements the bundled React creates render fine with this copy (React
 * elements are identified by global symbols).
 */
const { createRequire } = process.getBuiltinModule('node:module');
const load = createRequire(`${process.cwd()}/package.json`);

export function renderToStaticMarkup(element: ReactElement): string {
  const server = load('react-dom/server') as { renderToStaticMarkup(element: ReactElement): string };
  return server.renderToStaticMarkup(element);
}
