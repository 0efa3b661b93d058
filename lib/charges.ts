/**
 * The kinds of tax or fee a stay's price can carry, by Booking.com's charge type id
 * (/accommodations/constants `charge_types`): the ones our hotels use. Pages name a charge by its
 * kind through the messages (`charges.<kind>`), so a Czech visitor reads "DPH" and a Polish one
 * "Opłata miejscowa" rather than Booking.com's English names. A type not listed here, or a charge
 * without one, is `other` ("another fee" in the visitor's language), never a guess.
 */
export const CHARGE_KINDS = ['serviceCharge', 'cleaningFee', 'vat', 'resortFee', 'cityTax', 'touristTax', 'breakfast', 'environmentalFee', 'other'] as const;

export type ChargeKind = (typeof CHARGE_KINDS)[number];

/** Booking.com's charge type ids of the kinds we name. */
export const CHARGE_TYPE_IDS: Readonly<Record<Exclude<ChargeKind, 'other'>, number>> = {
  serviceCharge: 1,
  cleaningFee: 3,
  breakfast: 17,
  vat: 21,
  resortFee: 35,
  cityTax: 142,
  touristTax: 143,
  environmentalFee: 212,
};

const KIND_BY_ID = new Map<number, ChargeKind>(Object.entries(CHARGE_TYPE_IDS).map(([kind, id]) => [id, kind as ChargeKind]));

/** The kind of a charge of Booking.com type `typeId`; `other` when unknown or absent. */
export function chargeKind(typeId: number | undefined): ChargeKind {
  return (typeId !== undefined && KIND_BY_ID.get(typeId)) || 'other';
}
