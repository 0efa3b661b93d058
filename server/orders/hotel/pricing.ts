import 'server-only';
import type { Currency } from '@/lib/variants';
import { VARIANTS } from '@/lib/variants';
import type { PreviewOptions } from '../../db/schema';
import { DomainError } from '../../errors';
import type { Charge, DealTag, PortalPreview } from '../../booking/portal';
import type { StoredPreview } from '../../booking/preview';
import { timingOf } from '../../booking/preview';
import { daysBetween, pragueMidnight, pragueToday } from '@/lib/prague-time';
import { type MethodDefinition, methodsFor } from '../../payments/methods';
import { type Calculation, calculatePayment, type PaymentRequest } from '../../pricing/payment-calculation';
import { PROMOTIONS } from '../../pricing/promotions';
import type { Site } from '../../site';
import type { Caller } from '../../security/caller';
import type { GuessLookups } from '../../vouchers/guesses';
import { findVouchers } from '../../vouchers/lookup';

export interface PricedProduct {
  productId: string;
  roomId: string;
  name: string;
  mealPlan: PortalPreview['products'][number]['mealPlan'];
  base: number;
  /** What we pay Booking.com for this unit, and so what the visitor pays us. */
  payOnline: number;
  /** Charges the guest pays at the hotel (city tax and the like). */
  payOnSite: number;
  total: number;
  charges: Charge[];
  /** When cancelling starts to cost; absent = it costs from booking on. */
  freeCancellationUntil?: Date;
}

export interface HotelQuote {
  preview: StoredPreview;
  currency: Currency;
  products: PricedProduct[];
  rooms: { base: number; payOnline: number; payOnSite: number; total: number; charges: Charge[] };
  deal: { publicPrice: number; discounted: number; deals: DealTag[] };
  insurance: number;
  options: PreviewOptions;
  calculation: Calculation;
  /** The methods this order may be paid with (fewer for an immediate stay). */
  methods: MethodDefinition[];
  /** Check-in today or tomorrow: only methods that settle at once are offered. */
  immediate: boolean;
  timing: ReturnType<typeof timingOf>;
  /** Something is paid at the hotel: charges on site, or the whole stay by the card guarantee. */
  payAtProperty: boolean;
  /** The stay in all: what the visitor pays us (the calculation's total) and what at the hotel. */
  stayTotal: number;
  /** Earliest free-cancellation deadline of the rooms; absent = some room is non-refundable. */
  freeCancellationUntil?: Date;
}

/**
 * Prices a stored preview for the visitor: the rooms at Booking.com's preview prices (the part
 * paid online is what we charge, the rest is paid at the hotel), the optional cancellation
 * insurance, and the payment split with its fees, vouchers and bonus through the one payment
 * calculation. Pure apart from reading the vouchers.
 */
export async function quoteHotelOrder(
  services: GuessLookups,
  site: Site,
  caller: Caller,
  preview: StoredPreview,
  request: PaymentRequest,
): Promise<HotelQuote> {
  const currency = VARIANTS[site.variant].currency;
  const products = pricedProducts(preview);
  const rooms = {
    base: sum(products.map((p) => p.base)),
    payOnline: sum(products.map((p) => p.payOnline)),
    payOnSite: sum(products.map((p) => p.payOnSite)),
    total: sum(products.map((p) => p.total)),
    charges: products.flatMap((p) => p.charges),
  };
  const insurance = preview.options.cancellationInsurance ? services.config.booking.insurance[currency] : 0;
  const immediate = isImmediate(preview.stay.checkIn, services.clock.now());
  const methods = methodsFor(site.variant, 'hotel', { immediate });
  const calculation = calculatePayment({
    orderValue: rooms.payOnline + insurance,
    currency,
    request,
    methods,
    configuredFees: services.config.payments.configuredFees,
    vouchers: await findVouchers(services, caller, request.voucherCodes, currency),
    promotions: PROMOTIONS,
    now: services.clock.now(),
  });
  const deadlines = products.map((p) => p.freeCancellationUntil);
  const timing = timingOf(preview.portal);
  return {
    preview,
    currency,
    products,
    rooms,
    deal: dealOf(preview),
    insurance,
    options: preview.options,
    calculation,
    methods,
    immediate,
    timing,
    payAtProperty: rooms.payOnSite > 0 || timing === 'pay_at_the_property',
    stayTotal: calculation.price.total + rooms.payOnSite,
    freeCancellationUntil: deadlines.every(Boolean) ? new Date(Math.min(...deadlines.map((d) => d!.getTime()))) : undefined,
  };
}

/** Check-in today or tomorrow (in Prague): too soon for a transfer or a slow benefit payment. */
export function isImmediate(checkIn: string, now: Date): boolean {
  return daysBetween(pragueToday(now), checkIn) <= 1;
}

/** One entry per ordered unit, in the order the visitor chose them. */
export function pricedProducts(preview: Pick<StoredPreview, 'portal' | 'productIds' | 'stay'> & { hotel?: Pick<StoredPreview['hotel'], 'rooms'> }): PricedProduct[] {
  const queue = [...preview.portal.products];
  return preview.productIds.map((id) => {
    // Each unit chosen takes one product of its id off Booking.com's answer: a product missing,
    // or offered fewer times than chosen, is not available (never priced as another product).
    const index = queue.findIndex((p) => p.id === id);
    if (index < 0) throw new DomainError('accommodation_unavailable', `Booking.com's answer lacks a unit of product ${id}`);
    const product = queue.splice(index, 1)[0]!;
    const onSite = sum(product.charges.filter((c) => !c.online).map((c) => c.amount));
    const free = freeUntil(product.cancellation, preview.stay.checkIn);
    return {
      productId: product.id,
      roomId: product.roomId,
      name: preview.hotel?.rooms[product.roomId]?.name ?? product.roomId,
      mealPlan: product.mealPlan,
      base: product.price.base,
      payOnline: product.price.total - onSite,
      payOnSite: onSite,
      total: product.price.total,
      charges: product.charges,
      ...(free ? { freeCancellationUntil: free } : {}),
    };
  });
}

/** The instant a cancellation stops being free, when it starts free (at the latest: check-in day). */
function freeUntil(steps: PortalPreview['products'][number]['cancellation'], checkIn: string): Date | undefined {
  const [first, second] = steps;
  if (!first || first.fee > 0) return undefined;
  // Free until the stay begins: midnight of the check-in day in Prague, in summer time too.
  if (!second || second.from === 'now') return second ? undefined : pragueMidnight(checkIn);
  return new Date(second.from);
}

function dealOf(preview: StoredPreview): HotelQuote['deal'] {
  const offers = new Map(preview.offers.map((o) => [o.id, o]));
  let publicPrice = 0;
  let discounted = 0;
  const deals = new Set<DealTag>();
  for (const id of preview.productIds) {
    const offer = offers.get(id);
    if (!offer) continue;
    publicPrice += Math.max(offer.price.publicPrice, offer.price.book);
    discounted += offer.price.book;
    for (const tag of offer.deals) deals.add(tag);
  }
  return { publicPrice, discounted, deals: [...deals] };
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
