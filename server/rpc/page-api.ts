import 'server-only';
import { type Locale, variantOfLocale } from '@/lib/variants';
import { appServices } from '../services';
import { inProcessClient } from './in-process';

/** The API as a page of this locale's site reads it, in-process (ARCHITECTURE.md §9). */
export function pageApi(locale: Locale, client?: string) {
  return inProcessClient(appServices(), { site: { variant: variantOfLocale(locale).key, known: true }, client });
}
