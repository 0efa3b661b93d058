import { notFound } from 'next/navigation';
import { hasLocale } from 'next-intl';
import type { Locale } from '../variants';
import { routing } from './routing';

/**
 * The locale of a route, or the 404 page when the first path segment is not one of ours. Such
 * requests reach app/[locale] only when proxy.ts skipped them (a path with a file extension,
 * e.g. /favicon.ico), so every page and metadata function must check, not just the layout.
 */
export function requireLocale(value: string): Locale {
  if (!hasLocale(routing.locales, value)) notFound();
  return value;
}
