'use client';

import { useTranslations } from 'next-intl';
import { useId, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useCatalogueText } from '@/components/ui/error-texts';
import { Field, fieldStyles } from '@/components/ui/field';
import { isErrorCode } from '@/lib/error-codes';
import type { HotelSearch, HotelSearchInput } from '@/lib/forms/hotel-search';
import { lazyResolver } from '@/lib/forms/lazy-resolver';
import { STAY_BOUNDS } from '@/lib/forms/stay-bounds';
import { addDays } from '@/lib/prague-time';
import type { StayView } from '@/lib/rpc/hotel-search';
import styles from './hotel-search.module.css';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * Dates, rooms, adults and each child's age. Native date inputs give every visitor a calendar
 * (and the phone's own picker) with full keyboard support; the shared schema checks the stay
 * before anything is sent.
 */
export function StayForm({ stay, today, busy, onSubmit }: { stay: StayView; today: string; busy: boolean; onSubmit: (stay: HotelSearch) => void }) {
  const t = useTranslations('hotelSearch');
  const form = useTranslations('form');
  const id = useId();
  const resolver = useMemo(
    () =>
      lazyResolver(async () => {
        const [{ zodResolver }, { hotelSearchSchema }] = await Promise.all([import('@hookform/resolvers/zod'), import('@/lib/forms/hotel-search')]);
        return zodResolver(hotelSearchSchema(today));
      }),
    [today],
  );
  const { register, handleSubmit, control: formControl, setValue, getValues, formState } = useForm<HotelSearchInput, unknown, HotelSearch>({
    resolver,
    mode: 'onTouched',
    defaultValues: { ...stay, childrenAges: stay.childrenAges },
  });
  // The stay's checks name catalogue codes: their texts (fetched after load) are asked for at once when one shows.
  const catalogue = useCatalogueText(namesCatalogueCode(formState.errors));
  const ages = useWatch({ control: formControl, name: 'childrenAges' });
  const text = (error: { message?: string } | undefined) => {
    if (!error?.message) return error ? form('errors.required') : undefined;
    if (error.message === 'dateRequired') return t('dateRequired');
    return isErrorCode(error.message) ? catalogue(error.message) : form('errors.required');
  };
  const control = (invalid: boolean, describedBy: string | undefined) => ({
    className: fieldStyles.input,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
  });

  return (
    <form className={styles.stay} onSubmit={handleSubmit(onSubmit)} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        {t('stayHeading')}
      </h2>
      <div className={styles.stayGrid}>
        <Field id={`${id}-in`} label={t('checkIn')} required requiredText={form('required')} error={text(formState.errors.checkIn)}>
          {(describedBy, invalid) => (
            <input
              id={`${id}-in`}
              type="date"
              min={today}
              {...control(invalid, describedBy)}
              {...register('checkIn', {
                // A new check-in after the chosen check-out moves the check-out to the next day, as booking sites do.
                onChange: (event: { target: { value: string } }) => {
                  const checkIn = event.target.value;
                  if (checkIn && getValues('checkOut') <= checkIn) setValue('checkOut', addDays(checkIn, 1));
                },
              })}
            />
          )}
        </Field>
        <Field id={`${id}-out`} label={t('checkOut')} required requiredText={form('required')} error={text(formState.errors.checkOut)}>
          {(describedBy, invalid) => <input id={`${id}-out`} type="date" min={addDays(today, 1)} {...control(invalid, describedBy)} {...register('checkOut')} />}
        </Field>
        <Field id={`${id}-rooms`} label={t('rooms')} error={text(formState.errors.rooms)}>
          {(describedBy, invalid) => (
            <select id={`${id}-rooms`} {...control(invalid, describedBy)} {...register('rooms')}>
              {range(1, 10).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={`${id}-adults`} label={t('adults')} error={text(formState.errors.adults)}>
          {(describedBy, invalid) => (
            <select id={`${id}-adults`} {...control(invalid, describedBy)} {...register('adults')}>
              {range(1, STAY_BOUNDS.maxAdults).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={`${id}-children`} label={t('children')} error={text(childrenCountError(formState.errors.childrenAges))}>
          {(describedBy, invalid) => (
            <select
              id={`${id}-children`}
              {...control(invalid, describedBy)}
              value={ages.length}
              onChange={(event) => {
                const count = Number(event.target.value);
                const current = getValues('childrenAges');
                setValue('childrenAges', Array.from({ length: count }, (_, i) => current[i] ?? ''), { shouldValidate: formState.isSubmitted });
              }}
            >
              {range(0, STAY_BOUNDS.maxChildren).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          )}
        </Field>
        {ages.map((_, index) => (
          <Field
            key={index}
            id={`${id}-age-${index}`}
            label={t('childAge', { number: index + 1 })}
            required
            requiredText={form('required')}
            error={text(formState.errors.childrenAges?.[index])}
          >
            {(describedBy, invalid) => (
              <select id={`${id}-age-${index}`} {...control(invalid, describedBy)} {...register(`childrenAges.${index}`)}>
                <option value="">{t('chooseAge')}</option>
                {range(0, STAY_BOUNDS.maxChildAge).map((age) => (
                  <option key={age} value={age}>
                    {t('age', { age })}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ))}
      </div>
      <p>
        <button type="submit" className={fieldStyles.button} disabled={busy} aria-disabled={busy}>
          {t('check')}
        </button>
      </p>
    </form>
  );
}

/** Whether a form's errors (field errors nested as the form's values are) name a catalogue code anywhere. */
function namesCatalogueCode(errors: unknown): boolean {
  if (!errors || typeof errors !== 'object') return false;
  return Object.entries(errors).some(([key, value]) => key !== 'ref' && (key === 'message' ? isErrorCode(value) : namesCatalogueCode(value)));
}

/**
 * The children count's own error (too many children), not its ages': a missing age marks that
 * age's field only, not the count the visitor filled in correctly.
 */
function childrenCountError(errors: { root?: { message?: string }; message?: string } | undefined) {
  return errors?.root ?? (errors?.message ? errors : undefined);
}
