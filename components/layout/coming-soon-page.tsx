import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { requireLocale } from '@/lib/i18n/require-locale';
import type { Locale } from '@/lib/variants';
import { ComingSoon } from './coming-soon';

type Params = Record<string, string | string[]> & { locale: string };
interface Props {
  params: Promise<Params>;
}

type PageTitleKey = Exclude<keyof IntlMessages['pages'], 'partner'>;
type IntlMessages = typeof import('@/messages/en.json');

/**
 * A route whose feature arrives with a later issue: it validates its parameters (a bad one is a
 * 404, as for any route) and shows the shell with a short "coming soon" body.
 */
export function comingSoonPage(
  titleKey: PageTitleKey,
  valid: (params: Params) => boolean = () => true,
) {
  async function title(locale: Locale) {
    const t = await getTranslations({ locale, namespace: 'pages' });
    return t(titleKey);
  }

  return {
    async generateMetadata({ params }: Props): Promise<Metadata> {
      const resolved = await params;
      return valid(resolved) ? { title: await title(requireLocale(resolved.locale)) } : {};
    },
    async Page({ params }: Props) {
      const resolved = await params;
      const locale = requireLocale(resolved.locale);
      if (!valid(resolved)) notFound();
      setRequestLocale(locale);
      return <ComingSoon locale={locale} title={await title(locale)} />;
    },
  };
}
