'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useKeptValues } from '@/components/forms/use-kept-values';
import { Agreements } from '@/components/forms/agreements';
import { CustomerFields, type SitePatterns } from '@/components/forms/customer-fields';
import type { MethodOption } from '@/components/payment/method-options';
import { focusIncompleteSplit, PaymentStep } from '@/components/payment/payment-step';
import { amountToCharge, coveredByVouchers, placedChoice } from '@/components/payment/agreed-terms';
import { PriceRecap } from '@/components/payment/price-recap';
import { ErrorMessage } from '@/components/ui/error-message';
import { fieldStyles } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import type { HotelForm, HotelFormInput } from '@/lib/forms/hotel-form';
import { lazyResolver } from '@/lib/forms/lazy-resolver';
import { Link, useRouter } from '@/lib/i18n/navigation';
import { formatMoney } from '@/lib/money';
import type { HotelOptions } from '@/lib/rpc/hotel-order';
import type { PreviewPricingView } from '@/lib/rpc/hotel-order-views';
import { browserApi, loadSoon, type Failure, failureOf } from '@/lib/rpc/lazy';
import type { PaymentChoice } from '@/lib/rpc/payment-request';
import { type Currency, languageOf } from '@/lib/variants';
import { GuestFields } from './guest-fields';
import { PriceDetails } from './price-details';
import styles from './reservation-form.module.css';
import { StayOptions } from './stay-options';
import layout from '@/components/forms/order-layout.module.css';
import { useSubmissionKey } from '@/components/forms/use-submission-key';


const HOTEL_FORM_RESOLVER = lazyResolver(async () => {
  const [{ zodResolver }, { hotelFormSchema }] = await Promise.all([import('@hookform/resolvers/zod'), import('@/lib/forms/hotel-form')]);
  return zodResolver(hotelFormSchema);
});

/**
 * The second step of a hotel order: the orderer, who stays, the note and extras, the payment
 * split and the agreements, with a recap the server prices again on every change of the split or
 * the extras. Submitting places the order and sends the visitor to the first gateway, or to the
 * order page (transfer details, or nothing left to pay).
 */
