'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm, useFormContext } from 'react-hook-form';
import { useKeptValues } from '@/components/forms/use-kept-values';
import type { z } from 'zod';
import { Agreements } from '@/components/forms/agreements';
import { CustomerFields, type SitePatterns } from '@/components/forms/customer-fields';
import { useErrorText } from '@/components/forms/use-error-text';
import { type MethodOption, startingMethodId } from '@/components/payment/method-options';
import { focusIncompleteSplit, PaymentStep } from '@/components/payment/payment-step';
import { amountToCharge, coveredByVouchers, placedChoice } from '@/components/payment/agreed-terms';
import { PriceRecap } from '@/components/payment/price-recap';
import { ErrorMessage } from '@/components/ui/error-message';
import { Field, fieldStyles } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { lazyResolver } from '@/lib/forms/lazy-resolver';
import type { voucherFormSchema } from '@/lib/forms/voucher-form';
import { VOUCHER_PRESETS } from '@/lib/forms/voucher-presets';
import { useRouter } from '@/lib/i18n/navigation';
import { formatMoney } from '@/lib/money';
import { browserApi, loadSoon, type Failure, failureOf } from '@/lib/rpc/lazy';
import type { PaymentChoice } from '@/lib/rpc/payment-request';
import type { VoucherPreviewView } from '@/lib/rpc/voucher-preview';
import { type Currency, languageOf } from '@/lib/variants';
import styles from './purchase-form.module.css';
import layout from '@/components/forms/order-layout.module.css';
import { useSubmissionKey } from '@/components/forms/use-submission-key';

type Values = z.input<ReturnType<typeof voucherFormSchema>>;
type Parsed = z.output<ReturnType<typeof voucherFormSchema>>;

/**
 * The voucher purchase: value, gift, the buyer, payment and agreements, with a live recap the
 * server prices on every change. Submitting places the order (one idempotency key per submitted
 * form) and sends the buyer to the gateway or to the order page with the transfer details.
 */
