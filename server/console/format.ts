import { formatMoney } from '@/lib/money';
import type { PageContext } from './shell';

/** An instant as operators read it: Prague time, in the console's language. */
export function when(context: PageContext, instant: Date): string {
  return new Intl.DateTimeFormat(context.language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Prague' }).format(instant);
}

export function money(context: PageContext, minor: number, currency: string): string {
  return formatMoney(minor, currency, context.language);
}
