import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTranslator } from 'use-intl/core';
import type { ChargeKind } from '@/lib/charges';
import { loadMessages } from '@/lib/i18n/messages';
import { formatMoney } from '@/lib/money';
import { hotelPreviewView } from '@/lib/rpc/hotel-order-views';
import { availabilityView } from '@/lib/rpc/hotel-search';
import { type Locale, languageOf } from '@/lib/variants';
import { databaseKinds } from '../support/databases';
import { CZECH, type Shop } from '../support/shop';
import { HOTELS, openHotelShop, type PortalProbe, STAY } from './support';

const POLISH = { product: 2, lang: 2, currency: 2 } as const;

/** The texts the room list and the reservation's price details show for each charge, as the pages format them. */
async function shownCharges(locale: Locale, charges: { kind: ChargeKind; online: boolean; amount: number; currency: string }[]) {
  const messages = await loadMessages(locale);
  const language = languageOf(locale);
  const name = createTranslator({ locale: language, messages, namespace: 'charges' });
  const rooms = createTranslator({ locale: language, messages, namespace: 'hotelSearch' });
  const details = createTranslator({ locale: language, messages, namespace: 'hotelOrder.priceDetails' });
  return charges.map((c) => ({
    room: rooms(c.online ? 'chargeOnline' : 'chargeAtHotel', { name: name(c.kind), amount: formatMoney(c.amount, c.currency, language) }),
    details: details(c.online ? 'included' : 'atHotel', { name: name(c.kind) }),
  }));
}

/**
 * Booking.com names its taxes and fees in English ("VAT", "City tax"); the pages name them by
 * charge type in the visitor's language, from the Demand API's answer through the API and the
 * views to the messages.
 */
describe.each(databaseKinds())('charges named in the visitor’s language, on %s', (kind) => {
  let shop: Shop & { probe: PortalProbe };
  beforeAll(async () => {
    shop = await openHotelShop(kind);
  });
  afterAll(() => shop?.close());

  async function charges(variant: typeof CZECH | typeof POLISH) {
    const api = shop.ctx.client(variant === CZECH ? 'cz' : 'pl');
    // A Prague hotel on either site: Prague charges a city tax (Kraków in the simulator does not).
    const hotel = HOTELS.prague;
    const availability = await api.hotelAvailability({
      productVariant: variant,
      lookup: { case: 'bySpecification', value: { hotelRequest: { hotelId: { id: hotel.id }, ...STAY, rooms: 1, adults: 2 } } },
    });
    const offered = availabilityView(availability).rooms.flatMap((room) => room.products);
    const product = availability.hotelAvailability!.rooms.flatMap((room) => room.products).find((p) => p.orderability?.isAvailable && p.fitsOccupancy)!;
    const preview = await api.hotelOrderPreview({
      productVariant: variant,
      lookup: { case: 'bySpecification', value: { availabilityId: availability.availabilityId, productIds: [product.productId!] } },
      paymentRequest: { lastPayment: { methodId: { id: 'transfer' } } },
    });
    const previewed = hotelPreviewView(preview).charges;
    return {
      offered: offered.flatMap((p) => p.charges.map((c) => ({ kind: c.kind, online: c.online, amount: c.value.amount, currency: c.value.currency }))),
      previewed: previewed.map((c) => ({ kind: c.kind, online: c.online, amount: c.amount.amount, currency: c.amount.currency })),
    };
  }

  it('carries the charge type to the pages: VAT within the price and the city tax paid at the hotel', async () => {
    const { offered, previewed } = await charges(CZECH);
    expect(new Set(offered.map((c) => c.kind))).toEqual(new Set(['vat', 'cityTax']));
    expect(new Set(previewed.map((c) => `${c.kind}:${c.online}`))).toEqual(new Set(['vat:true', 'cityTax:false']));
  });

  it('names them in Czech on the Czech sites', async () => {
    const { previewed } = await charges(CZECH);
    const vat = previewed.find((c) => c.kind === 'vat')!;
    const tax = previewed.find((c) => c.kind === 'cityTax')!;
    for (const locale of ['cs', 'cs-pluxee'] as const) {
      const [shownVat, shownTax] = await shownCharges(locale, [vat, tax]);
      expect(shownVat!.details).toBe('DPH (v ceně)');
      expect(shownTax!.details).toBe('Poplatek z pobytu (platí se v hotelu)');
      expect(shownTax!.room).toBe(`Poplatek z pobytu: ${formatMoney(tax.amount, 'CZK', 'cs')}, platí se v hotelu`);
    }
  });

  it('names them in Polish and in English on the Polish site', async () => {
    const { previewed } = await charges(POLISH);
    const vat = previewed.find((c) => c.kind === 'vat')!;
    const tax = previewed.find((c) => c.kind === 'cityTax')!;
    expect(vat.currency).toBe('PLN');
    const polish = await shownCharges('pl', [vat, tax]);
    expect(polish.map((c) => c.details)).toEqual(['VAT (w cenie)', 'Opłata miejscowa (do zapłaty w hotelu)']);
    expect(polish[1]!.room).toBe(`Opłata miejscowa: ${formatMoney(tax.amount, 'PLN', 'pl')}, do zapłaty w hotelu`);
    const english = await shownCharges('en', [vat, tax]);
    expect(english.map((c) => c.details)).toEqual(['VAT (included in the price)', 'City tax (paid at the hotel)']);
  });
});
