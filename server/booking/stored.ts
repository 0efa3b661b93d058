import 'server-only';
import {
  readStored,
  type StoredAvailabilityJson,
  storedAllocation,
  storedAvailability,
  storedHotel,
  type StoredOffer,
  type StoredPortalPreview,
  storedPortalPreview,
  storedPreviewOptions,
  storedStay,
} from '../db/stored/booking';
import { chargeTypeFromName } from './charges';
import type { Availability, Charge, HotelInfo, PortalPreview, ProductOffer } from './portal';
import type { Stay } from './stay';

/**
 * The booking domain's types to and from the JSON the tables keep (server/db/stored/booking.ts):
 * instants become ISO strings on the way in and Dates again on the way out, and every value read
 * is checked against its schema first.
 */
export function offerToStored({ freeCancellationUntil, ...offer }: ProductOffer): StoredOffer {
  return freeCancellationUntil ? { ...offer, freeCancellationUntil: freeCancellationUntil.toISOString() } : offer;
}

export function offerFromStored({ freeCancellationUntil, ...stored }: StoredOffer): ProductOffer {
  const offer = { ...stored, charges: stored.charges.map(chargeFromStored) };
  return freeCancellationUntil ? { ...offer, freeCancellationUntil: new Date(freeCancellationUntil) } : offer;
}

/** A charge read back: one stored before charge types were kept gets its type from its English name. */
export function chargeFromStored(charge: Charge): Charge {
  if (charge.type !== undefined) return charge;
  const type = chargeTypeFromName(charge.name);
  return type === undefined ? charge : { ...charge, type };
}

export function availabilityToStored(availability: Availability): StoredAvailabilityJson {
  return { ...availability, at: availability.at.toISOString(), offers: availability.offers.map(offerToStored) };
}

export function availabilityFromStored(value: unknown): Availability {
  const stored = readStored(storedAvailability, value, 'availability');
  return { ...stored, at: new Date(stored.at), offers: stored.offers.map(offerFromStored) };
}

export function portalPreviewToStored(preview: PortalPreview): StoredPortalPreview {
  return {
    ...preview,
    products: preview.products.map((product) => ({
      ...product,
      cancellation: product.cancellation.map((step) => ({ fee: step.fee, from: step.from === 'now' ? 'now' : step.from.toISOString() })),
    })),
  };
}

export function portalPreviewFromStored(value: unknown): PortalPreview {
  const stored = readStored(storedPortalPreview, value, 'portal');
  return {
    ...stored,
    products: stored.products.map((product) => ({
      ...product,
      charges: product.charges.map(chargeFromStored),
      cancellation: product.cancellation.map((step) => ({ fee: step.fee, from: step.from === 'now' ? 'now' : new Date(step.from) })),
    })),
  };
}

export const hotelFromStored = (value: unknown): HotelInfo => readStored(storedHotel, value, 'hotel');
export const stayFromStored = (value: unknown): Required<Stay> => readStored(storedStay, value, 'stay');
export const allocationFromStored = (value: unknown) => readStored(storedAllocation, value, 'allocation');
export const optionsFromStored = (value: unknown) => readStored(storedPreviewOptions, value, 'options');
export const offersFromStored = (value: unknown): ProductOffer[] => readStored(storedOfferList, value, 'offers').map(offerFromStored);

const storedOfferList = storedAvailability.shape.offers;
