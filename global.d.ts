import type { Locale } from '@/lib/variants';
import type en from './messages/en.json';

declare module 'next-intl' {
  interface AppConfig {
    Locale: Locale;
    Messages: typeof en;
  }
}
