import 'server-only';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { VARIANTS, type VariantKey } from '@/lib/variants';
import { type PreviewOptions, previews } from '../db/schema';
import { DomainError } from '../errors';
import type { Site } from '../site';
import type { Services } from '../services';
import { availabilityById, markCardless, type StoredAvailability } from './availability';
import {
  allocationFromStored,
  hotelFromStored,
  offersFromStored,
  offerToStored,
  optionsFromStored,
  portalPreviewFromStored,
  portalPreviewToStored,
  stayFromStored,
} from './stored';
import { allocateGuests } from './occupancy';
import { orderabilityOf, paymentTimingOf } from './orderability';
import type { PortalPreview, ProductOffer, Timing } from './portal';
import type { Stay } from './stay';

/**
 * How long a priced choice of rooms stays ours to order. Booking.com's order token lives about
 * 15 minutes, but we book only after payment and preview again then, so the visitor gets time to
 * fill in the form; an older preview is priced again before an order is placed.
 */
export const PREVIEW_MINUTES = 30;

export interface StoredPreview {
  id: string;
  availabilityId: string;
  site: string;
  language: string;
  hotelId: string;
  hotel: StoredAvailability['hotel'];
  stay: Required<Stay>;
  currency: string;
  productIds: string[];
  allocation: { adults: number; children: number[] }[];
  options: PreviewOptions;
  offers: ProductOffer[];
  portal: PortalPreview;
  createdAt: Date;
  validUntil: Date;
}

export interface ChosenUnit {
  offer: ProductOffer;
  allocation: { adults: number; children: number[] };
}

/**
 * Prices a choice of rooms from an availability answer at Booking.com and stores it under a
 * preview id. A product id repeated n times is n rooms of that rate, at most as many as are left;
 * the guests are seated over the rooms (each room at least one adult) and Booking.com's preview
 * is asked with that allocation.
 */
export async function previewChoice(
  services: Pick<Services, 'clock' | 'db' | 'portal'>,
  site: Site,
  availabilityId: string,
  productIds: readonly string[],
  options: PreviewOptions,
): Promise<StoredPreview> {
  const available = await availabilityById(services, site, availabilityId);
  const units = chosenUnits(available, productIds);
  const portal = await askPortal(services, available, units);
  const now = services.clock.now();
  const row: StoredPreview = {
    id: randomUUID(),
    availabilityId,
    site: available.site,
    language: available.language,
    hotelId: available.hotelId,
    hotel: available.hotel,
    stay: available.stay,
    currency: available.currency,
    productIds: [...productIds],
    allocation: units.map((u) => u.allocation),
    options,
    offers: [...new Map(units.map((u) => [u.offer.id, u.offer])).values()],
    portal,
    createdAt: now,
    validUntil: new Date(now.getTime() + PREVIEW_MINUTES * 60_000),
  };
  const { db } = await services.db();
  await db.insert(previews).values({ ...row, offers: row.offers.map(offerToStored), portal: portalPreviewToStored(row.portal) });
  return row;
}

/** A stored preview of this site; `preview_expired` when it is unknown, foreign or too old. */
export async function previewById(
  services: Pick<Services, 'clock' | 'db'>,
  site: Site,
  id: string,
  { allowExpired = false } = {},
): Promise<StoredPreview> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new DomainError('preview_expired');
  const { db } = await services.db();
  const [row] = await db.select().from(previews).where(eq(previews.id, id));
  if (!row || row.site !== site.variant) throw new DomainError('preview_expired');
  if (!allowExpired && row.validUntil <= services.clock.now()) throw new DomainError('preview_expired');
  return {
    id: row.id,
    availabilityId: row.availabilityId,
    site: row.site,
    language: row.language,
    hotelId: row.hotelId,
    hotel: hotelFromStored(row.hotel),
    stay: stayFromStored(row.stay),
    currency: row.currency,
    productIds: row.productIds,
    allocation: allocationFromStored(row.allocation),
    options: optionsFromStored(row.options),
    offers: offersFromStored(row.offers),
    portal: portalPreviewFromStored(row.portal),
    createdAt: row.createdAt,
    validUntil: row.validUntil,
  };
}

