import type { Room } from './catalogue-types';

/** Babies sleep in a cot and take no bed, as Booking.com's child policies count them. */
const INFANT_BELOW = 2;

export interface Allocation {
  number_of_adults: number;
  children: number[];
}

/**
 * Seats one room's guests in a product: adults up to the room's adult beds, then children (oldest
 * first) in the children's bracket or in free beds. Answers Booking.com's `occupancy_mismatch`
 * (what fits and what does not), or null when everyone fits.
 */
export function occupancyMismatch(room: Room, guests: Allocation): { allocated: Allocation; unallocated: Allocation } | null {
  const adults = Math.min(guests.number_of_adults, room.adults);
  let beds = room.total - adults;
  let bracket = room.children?.total ?? 0;
  const allocated: number[] = [];
  const unallocated: number[] = [];
  for (const age of [...guests.children].sort((a, b) => b - a)) {
    if (age < INFANT_BELOW) {
      allocated.push(age);
    } else if (beds > 0 && room.children && age >= room.children.fromAge && age <= room.children.toAge && bracket > 0) {
      bracket -= 1;
      beds -= 1;
      allocated.push(age);
    } else if (beds > 0 && adults + (room.total - adults - beds) < room.adults) {
      // No bracket for this age: the child takes a spare adult bed.
      beds -= 1;
      allocated.push(age);
    } else {
      unallocated.push(age);
    }
  }
  if (adults === guests.number_of_adults && unallocated.length === 0) return null;
  return {
    allocated: { number_of_adults: adults, children: allocated },
    unallocated: { number_of_adults: guests.number_of_adults - adults, children: unallocated },
  };
}
