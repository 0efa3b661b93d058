import 'server-only';
import { createClient } from '@connectrpc/connect';
import { ApiService } from '@/gen/dzb/v1/api_pb';
import { type Locale, variantOfLocale } from '@/lib/variants';
import { pagePort } from './page-port';

/** The API as a page of this locale's site reads it, in-process (ARCHITECTURE.md §9). */
export function pageApi(locale: Locale, client?: string) {
  return createClient(ApiService, pagePort().transport({ site: { variant: variantOfLocale(locale).key, known: true }, client }));
}