export async function updatePreviewOptions(services: Pick<Services, 'db'>, preview: StoredPreview, options: PreviewOptions): Promise<StoredPreview> {
  if (preview.options.cancellationInsurance === options.cancellationInsurance && preview.options.carRentalInterest === options.carRentalInterest) return preview;
  const { db } = await services.db();
  await db.update(previews).set({ options }).where(eq(previews.id, preview.id));
  return { ...preview, options };
}

/**
 * Booking.com's preview asked again for the same rooms and guests (the token expired, or the
 * order is paid and about to be booked). Answers the fresh preview; the stored one is untouched.
 */
export async function repreview(services: Pick<Services, 'portal'>, preview: StoredPreview): Promise<PortalPreview> {
  return services.portal.preview({
    hotelId: preview.hotelId,
    checkIn: preview.stay.checkIn,
    checkOut: preview.stay.checkOut,
    currency: preview.currency,
    bookerCountry: VARIANTS[preview.site as VariantKey].country,
    products: preview.productIds.map((id, i) => ({ id, adults: preview.allocation[i]!.adults, children: preview.allocation[i]!.children })),
  });
}

/** Stores a fresh Booking.com preview on an existing preview id with a new validity. */
export async function refreshPreview(
  services: Pick<Services, 'clock' | 'db'>,
  preview: StoredPreview,
  portal: PortalPreview,
): Promise<StoredPreview> {
  const validUntil = new Date(services.clock.now().getTime() + PREVIEW_MINUTES * 60_000);
  const { db } = await services.db();
  await db.update(previews).set({ portal: portalPreviewToStored(portal), validUntil }).where(eq(previews.id, preview.id));
  return { ...preview, portal, validUntil };
}

/** The timing we will pay Booking.com with; a preview without one cannot be ordered. */
export function timingOf(portal: Pick<PortalPreview, 'timings'>): Timing {
  const timing = paymentTimingOf(portal);
  if (!timing) throw new DomainError('card_payment_not_supported');
  return timing;
}

function chosenUnits(available: StoredAvailability, productIds: readonly string[]): ChosenUnit[] {
  if (productIds.length === 0) throw new DomainError('no_products');
  const offers = new Map(available.availability.offers.map((o) => [o.id, o]));
  const counts = new Map<string, number>();
  for (const id of productIds) counts.set(id, (counts.get(id) ?? 0) + 1);
  for (const [id, count] of counts) {
    const offer = offers.get(id);
    if (!offer) throw new DomainError('accommodation_unavailable', `product ${id} is not in availability ${available.id}`);
    if (count > offer.unitsAvailable) throw new DomainError('too_many_units');
    const orderable = orderabilityOf(offer, available.hotel, available.cardless);
    if (!orderable.available) throw new DomainError(orderable.reason);
  }
  const chosen = productIds.map((id) => offers.get(id)!);
  const allocation = allocateGuests(available.stay, chosen.map((o) => o.occupancy));
  return chosen.map((offer, i) => ({ offer, allocation: allocation[i]! }));
}

async function askPortal(services: Pick<Services, 'db' | 'portal'>, available: StoredAvailability, units: ChosenUnit[]): Promise<PortalPreview> {
  const portal = await services.portal.preview({
    hotelId: available.hotelId,
    checkIn: available.stay.checkIn,
    checkOut: available.stay.checkOut,
    bookerCountry: VARIANTS[available.site as VariantKey].country,
    currency: available.currency,
    products: units.map((u) => ({ id: u.offer.id, adults: u.allocation.adults, children: u.allocation.children })),
  });
  if (portal.products.length !== units.length) throw new DomainError('accommodation_unavailable', 'the preview lost products');
  if (portal.currency !== available.currency) throw new DomainError('request_failed', `preview in ${portal.currency}`);
  if (!paymentTimingOf(portal)) {
    await markCardless(services, available.id, [...new Set(units.map((u) => u.offer.id))]);
    throw new DomainError('card_payment_not_supported');
  }
  return portal;
}
