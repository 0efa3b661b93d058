/**
 * Names of Booking.com charge types by their id (/accommodations/constants `charge_types`); the
 * ones our hotels use. An unknown id is shown by number rather than guessed.
 */
const CHARGE_NAMES: Record<number, string> = {
  1: 'Service charge',
  3: 'Cleaning fee',
  21: 'VAT',
  35: 'Resort fee',
  142: 'City tax',
  143: 'Tourist tax',
  17: 'Breakfast',
  212: 'Environmental fee',
};

export function chargeName(id: number | undefined): string {
  return id !== undefined ? (CHARGE_NAMES[id] ?? `Charge ${id}`) : 'Charge';
}
