/**
 * Every budget of the site in one table: what is counted, per whom, over which window, and how
 * much. "client" budgets are per caller (an IPv4 address or an IPv6 /64, see client-key.ts);
 * "site" budgets are shared by every caller of all three sites. The README's budget table is
 * this table. Operators override a row with BUDGETS (`name=max/seconds,…`, server/config).
 */
export interface Budget {
  per: 'client' | 'site';
  windowSeconds: number;
  max: number;
  /** What one unit is, for the README and the logs. */
  unit: string;
}

export const BUDGETS = {
  /** Voucher codes that match no usable voucher, whatever the call that carried them. */
  voucherGuesses: { per: 'client', windowSeconds: 3600, max: 10, unit: 'a code that matches no usable voucher' },
  /**
   * The same, counted for everybody. Beyond it a lookup is answered only with a proof of work,
   * whose cost grows with every further miss in the window (server/vouchers/guesses.ts).
   */
  voucherGuessesSiteWide: { per: 'site', windowSeconds: 86_400, max: 20, unit: 'a code that matches no usable voucher' },
  linkAnalyses: { per: 'client', windowSeconds: 600, max: 30, unit: 'a HotelParseUrl call' },
  availabilityQuestions: { per: 'client', windowSeconds: 600, max: 30, unit: 'a HotelAvailability question not in the cache' },
  /** Booking.com's quota is the site's, whoever asks. */
  availabilityQuestionsSiteWide: { per: 'site', windowSeconds: 60, max: 300, unit: 'a HotelAvailability question not in the cache' },
  previews: { per: 'client', windowSeconds: 600, max: 200, unit: 'a HotelOrderPreview or VoucherOrderPreview call' },
  orders: { per: 'client', windowSeconds: 3600, max: 20, unit: 'a HotelOrderCreate or VoucherOrderCreate call' },
  paymentRetries: { per: 'client', windowSeconds: 3600, max: 20, unit: 'a PaymentRetry call' },
  contactMessages: { per: 'client', windowSeconds: 3600, max: 5, unit: 'a ContactSend call' },
  consoleSignIns: { per: 'client', windowSeconds: 600, max: 20, unit: 'a passkey ceremony begun at the operator console' },
} as const satisfies Record<string, Budget>;

export type BudgetName = keyof typeof BUDGETS;
export type BudgetLimits = Record<BudgetName, { max: number; windowSeconds: number }>;

export const BUDGET_NAMES = Object.keys(BUDGETS) as BudgetName[];

export function isBudgetName(name: string): name is BudgetName {
  return Object.hasOwn(BUDGETS, name);
}
