import { z } from 'zod';
import type { CoreConfig } from './core';
import { baseUrl, optional, positiveInt } from './env';

export const bookingSchema = z.object({
  BOOKING_API_URL: optional(baseUrl),
  BOOKING_API_KEY: optional(z.string().min(1)),
  BOOKING_AFFILIATE_ID: optional(z.string().regex(/^\d+$/, 'expected the numeric affiliate id')),
  AVAILABILITY_CACHE_SECONDS: positiveInt.max(3600).default(600),
  CANCELLATION_INSURANCE_CZK: positiveInt.default(1500),
  CANCELLATION_INSURANCE_PLN: positiveInt.default(199),
});

export interface BookingConfig {
  /** Demand API base, version included (…/3.1). */
  apiUrl: string;
  apiKey: string;
  affiliateId: number;
  /** Where Booking.com's web site is read from: undefined = the real one; in sandbox mode the look-alike. */
  websiteBase: string | undefined;
  /** How long an availability answer is reused (and its id stays valid). */
  availabilitySeconds: number;
  /** The price of the optional cancellation insurance per currency, in minor units. */
  insurance: { CZK: number; PLN: number };
}

/** Booking.com settings: required outside sandbox mode, the simulator's own otherwise. */
export function resolveBooking(env: z.output<typeof bookingSchema>, core: CoreConfig, issues: string[]): BookingConfig {
  const required = (name: 'BOOKING_API_URL' | 'BOOKING_API_KEY' | 'BOOKING_AFFILIATE_ID', sandboxDefault: string): string => {
    const given = env[name];
    if (given) return given;
    if (!core.sandbox) issues.push(`${name}: required when SANDBOX is off`);
    return sandboxDefault;
  };
  return {
    apiUrl: required('BOOKING_API_URL', `${core.selfUrl}/sandbox/booking/demand-api/3.1`),
    apiKey: required('BOOKING_API_KEY', 'sandbox-demand-api-key'),
    affiliateId: Number(required('BOOKING_AFFILIATE_ID', '1234567')),
    websiteBase: core.sandbox ? `${core.selfUrl}/sandbox/booking/www` : undefined,
    availabilitySeconds: env.AVAILABILITY_CACHE_SECONDS,
    insurance: { CZK: env.CANCELLATION_INSURANCE_CZK * 100, PLN: env.CANCELLATION_INSURANCE_PLN * 100 },
  };
}
