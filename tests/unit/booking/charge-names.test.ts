import { create } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { createTranslator } from 'use-intl/core';
import { HotelOrderPreviewResponseSchema } from '@/gen/dzb/v1/order_pb';
import { CHARGE_KINDS, CHARGE_TYPE_IDS, chargeKind } from '@/lib/charges';
import { loadMessages } from '@/lib/i18n/messages';
import { hotelPreviewView } from '@/lib/rpc/hotel-order-views';
import { languageOf, LOCALES } from '@/lib/variants';
import { chargeName, chargeTypeFromName } from '@/server/booking/charges';
import type { Charge } from '@/server/booking/portal';
import { chargeFromStored } from '@/server/booking/stored';
import { extraCharge } from '@/server/rpc/mapping/hotels';

/** A charge as the Demand API adapter makes it from Booking.com's `{ charge: id, … }`. */
const fromBooking = (id: number | undefined, online = true): Charge => ({
  name: chargeName(id),
  ...(id !== undefined ? { type: id } : {}),
  percentageBasisPoints: 0,
  amount: 10_000,
  online,
});

/** What the reservation page's price details name each charge, through the API and the view. */
async function named(locale: (typeof LOCALES)[number], charges: Charge[]) {
  const preview = create(HotelOrderPreviewResponseSchema, { orderPreview: { price: { extraCharges: charges.map((c) => extraCharge(c, 'CZK')) } } });
  const messages = await loadMessages(locale);
  const t = createTranslator({ locale: languageOf(locale), messages, namespace: 'charges' });
  return hotelPreviewView(preview).charges.map((c) => t(c.kind));
}

describe('names of Booking.com charges', () => {
  it('are the visitor’s words for VAT and the city tax, by type id', async () => {
    const charges = [fromBooking(21), fromBooking(142, false)];
    expect(await named('cs', charges)).toEqual(['DPH', 'Poplatek z pobytu']);
    expect(await named('cs-pluxee', charges)).toEqual(['DPH', 'Poplatek z pobytu']);
    expect(await named('pl', charges)).toEqual(['VAT', 'Opłata miejscowa']);
    expect(await named('en', charges)).toEqual(['VAT', 'City tax']);
  });

  it('fall back to a plain "another fee" for a type we do not know, or a charge without one', async () => {
    const charges = [fromBooking(999), fromBooking(undefined)];
    expect(charges.map((c) => c.name)).toEqual(['Charge 999', 'Charge']);
    expect(await named('cs', charges)).toEqual(['Jiný poplatek', 'Jiný poplatek']);
    expect(await named('pl', charges)).toEqual(['Inna opłata', 'Inna opłata']);
    expect(await named('en', charges)).toEqual(['Other charge', 'Other charge']);
  });

  it('read the type back from the English name of a charge stored before types were kept', async () => {
    const legacy = (name: string): Charge => ({ name, percentageBasisPoints: 0, amount: 100, online: false });
    expect(chargeTypeFromName('City tax')).toBe(142);
    expect(chargeTypeFromName('Charge 77')).toBe(77);
    expect(chargeTypeFromName('Charge')).toBeUndefined();
    expect(await named('cs', [legacy('VAT'), legacy('City tax'), legacy('Charge')].map(chargeFromStored))).toEqual(['DPH', 'Poplatek z pobytu', 'Jiný poplatek']);
  });

  it('cover every kind in every language, each type id naming one kind', async () => {
    for (const [kind, id] of Object.entries(CHARGE_TYPE_IDS)) {
      expect(chargeKind(id)).toBe(kind);
      expect(chargeTypeFromName(chargeName(id))).toBe(id);
    }
    for (const locale of LOCALES) {
      const { charges } = await loadMessages(locale);
      expect(Object.keys(charges).sort(), locale).toEqual([...CHARGE_KINDS].sort());
    }
    // Czech and Polish never show Booking.com's English words, except the abbreviation VAT in Polish.
    const english = Object.values((await loadMessages('en')).charges);
    for (const locale of ['cs', 'pl'] as const) {
      const texts = Object.values((await loadMessages(locale)).charges);
      expect(texts.filter((text) => english.includes(text)), locale).toEqual(locale === 'pl' ? ['VAT'] : []);
    }
  });
});
