import type { MessageInitShape } from '@bufbuild/protobuf';
import type { PaymentRequestSchema } from '@/gen/dzb/v1/payment_pb';
import { demandApi } from '@/server/booking/demand-api/client';
import { demandApiPortal } from '@/server/booking/demand-api/portal';
import type { BookingPortal } from '@/server/booking/portal';
import { importBankTransfers } from '@/server/payments/bank-import';
import type { TestDatabase } from '../support/databases';
import { CZECH, openShop, ORDER_FORM, type Shop } from '../support/shop';

/** Hotels of the Booking.com simulator's catalogue (sandbox/booking/catalogue.ts). */
export const HOTELS = {
  prague: { id: '1120301', slug: 'vltava-riverside-prague', country: 'cz' },
  krakow: { id: '2230104', slug: 'wawel-residence-krakow', country: 'pl' },
  /** orders/create always refuses. */
  createFails: { id: '2230436', slug: 'hotel-rynek-wroclaw', country: 'pl' },
  /** Every further preview of a stay costs more. */
  priceSurge: { id: '2230321', slug: 'hotel-motlawa-gdansk', country: 'pl' },
  /** orders/cancel always answers failed. */
  cancelRefused: { id: '1120904', slug: 'hotel-horni-namesti-olomouc', country: 'cz' },
} as const;

/** A Monday-to-Wednesday stay three weeks after the tests' clock (22 November 2026). */
export const STAY = { checkIn: '2026-12-14', checkOut: '2026-12-16' } as const;

/** What the test changes about Booking.com: counts calls, or loses the answer to a create. */
export interface PortalProbe {
  availabilityCalls: number;
  /** The next create reaches Booking.com, but its answer is lost as in a timeout. */
  loseNextCreateAnswer: boolean;
}

export async function openHotelShop(kind: TestDatabase['name']): Promise<Shop & { probe: PortalProbe }> {
  const probe: PortalProbe = { availabilityCalls: 0, loseNextCreateAnswer: false };
  const shop = await openShop(kind, {}, (parts, services) => {
    const { apiUrl, apiKey, affiliateId } = services.config.booking;
    const real = demandApiPortal(demandApi({ baseUrl: apiUrl, apiKey, affiliateId }));
    const portal: BookingPortal = {
      ...real,
      async availability(...args) {
        probe.availabilityCalls += 1;
        return real.availability(...args);
      },
      async book(input) {
        const booked = await real.book(input);
        if (probe.loseNextCreateAnswer) {
          probe.loseNextCreateAnswer = false;
          throw new Error('socket hang up');
        }
        return booked;
      },
    };
    return { ...parts, portal };
  });
  return Object.assign(shop, { probe });
}

/**
 * Availability → preview of one unit of the first orderable product (refundable, or not, when
 * asked) → order with the given payment split.
 */
export async function placeHotelOrder(
  shop: Shop,
  hotel: (typeof HOTELS)[keyof typeof HOTELS],
  paymentRequest: MessageInitShape<typeof PaymentRequestSchema>,
  options: { insured?: boolean; rate?: 'refundable' | 'nonRefundable' } = {},
) {
  const api = shop.ctx.client('cz');
  const availability = await api.hotelAvailability({
    productVariant: CZECH,
    lookup: { case: 'bySpecification', value: { hotelRequest: { hotelId: { id: hotel.id }, ...STAY, rooms: 1, adults: 2 } } },
  });
  const products = availability.hotelAvailability!.rooms.flatMap((room) => room.products).filter((p) => p.orderability?.isAvailable && p.fitsOccupancy);
  const wanted = options.rate === undefined ? products : products.filter((p) => (options.rate === 'nonRefundable') === !p.freeCancellationUntil);
  const product = wanted[0];
  if (!product) throw new Error(`no ${options.rate ?? 'orderable'} product at ${hotel.slug}`);
  const preview = await api.hotelOrderPreview({
    productVariant: CZECH,
    lookup: { case: 'bySpecification', value: { availabilityId: availability.availabilityId, productIds: [product.productId!] } },
    paymentRequest,
    options: { cancellationInsurance: options.insured ?? false, carRentalInterest: false },
  });
  const { order } = await api.hotelOrderCreate({ productVariant: CZECH, previewId: preview.previewId, paymentRequest, order: ORDER_FORM });
  return { api, availability, product, preview, order: order! };
}

/** An order of one unit paid by transfer. */
export function orderByTransfer(shop: Shop, hotel: (typeof HOTELS)[keyof typeof HOTELS], options: { insured?: boolean } = {}) {
  return placeHotelOrder(shop, hotel, { lastPayment: { methodId: { id: 'transfer' } } }, options);
}

/** The customer's bank transfer arrives and the statement is read. */
export async function payByTransfer(shop: Shop, order: Awaited<ReturnType<typeof orderByTransfer>>['order']) {
  const payment = order.payments[0]!;
  const minor = Number(payment.value!.units) * 100 + payment.value!.nanos / 10_000_000;
  await shop.transfer(payment.bankTransfer!.variableSymbol, minor);
  await importBankTransfers(shop.ctx.services);
}
