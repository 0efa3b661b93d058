'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { fieldStyles } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import type { ErrorCode } from '@/lib/error-codes';
import { type HotelSearch as StayInput } from '@/lib/forms/hotel-search';
import { daysBetween } from '@/lib/prague-time';
import { choiceToParam, productIdsOf, roomChoiceProblem } from '@/lib/forms/hotel-search-rooms';
import { useRouter } from '@/lib/i18n/navigation';
import { formatMoney } from '@/lib/money';
import type { AvailabilityView, HotelView, StayView } from '@/lib/rpc/hotel-search';
import { type Currency, languageOf, type Locale } from '@/lib/variants';
import { FocusedError } from './focused-error';
import { formatStayDate } from './format';
import { HotelCard } from './hotel-card';
import styles from './hotel-search.module.css';
import { RoomList } from './room-list';
import { StayForm } from './stay-form';

type Failure = { code: ErrorCode; requestId?: string };

/** Writes the page's state into its address without a navigation, so a reload or "back" restores it. */
function remember(params: Record<string, string>) {
  const address = new URL(window.location.href);
  for (const [name, value] of Object.entries(params)) {
    if (value) address.searchParams.set(name, value);
    else address.searchParams.delete(name);
  }
  window.history.replaceState(null, '', address);
}

/** Only quantities of rates in this answer that can still be ordered, at most the units left. */
function validChoice(availability: AvailabilityView | undefined, wanted: Record<string, number>): Record<string, number> {
  const products = availability?.rooms.flatMap((room) => room.products) ?? [];
  return Object.fromEntries(
    products.filter((p) => !p.unavailableReason && wanted[p.id]).map((p) => [p.id, Math.min(wanted[p.id]!, p.unitsLeft)]),
  );
}

/** The RPC layer and its error mapping, loaded on the first submit: the page's first load stays free of protobuf. */
const rpc = () => Promise.all([import('@/lib/rpc/hotel-search'), import('@/lib/rpc/errors')]);

async function failureOf(error: unknown): Promise<Failure> {
  const [, { errorCodeOf, requestIdOf }] = await rpc();
  return { code: errorCodeOf(error), requestId: requestIdOf(error) };
}

/**
 * Step 1 of the hotel order after the link is read: the stay, the hotel and its rooms, the
 * choice of units per rate, and "continue", which prices the choice and opens the next step.
 * The availability id goes into the address, so a reload shows the same answer.
 */
export function HotelSearch({
  hotelId,
  stay,
  hotel,
  datesPassed = false,
  initial,
  initialError,
  initialChoice = {},
  methodId,
  currency,
  today,
}: {
  hotelId: string;
  stay: StayView;
  /** The hotel as the link named it, shown until an availability answer shows it. */
  hotel?: HotelView;
  datesPassed?: boolean;
  initial?: AvailabilityView;
  /** The check the server made for the page, with its text in the page's language. */
  initialError?: Failure & { text: string };
  initialChoice?: Record<string, number>;
  methodId: string;
  currency: Currency;
  today: string;
}) {
  const t = useTranslations('hotelSearch');
  const locale = useLocale() as Locale;
  const language = languageOf(locale);
  const router = useRouter();
  const [availability, setAvailability] = useState(initial);
  const [checking, setChecking] = useState(false);
  const [checkError, setCheckError] = useState<(Failure & { text?: string }) | undefined>(initialError);
  const [quantities, setQuantities] = useState(() => validChoice(initial, initialChoice));
  const [continuing, setContinuing] = useState(false);
  const [choiceError, setChoiceError] = useState<Failure>();
  // Each answer to "show rooms" moves the focus to the rooms' heading: the new step, where the
  // keyboard and the screen reader go on (the button that asked stays behind them).
  const [answered, setAnswered] = useState(0);
  useEffect(() => {
    if (answered > 0) document.getElementById('rooms-title')?.focus();
  }, [answered]);

  const check = async (input: StayInput) => {
    setChecking(true);
    setCheckError(undefined);
    try {
      const [{ checkAvailability }] = await rpc();
      const answer = await checkAvailability(locale, hotelId, input);
      setAvailability(answer);
      setQuantities({});
      setChoiceError(undefined);
      remember({ availability: answer.id, choice: '' });
      setAnswered((n) => n + 1);
    } catch (error) {
      setCheckError(await failureOf(error));
    } finally {
      setChecking(false);
    }
  };

  const units = availability ? availability.rooms.flatMap((room) => room.products).flatMap((p) => Array.from({ length: quantities[p.id] ?? 0 }, () => p)) : [];
  const total = units.reduce((sum, p) => sum + p.price.amount, 0);

  const proceed = async () => {
    if (!availability) return;
    const problem = roomChoiceProblem(availability.stay, units.map((p) => p.occupancy));
    if (problem) {
      setChoiceError({ code: problem });
      return;
    }
    setChoiceError(undefined);
    setContinuing(true);
    try {
      const [{ previewChosenRooms }] = await rpc();
      const previewId = await previewChosenRooms(locale, currency, availability.id, productIdsOf(quantities), methodId);
      router.push({ pathname: '/order/reservation/[orderId]', params: { orderId: previewId } });
    } catch (error) {
      setChoiceError(await failureOf(error));
      setContinuing(false);
    }
  };

  const shown = availability?.stay;
  return (
    <div className={styles.search}>
      {availability || hotel ? <HotelCard hotel={availability?.hotel ?? hotel!} language={language} /> : null}
      {datesPassed && !availability ? (
        <p className={styles.notice} data-testid="dates-passed">
          {t('datesPassed')}
        </p>
      ) : null}
      <StayForm stay={availability?.stay ?? stay} today={today} busy={checking} onSubmit={check} />
      <div aria-live="polite">
        {checking ? <Spinner label={t('checking')} /> : null}
      </div>
      {checkError ? <FocusedError code={checkError.code} requestId={checkError.requestId} text={checkError.text} /> : null}
      {!availability && !checking && !checkError ? <p className={styles.muted}>{t('chooseDates')}</p> : null}
      {availability && shown ? (
        <>
          <p className={styles.recap} data-testid="stay-recap">
            {t('stayRecap', {
              checkIn: formatStayDate(shown.checkIn, language),
              checkOut: formatStayDate(shown.checkOut, language),
              nights: daysBetween(shown.checkIn, shown.checkOut),
              adults: shown.adults,
              children: shown.childrenAges.length,
            })}
          </p>
          <RoomList
            rooms={availability.rooms}
            nights={daysBetween(shown.checkIn, shown.checkOut)}
            requestedRooms={shown.rooms}
            quantities={quantities}
            onQuantity={(id, n) => {
              const next = { ...quantities, [id]: n };
              setQuantities(next);
              remember({ choice: choiceToParam(next) });
            }}
            currency={currency}
            language={language}
          />
          <div className={styles.choice}>
            <p aria-live="polite" data-testid="room-choice">
              {t('selection', { count: units.length })}
              {units.length > 0 ? ` · ${t('selectionTotal', { price: formatMoney(total, currency, language) })}` : null}
            </p>
            {choiceError ? <FocusedError code={choiceError.code} requestId={choiceError.requestId} /> : null}
            <button type="button" className={fieldStyles.button} onClick={proceed} disabled={continuing}>
              {t('continue')}
            </button>
            <div aria-live="polite">{continuing ? <Spinner label={t('pricing')} /> : null}</div>
          </div>
        </>
      ) : null}
    </div>
  );
}