export function ReservationForm({
  previewId,
  initial,
  initialOptions,
  initialMethodId,
  methods,
  currency,
  patterns,
  documents,
  insurancePrice,
}: {
  previewId: string;
  /** The preview's pricing as the server page priced it. */
  initial: PreviewPricingView;
  initialOptions: HotelOptions;
  /** The method the server priced `initial` with, so the first recap needs no second call. */
  initialMethodId: string;
  methods: MethodOption[];
  currency: Currency;
  patterns: SitePatterns;
  documents: { cancellation: string; terms: string };
  insurancePrice: number;
}) {
  const t = useTranslations('hotelOrder.form');
  const expired = useTranslations('hotelOrder.expired');
  const form = useTranslations('form');
  const payment = useTranslations('payment');
  const locale = useLocale();
  const language = languageOf(locale);
  const router = useRouter();
  const id = useId();
  const methods$ = useForm<HotelFormInput, unknown, HotelForm>({
    resolver: HOTEL_FORM_RESOLVER,
    mode: 'onTouched',
    defaultValues: { order: { contactAddress: { country: patterns.defaultCountry as 'CZ' }, agreeMp: false }, stayingGuest: 'orderer' },
  });
  const { handleSubmit, formState } = methods$;
  const kept = useKeptValues(`reservation:${previewId}`, methods$, ['order.agreeCp', 'order.agreeTac']);
  const money = (amount: number) => formatMoney(amount, currency, language);

  const [choice, setChoice] = useState<PaymentChoice>({ voucherCodes: [], rest: initialMethodId });
  const [options, setOptions] = useState<HotelOptions>(initialOptions);
  const [priced, setPriced] = useState<PreviewPricingView>(initial);
  const [pricing, setPricing] = useState(false);
  const [pricingError, setPricingError] = useState<Failure | undefined>();
  const [repriceRequest, setRepriceRequest] = useState(0);
  const [submitting, setSubmitting] = useState<'placing' | 'redirecting' | undefined>();
  const [submitError, setSubmitError] = useState<Failure | undefined>();
  const submissionKey = useSubmissionKey();
  const errorBox = useRef<HTMLDivElement>(null);
  const initialRun = useRef(true);

  useEffect(() => {
    // The server page priced the starting choice already.
    if (initialRun.current) {
      initialRun.current = false;
      return;
    }
    const controller = new AbortController();
    setPricing(true);
    const timer = window.setTimeout(async () => {
      try {
        const { repriceHotelOrder } = await browserApi.hotelOrder();
        setPriced(await repriceHotelOrder(locale, previewId, currency, choice, options, controller.signal));
        setPricingError(undefined);
      } catch (error) {
        const failure = await failureOf(error);
        if (!controller.signal.aborted) setPricingError(failure);
      } finally {
        if (!controller.signal.aborted) setPricing(false);
      }
    }, 300);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [locale, currency, previewId, choice, options, repriceRequest]);

  useEffect(() => {
    if (submitError) errorBox.current?.focus();
  }, [submitError]);

  const payNow = priced.price.payOnline.amount;
  const rooms = payNow - priced.price.serviceFee.amount - priced.price.insurance.amount;
  const extras = priced.price.insurance.amount > 0 ? [{ label: t('insurance'), amount: priced.price.insurance.amount }] : [];
  const recapPrice = { base: { amount: rooms, currency }, serviceFee: priced.price.serviceFee, bonus: priced.price.bonus, total: priced.price.payOnline };

  const covered = coveredByVouchers(priced.calculation);

  const place = async (data: HotelForm) => {
    if (!covered && focusIncompleteSplit(choice)) return;
    // The order is placed on the terms shown: the codes the pricing accepted and the charge named on the button.
    const agreed = placedChoice(choice, priced.calculation);
    const input = { previewId, currency, choice: agreed, agreedCharge: amountToCharge(recapPrice, priced.calculation), form: data };
    const body = JSON.stringify({ ...input, options });
    const key = submissionKey(body);
    setSubmitting('placing');
    setSubmitError(undefined);
    try {
      const [{ createHotelOrder }, { firstGatewayUrl }] = await Promise.all([browserApi.hotelOrder(), browserApi.views()]);
      const order = await createHotelOrder(locale, input, key);
      kept.forget();
      const gatewayUrl = firstGatewayUrl(order.payments);
      if (gatewayUrl) {
        setSubmitting('redirecting');
        window.location.assign(gatewayUrl);
        return;
      }
      router.replace({ pathname: '/order/accommodation/[orderId]', params: { orderId: order.id } });
    } catch (error) {
      const failure = await failureOf(error);
      // Booking.com priced the stay again, or a voucher pays less than shown: show the new amounts and let the visitor decide.
      if (failure.code === 'price_changed' || failure.code === 'voucher_balance_changed') setRepriceRequest((n) => n + 1);
      setSubmitError(failure);
      setSubmitting(undefined);
    }
  };

  const hasErrors = formState.submitCount > 0 && Object.keys(formState.errors).length > 0;

  return (
    <FormProvider {...methods$}>
      <form onSubmit={(event) => void handleSubmit(place)(event)} onFocus={() => loadSoon(browserApi.hotelOrder, browserApi.views, browserApi.failures)} noValidate className={layout.form} aria-describedby={hasErrors ? `${id}-errors` : undefined}>
        {hasErrors ? (
          <p id={`${id}-errors`} role="alert" className={fieldStyles.error}>
            {form('formErrors')}
          </p>
        ) : null}
        <div className={layout.columns}>
          <div>
            <fieldset className={fieldStyles.fieldset}>
              <legend>{t('customerHeading')}</legend>
              <CustomerFields prefix="order" patterns={patterns} />
            </fieldset>
            <GuestFields phonePattern={patterns.phonePattern} />
            <StayOptions options={options} onChange={setOptions} insurancePrice={money(insurancePrice)} />
            <h2>{payment('heading')}</h2>
            <PaymentStep
              methods={methods}
              choice={choice}
              onChange={setChoice}
              calculation={priced.calculation}
              currency={currency}
              language={language}
              showMissing={formState.submitCount > 0}
              covered={covered}
            />
            {pricingError ? <ErrorMessage code={pricingError.code} requestId={pricingError.requestId} /> : null}
            <fieldset className={fieldStyles.fieldset}>
              <legend>{t('agreementsHeading')}</legend>
              <Agreements prefix="order" documents={documents} />
            </fieldset>
          </div>
          <aside className={layout.aside}>
            <PriceRecap
              price={recapPrice}
              calculation={priced.calculation}
              methods={methods}
              currency={currency}
              language={language}
              busy={pricing}
              baseLabel={t('rooms')}
              extras={extras}
            />
            <PriceDetails saving={priced.saving} charges={priced.charges} currency={currency} language={language} />
            {priced.price.payOnSite.amount > 0 ? <p className={styles.onSite}>{t('payOnSite', { amount: money(priced.price.payOnSite.amount) })}</p> : null}
            <p className={styles.onlyAfter}>{t('bookedAfterPayment')}</p>
          </aside>
        </div>
        <div ref={errorBox} tabIndex={-1} className={styles.errorBox}>
          {submitError ? <ErrorMessage code={submitError.code} requestId={submitError.requestId} /> : null}
          {submitError?.code === 'price_changed' ? <p>{t('priceChanged', { amount: money(payNow) })}</p> : null}
          {/* The offer is gone for good: the only way forward is a fresh look at the hotel. */}
          {submitError?.code === 'preview_expired' || pricingError?.code === 'preview_expired' ? (
            <p>
              <Link href="/order">{expired('back')}</Link>
            </p>
          ) : null}
        </div>
        <p>
          <button type="submit" className={fieldStyles.button} disabled={submitting !== undefined || pricing || pricingError !== undefined}>
            {covered ? t('submitCovered') : t('submit', { amount: money(amountToCharge(recapPrice, priced.calculation)) })}
          </button>
        </p>
        {submitting ? <Spinner label={submitting === 'redirecting' ? payment('redirecting') : t('submitting')} /> : null}
      </form>
    </FormProvider>
  );
}