export function VoucherPurchaseForm({
  methods,
  currency,
  bounds,
  patterns,
  documents,
  initialPriced,
}: {
  methods: MethodOption[];
  currency: Currency;
  bounds: { minValue: number; maxValue: number };
  patterns: SitePatterns;
  documents: { cancellation: string; terms: string };
  /** The first preset with the starting method, priced by the page on the server (absent if that failed). */
  initialPriced?: VoucherPreviewView;
}) {
  const t = useTranslations('voucherShop');
  const form = useTranslations('form');
  const payment = useTranslations('payment');
  const locale = useLocale();
  const language = languageOf(locale);
  const router = useRouter();
  const id = useId();
  const resolver = useMemo(
    () =>
      lazyResolver(async () => {
        const [{ zodResolver }, { voucherFormSchema: schema }] = await Promise.all([import('@hookform/resolvers/zod'), import('@/lib/forms/voucher-form')]);
        return zodResolver(schema(bounds));
      }),
    [bounds],
  );
  const methods$ = useForm<Values, unknown, Parsed>({
    resolver,
    mode: 'onTouched',
    defaultValues: {
      value: VOUCHER_PRESETS[0],
      gift: false,
      order: { contactAddress: { country: patterns.defaultCountry as 'CZ' }, agreeMp: false },
    },
  });
  const { register, watch, setValue, handleSubmit, formState } = methods$;
  const kept = useKeptValues('voucher-purchase', methods$, ['order.agreeCp', 'order.agreeTac']);
  const money = (units: number) => formatMoney(units * 100, currency, language);
  const errorText = useErrorText({ min: money(bounds.minValue), max: money(bounds.maxValue) });

  const [preset, setPreset] = useState<string>(String(VOUCHER_PRESETS[0]));
  const [choice, setChoice] = useState<PaymentChoice>({ voucherCodes: [], rest: startingMethodId(methods) });
  const [priced, setPriced] = useState<VoucherPreviewView | undefined>(initialPriced);
  const serverPriced = useRef(initialPriced !== undefined);
  const [pricing, setPricing] = useState(false);
  const [pricingError, setPricingError] = useState<Failure | undefined>();
  const [submitting, setSubmitting] = useState<'placing' | 'redirecting' | undefined>();
  const [submitError, setSubmitError] = useState<Failure | undefined>();
  const submissionKey = useSubmissionKey();
  const [repriceRequest, setRepriceRequest] = useState(0);

  const value = Number(watch('value'));
  const gift = watch('gift');
  const valueValid = Number.isInteger(value) && value >= bounds.minValue && value <= bounds.maxValue;

  useEffect(() => {
    if (!valueValid) return;
    // The page priced the starting value and method already: no call, and no API client to load,
    // while the page loads (a value restored from before a change of language is priced as usual).
    const first = serverPriced.current;
    serverPriced.current = false;
    if (first && value === VOUCHER_PRESETS[0] && choice.rest === startingMethodId(methods) && !choice.first && choice.voucherCodes.length === 0) return;
    const controller = new AbortController();
    const timer = window.setTimeout(async () => {
      setPricing(true);
      try {
        const { previewVoucherOrder } = await browserApi.shop();
        setPriced(await previewVoucherOrder(locale, value * 100, currency, choice, controller.signal));
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
  }, [locale, currency, value, valueValid, choice, repriceRequest, methods]);

  const onSubmit = handleSubmit(async (data) => {
    if (!coveredByVouchers(priced?.calculation) && focusIncompleteSplit(choice)) return;
    // Placed on the terms shown: the codes the pricing accepted and the charge named on the button.
    const agreed = placedChoice(choice, priced?.calculation);
    const agreedCharge = priced ? amountToCharge(priced.price, priced.calculation) : data.value * 100;
    const input = { value: data.value * 100, currency, choice: agreed, agreedCharge, form: data.order, presentFor: data.gift ? data.presentFor : undefined };
    const body = JSON.stringify(input);
    const key = submissionKey(body);
    setSubmitting('placing');
    setSubmitError(undefined);
    try {
      const [{ createVoucherOrder }, { firstGatewayUrl }] = await Promise.all([browserApi.shop(), browserApi.views()]);
      const order = await createVoucherOrder(locale, input, key);
      kept.forget();
      const gatewayUrl = firstGatewayUrl(order.payments);
      if (gatewayUrl) {
        setSubmitting('redirecting');
        window.location.assign(gatewayUrl);
        return;
      }
      router.push({ pathname: '/status/[id]', params: { id: order.id } });
    } catch (error) {
      const failure = await failureOf(error);
      // A voucher pays less than shown: price again so the visitor sees the new amounts before deciding.
      if (failure.code === 'voucher_balance_changed') setRepriceRequest((n) => n + 1);
      setSubmitError(failure);
      setSubmitting(undefined);
    }
  });

  const hasErrors = formState.submitCount > 0 && Object.keys(formState.errors).length > 0;
  // Amounts priced for an earlier value are not shown against one that is not valid now.
  const shown = valueValid ? priced : undefined;

  return (
    <FormProvider {...methods$}>
      <form onSubmit={onSubmit} onFocus={() => loadSoon(browserApi.shop, browserApi.failures)} noValidate className={layout.form} aria-describedby={hasErrors ? `${id}-errors` : undefined}>
        {hasErrors ? (
          <p id={`${id}-errors`} role="alert" className={fieldStyles.error}>
            {form('formErrors')}
          </p>
        ) : null}
        <div className={layout.columns}>
          <div>
            <fieldset className={fieldStyles.fieldset}>
              <legend>{t('valueHeading')}</legend>
              <div className={styles.presets} role="radiogroup" aria-label={t('valueHeading')}>
                {[...VOUCHER_PRESETS.map(String), 'custom'].map((option) => (
                  <label key={option} className={styles.preset} data-selected={preset === option ? '' : undefined}>
                    <input
                      type="radio"
                      name={`${id}-preset`}
                      value={option}
                      checked={preset === option}
                      onChange={() => {
                        setPreset(option);
                        if (option !== 'custom') setValue('value', Number(option), { shouldValidate: true });
                      }}
                    />
                    {option === 'custom' ? t('custom') : money(Number(option))}
                  </label>
                ))}
              </div>
              {preset === 'custom' ? (
                <Field
                  id={`${id}-custom`}
                  label={`${t('customLabel')} (${currency})`}
                  required
                  requiredText={form('required')}
                  hint={t('customHint', { min: money(bounds.minValue), max: money(bounds.maxValue) })}
                  error={errorText(formState.errors.value)}
                >
                  {(describedBy, invalid) => (
                    <input
                      id={`${id}-custom`}
                      className={fieldStyles.input}
                      inputMode="numeric"
                      aria-describedby={describedBy}
                      aria-invalid={invalid || undefined}
                      {...register('value')}
                    />
                  )}
                </Field>
              ) : null}
              <label className={fieldStyles.check}>
                <input
                  type="checkbox"
                  {...register('gift', {
                    onChange: (event: { target: { checked: boolean } }) => {
                      if (!event.target.checked) setValue('presentFor', undefined);
                    },
                  })}
                />
                <span>
                  {t('gift')}
                  <span className={fieldStyles.hint}> {t('giftHint')}</span>
                </span>
              </label>
              {gift ? <Recipient /> : null}
            </fieldset>

            <fieldset className={fieldStyles.fieldset}>
              <legend>{t('customerHeading')}</legend>
              <CustomerFields prefix="order" patterns={patterns} />
            </fieldset>

            <PaymentStep
              methods={methods}
              choice={choice}
              onChange={setChoice}
              calculation={priced?.calculation}
              currency={currency}
              language={language}
              showMissing={formState.submitCount > 0}
              covered={coveredByVouchers(shown?.calculation)}
            />
            {pricingError ? <ErrorMessage code={pricingError.code} requestId={pricingError.requestId} /> : null}

            <fieldset className={fieldStyles.fieldset}>
              <legend>{t('agreementsHeading')}</legend>
              <Agreements prefix="order" documents={documents} />
            </fieldset>
          </div>
          <aside className={layout.aside}>
            <PriceRecap
              price={shown?.price}
              calculation={shown?.calculation}
              methods={methods}
              currency={currency}
              language={language}
              busy={pricing}
              baseLabel={t('valueHeading')}
            />
          </aside>
        </div>
        {submitError ? <ErrorMessage code={submitError.code} requestId={submitError.requestId} /> : null}
        <p>
          <button type="submit" className={fieldStyles.button} disabled={submitting !== undefined || pricingError !== undefined}>
            {shown && coveredByVouchers(shown.calculation) ? t('submitCovered') : shown ? t('submit', { amount: formatMoney(amountToCharge(shown.price, shown.calculation), currency, language) }) : t('submitWithoutAmount')}
          </button>
        </p>
        {submitting ? <Spinner label={submitting === 'redirecting' ? payment('redirecting') : t('submitting')} /> : null}
      </form>
    </FormProvider>
  );
}

/** The gift recipient: optional details, kept for our support only (the recipient is never contacted). */
function Recipient() {
  const t = useTranslations('voucherShop');
  const form = useTranslations('form');
  const { register, formState } = useFormContextTyped();
  const errorText = useErrorText();
  const errors = formState.errors.presentFor;
  const field = (name: 'firstName' | 'lastName' | 'email' | 'mobile', label: string, type = 'text') => (
    <Field id={`present-${name}`} label={label} error={errorText(errors?.[name])}>
      {(describedBy, invalid) => (
        <input
          id={`present-${name}`}
          type={type}
          className={fieldStyles.input}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          {...register(`presentFor.${name}`)}
        />
      )}
    </Field>
  );
  return (
    <fieldset className={fieldStyles.fieldset}>
      <legend>{t('recipientHeading')}</legend>
      <div className={fieldStyles.grid}>
        {field('firstName', form('firstName'))}
        {field('lastName', form('lastName'))}
        {field('email', form('email'), 'email')}
        {field('mobile', form('phone'), 'tel')}
      </div>
    </fieldset>
  );
}

const useFormContextTyped = () => useFormContext<Values, unknown, Parsed>();
