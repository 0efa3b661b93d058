'use client';

import { useTranslations } from 'next-intl';
import { useFormContext } from 'react-hook-form';
import { useErrorText } from '@/components/forms/use-error-text';
import { Field, fieldStyles } from '@/components/ui/field';
import type { HotelOptions } from '@/lib/rpc/hotel-order';

/**
 * The note for the hotel and the extras. The extras change the price, so they live outside the
 * validated form and each change is priced again by the server.
 */
export function StayOptions({
  options,
  onChange,
  insurancePrice,
}: {
  options: HotelOptions;
  onChange: (options: HotelOptions) => void;
  insurancePrice: string;
}) {
  const t = useTranslations('hotelOrder.options');
  const { register, formState } = useFormContext<{ order: { noteForHotel?: string } }>();
  const errorText = useErrorText();
  return (
    <fieldset className={fieldStyles.fieldset}>
      <legend>{t('heading')}</legend>
      <Field id="order-noteForHotel" label={t('note')} hint={t('noteHint')} error={errorText(formState.errors.order?.noteForHotel)}>
        {(describedBy, invalid) => (
          <textarea
            id="order-noteForHotel"
            className={fieldStyles.input}
            rows={3}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            {...register('order.noteForHotel')}
          />
        )}
      </Field>
      <label className={fieldStyles.check}>
        <input
          type="checkbox"
          checked={options.cancellationInsurance}
          onChange={(event) => onChange({ ...options, cancellationInsurance: event.target.checked })}
        />
        <span>
          {t('insurance', { price: insurancePrice })}
          <span className={fieldStyles.hint}> {t('insuranceHint')}</span>
        </span>
      </label>
      <label className={fieldStyles.check}>
        <input type="checkbox" checked={options.carRentalInterest} onChange={(event) => onChange({ ...options, carRentalInterest: event.target.checked })} />
        <span>{t('carRental')}</span>
      </label>
    </fieldset>
  );
}
