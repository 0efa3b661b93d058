import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { FocusedError } from '@/components/hotel/focused-error';
import { StepUp } from '@/components/ui/step-up';
import { HotelSearch } from '@/components/hotel/hotel-search';
import { LinkGuide } from '@/components/hotel/link-guide';
import { HotelLinkForm } from '@/components/hotel/link-form';
import { pragueToday } from '@/lib/prague-time';
import { choiceFromParam } from '@/lib/forms/hotel-search-rooms';
import { requireLocale } from '@/lib/i18n/require-locale';
import { errorCodeOf, requestIdOf } from '@/lib/rpc/errors';
import { type AvailabilityView, availabilityView, parsedLinkView } from '@/lib/rpc/hotel-search';
import { productVariantOf } from '@/lib/rpc/product-variant';
import { methodView } from '@/lib/rpc/views';
import { type Locale, variantOfLocale } from '@/lib/variants';
import { pageVisitor } from '@/app/page-visitor';
import { pageApi } from '@/server/rpc/page-api';
import styles from '../../page-layout.module.css';

interface Props {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = requireLocale((await params).locale);
  const t = await getTranslations({ locale });
  return { title: t('pages.order'), description: t('hotelSearch.lead') };
}

// Per request: the page reads the visitor's link and asks the portal.
export const dynamic = 'force-dynamic';

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim() || undefined;

/**
 * The order page, step 1. Without a link: the link field and how to copy a link. With
 * `?url=…`: the link read on the server (its error shown under the prefilled field), then the
 * hotel and the stay form (a link's passed dates left out, and said so), and when the stay has dates (from the link, or an availability id in the address
 * after a check) the hotel and its rooms straight away, with the rooms chosen before a reload.
 */
export default async function OrderPage({ params, searchParams }: Props) {
  const locale = requireLocale((await params).locale);
  setRequestLocale(locale);
  const t = await getTranslations({ locale });
  const query = await searchParams;
  const url = single(query.url);
  return (
    <div className={styles.page}>
      <h1>{t('pages.order')}</h1>
      <p className={styles.lead}>{t('hotelSearch.lead')}</p>
      <HotelLinkForm locale={locale} url={url} />
      {url ? <SearchStep locale={locale} url={url} availabilityId={single(query.availability)} choice={single(query.choice)} /> : <LinkGuide />}
    </div>
  );
}

async function SearchStep({ locale, url, availabilityId, choice }: { locale: Locale; url: string; availabilityId?: string; choice?: string }) {
  const api = pageApi(locale, await pageVisitor());
  // The browser fetches the error catalogue only after load: an error this page is rendered with brings its own text.
  const errors = await getTranslations({ locale, namespace: 'errors' });
  const productVariant = productVariantOf(locale);
  let answer;
  try {
    answer = await api.hotelParseUrl({ productVariant, url });
  } catch (error) {
    const code = errorCodeOf(error);
    // The visitor's address has spent its budget: their browser earns them one of their own first.
    if (code === 'challenge_required') return <StepUp />;
    return <FocusedError code={code} requestId={requestIdOf(error)} id="hotel-link-error" text={errors(code)} />;
  }
  const parsed = answer.hotelRequest;
  const link = parsedLinkView(answer);
  const { hotelId, stay } = link;
  let initial: AvailabilityView | undefined;
  let initialError: { code: ReturnType<typeof errorCodeOf>; requestId?: string; text: string } | undefined;
  if (availabilityId) {
    // A reload after a check: the stored answer, unless it expired or belongs to another hotel.
    initial = await api
      .hotelAvailability({ productVariant, lookup: { case: 'byId', value: { availabilityId: { id: availabilityId } } } })
      .then(availabilityView)
      .catch(() => undefined);
    if (initial && initial.hotel.id !== hotelId) initial = undefined;
  }
  // The chosen rooms belong to the stored answer only; a fresh one starts with none chosen.
  const initialChoice = initial ? choiceFromParam(choice) : {};
  if (!initial && stay.checkIn && stay.checkOut) {
    try {
      initial = availabilityView(await api.hotelAvailability({ productVariant, lookup: { case: 'bySpecification', value: { hotelRequest: parsed } } }));
    } catch (error) {
      const code = errorCodeOf(error);
      if (code === 'challenge_required') return <StepUp />;
      initialError = { code, requestId: requestIdOf(error), text: errors(code) };
    }
  }
  const { hotel: methods } = await api.paymentMethods({ productVariant });
  const views = methods.map(methodView);
  // The first step prices with a card, which every site offers for every stay; the payment step re-prices with the visitor's choice.
  const methodId = (views.find((m) => m.kind === 'card') ?? views[0])?.id ?? '';
  return (
    <HotelSearch
      hotelId={hotelId}
      stay={stay}
      hotel={link.hotel}
      datesPassed={link.datesPassed}
      initial={initial}
      initialError={initialError}
      initialChoice={initialChoice}
      methodId={methodId}
      currency={variantOfLocale(locale).currency}
      today={pragueToday(new Date())}
    />
  );
}
