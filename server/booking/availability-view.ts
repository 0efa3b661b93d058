import type { StoredAvailability } from './availability';
import { fitsOccupancy } from './occupancy';
import { type Orderability, orderabilityOf } from './orderability';
import type { HotelInfo, ProductOffer } from './portal';

/** A rate of an availability answer as the room list shows it. */
export interface OfferView {
  offer: ProductOffer;
  /** The price "before": Booking.com's public price, never below the price we book at. */
  publicPrice: number;
  /** Whether we can order the rate for the visitor (orderability.ts). */
  orderability: Orderability;
  /** Whether the stay's guests fit as many units of it as rooms were asked for. */
  fitsOccupancy: boolean;
}

export interface RoomView {
  roomId: string;
  name: string;
  photos: HotelInfo['photos'];
  offers: OfferView[];
}

/** An availability answer as the hotel page lists it: rooms in the order Booking.com lists their rates. */
export interface AvailabilityView {
  stored: StoredAvailability;
  rooms: RoomView[];
}

export function availabilityView(stored: StoredAvailability): AvailabilityView {
  const { availability, hotel, stay } = stored;
  const rooms = new Map<string, ProductOffer[]>();
  for (const offer of availability.offers) rooms.set(offer.roomId, [...(rooms.get(offer.roomId) ?? []), offer]);
  return {
    stored,
    rooms: [...rooms].map(([roomId, offers]) => ({
      roomId,
      name: hotel.rooms[roomId]?.name ?? roomId,
      photos: hotel.rooms[roomId]?.photos ?? [],
      offers: offers.map((offer) => ({
        offer,
        publicPrice: Math.max(offer.price.publicPrice, offer.price.book),
        orderability: orderabilityOf(offer, hotel, stored.cardless),
        fitsOccupancy: fitsOccupancy(offer.occupancy, stay, stay.rooms),
      })),
    })),
  };
}
