import { handleSitemap } from '@/server/content/sitemap';
import { appConfig } from '@/server/runtime';

export async function GET(request: Request, { params }: { params: Promise<{ locale: string }> }) {
  return handleSitemap(request, appConfig(), (await params).locale);
}
