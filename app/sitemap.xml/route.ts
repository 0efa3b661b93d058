import { handleSitemap } from '@/server/content/sitemap';
import { appConfig } from '@/server/runtime';

export function GET(request: Request) {
  return handleSitemap(request, appConfig());
}
