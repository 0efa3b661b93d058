import 'server-only';
import { chargeFromStored } from '../../booking/stored';
import type { Stay } from '../../booking/stay';
import type { hotelOrders } from '../../db/schema/hotel-orders';
import {
  readStored,
  storedAllocation,
  storedCancellationSchedule,
  storedOrderHotel,
  storedPreviewOptions,
  type StoredPricedProduct,
  storedPricedProduct,
  storedStay,
} from '../../db/stored/booking';
import type { PricedProduct } from './pricing';

type HotelOrderRow = typeof hotelOrders.$inferSelect;

/** A hotel order's own row as the domain reads it: its JSON checked, its instants Dates. */
export interface HotelOrderRecord extends Omit<HotelOrderRow, 'stay' | 'products'> {
  stay: Required<Stay>;
  products: PricedProduct[];
}

export function hotelOrderRecord(row: HotelOrderRow): HotelOrderRecord {
  return {
    ...row,
    hotel: readStored(storedOrderHotel, row.hotel, 'hotel_orders.hotel'),
    stay: readStored(storedStay, row.stay, 'hotel_orders.stay'),
    allocation: readStored(storedAllocation, row.allocation, 'hotel_orders.allocation'),
    products: readStored(storedPricedProducts, row.products, 'hotel_orders.products').map(pricedProductFromStored),
    cancellation: readStored(storedSchedules, row.cancellation, 'hotel_orders.cancellation'),
    options: readStored(storedPreviewOptions, row.options, 'hotel_orders.options'),
  };
}

const storedPricedProducts = storedPricedProduct.array();
const storedSchedules = storedCancellationSchedule.array();

export function pricedProductToStored({ freeCancellationUntil, ...product }: PricedProduct): StoredPricedProduct {
  return freeCancellationUntil ? { ...product, freeCancellationUntil: freeCancellationUntil.toISOString() } : product;
}

function pricedProductFromStored({ freeCancellationUntil, ...stored }: StoredPricedProduct): PricedProduct {
  const product = { ...stored, charges: stored.charges.map(chargeFromStored) };
  return freeCancellationUntil ? { ...product, freeCancellationUntil: new Date(freeCancellationUntil) } : product;
}
