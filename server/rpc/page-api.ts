import 'server-only';
import { createClient } from '@connectrpc/connect';
import { ApiService } from '@/gen/dzb/v1/api_pb';
import { type Locale, variantOfLocale } from '@/lib/variants';
import { pagePort } from './page-port';

/** The visitor a page is rendered for, as the edge told it (app/page-visitor.ts reads it). */
export interface PageVisitor {
  address: string | undefined;
  pass?: string;
}

/**
 * The API as a page of this locale's site reads it, in-process (ARCHITECTURE.md §9), for the
 * page's own visitor: every budget the call spends is that visitor's, never one all pages share.
 */
export function pageApi(locale: Locale, visitor: PageVisitor) {
  return createClient(
    ApiService,
    pagePort().transport({ site: { variant: variantOfLocale(locale).key, known: true }, client: visitor.address, pass: visitor.pass }),
  );
}
