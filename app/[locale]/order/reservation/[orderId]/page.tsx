import type { Metadata } from 'next';
import { FocusedError } from '@/components/hotel/focused-error';
import { ArrivalFocus } from '@/components/ui/arrival-focus';
import { StepUp } from '@/components/ui/step-up';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PreviewExpired } from '@/components/reservation/preview-expired';
import { ReservationForm } from '@/components/reservation/reservation-form';
import { StaySummary } from '@/components/reservation/stay-summary';
import { requireLocale } from '@/lib/i18n/require-locale';
import { isUuid } from '@/lib/route-params';
import { previewPricingView } from '@/lib/rpc/hotel-order-views';
import { documentPath, siteConfigOf } from '@/lib/site-config';
import { methodOptions } from '@/components/payment/method-options';
import styles from '../../../page-layout.module.css';
import { loadReservation } from './load';

interface Props {
  params: Promise<{ locale: string; orderId: string }>;
}

// Per request: the preview is priced now, and the id in the URL is the visitor's only key.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = requireLocale((await params).locale);
  const t = await getTranslations({ locale, namespace: 'pages' });
  return { title: t('orderReservation'), robots: { index: false, follow: false }, referrer: 'no-referrer' };
}

export default async function ReservationPage({ params }: Props) {
  const { locale: raw, orderId } = await params;
  const locale = requireLocale(raw);
  if (!isUuid(orderId)) notFound();
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'hotelOrder' });
  const state = await loadReservation(locale, orderId);
  if (state.kind === 'step-up') return <StepUp />;
  if (state.kind === 'refused') {
    const errors = await getTranslations({ locale, namespace: 'errors' });
    return <FocusedError code={state.code} requestId={state.requestId} text={errors(state.code)} />;
  }
  if (state.kind !== 'preview') return <PreviewExpired reason={state.kind} />;

  const site = siteConfigOf(locale);
  const currency = site.variant.currency;
  const { preview } = state;
  return (
    <div className={styles.page}>
      {/* Arriving from the rooms step, the visitor starts at this step's heading, not at the page's top. */}
      <ArrivalFocus targetId="reservation-title" />
      <h1 id="reservation-title" tabIndex={-1}>
        {t('reservation.title')}
      </h1>
      <p className={styles.lead}>{t('reservation.lead')}</p>
      <StaySummary hotel={preview.hotel} stay={preview.stay} rooms={preview.rooms} currency={currency} freeCancellationUntil={preview.freeCancellationUntil} />
      <ReservationForm
        previewId={preview.previewId}
        initial={previewPricingView(preview)}
        initialOptions={preview.options}
        initialMethodId={state.methodId}
        methods={methodOptions(preview.methods, state.fees)}
        currency={currency}
        patterns={{ phonePattern: site.phonePattern, emailPattern: site.emailPattern, defaultCountry: site.variant.key === 'pl' ? 'PL' : 'CZ' }}
        documents={{ cancellation: documentPath(locale, 'cancellation-policy'), terms: documentPath(locale, 'terms-of-service') }}
        insurancePrice={state.insurancePrice}
      />
    </div>
  );
}
