import 'server-only';
import { VARIANTS } from '@/lib/variants';
import type { Config } from '../config';
import { siteOfRequest } from '../hosts';

/**
 * GET /robots.txt for the request's host. Only production hosts of the own-brand sites may be
 * crawled (the same rule as the pages' robots meta tag); they point to their sitemap on the
 * configured public URL. Everything else asks crawlers to stay away.
 */
export function handleRobots(request: Request, config: Config): Response {
  const { variant, known } = siteOfRequest(request.headers, config);
  const indexable = config.appEnv === 'prod' && known && !VARIANTS[variant].whiteLabel;
  const lines = indexable
    ? [
        'User-agent: *',
        'Allow: /',
        'Disallow: /api/',
        '',
        `Sitemap: ${new URL('/sitemap.xml', config.publicUrl[variant]).toString()}`,
      ]
    : ['User-agent: *', 'Disallow: /'];
  return new Response(`${lines.join('\n')}\n`, {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
