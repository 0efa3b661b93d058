/**
 * The bounds of a stay the visitor may ask for. They are the spec's (section 9) and the ones
 * HotelAvailability enforces; the form checks them first so a mistake is named at the field
 * instead of after a round trip.
 */
export const STAY_BOUNDS = { maxNights: 90, maxDaysAhead: 500, maxRooms: 30, maxAdults: 30, maxChildren: 10, maxChildAge: 17 } as const;
