import { CHARGE_TYPE_IDS, chargeKind, type ChargeKind } from '@/lib/charges';

/**
 * English names of Booking.com charge types (the kinds lib/charges.ts knows), for logs and the
 * API's `name`. Pages never show these: they name a charge by its type id in the visitor's
 * language. An unknown id is named by number rather than guessed.
 */
const ENGLISH: Record<Exclude<ChargeKind, 'other'>, string> = {
  serviceCharge: 'Service charge',
  cleaningFee: 'Cleaning fee',
  vat: 'VAT',
  resortFee: 'Resort fee',
  cityTax: 'City tax',
  touristTax: 'Tourist tax',
  breakfast: 'Breakfast',
  environmentalFee: 'Environmental fee',
};

export function chargeName(id: number | undefined): string {
  if (id === undefined) return 'Charge';
  const kind = chargeKind(id);
  return kind === 'other' ? `Charge ${id}` : ENGLISH[kind];
}

/**
 * The type id of a charge stored before charges kept their type (only the English name): read
 * back from the name, so an old preview or order still shows "DPH" rather than "another fee".
 */
export function chargeTypeFromName(name: string): number | undefined {
  const kind = (Object.keys(ENGLISH) as Exclude<ChargeKind, 'other'>[]).find((k) => ENGLISH[k] === name);
  if (kind) return CHARGE_TYPE_IDS[kind];
  const numbered = /^Charge (\d+)$/.exec(name);
  return numbered ? Number(numbered[1]) : undefined;
}
