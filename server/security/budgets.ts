/**
 * Every budget of the site in one table: what is counted, per whom, over which window, how much,
 * and what happens beyond it. "client" budgets are per visitor: per address (an IPv4 address or
 * an IPv6 /64, see client-key.ts), and per pass for a visitor who was stepped up; "site" budgets
 * are shared by every caller of all three sites. Beyond a budget marked `step-up` nobody is
 * refused: the caller proves a little work first (server/security/step-up.ts), which a person's
 * browser does in a second or two. The README's budget table is this table, sized above the
 * design peak it states. Operators override a row with BUDGETS (`name=max/seconds,…`, server/config).
 */
export interface Budget {
  per: 'client' | 'site';
  windowSeconds: number;
  max: number;
  /** Beyond the budget: a proof of work (and, for a client budget, a pass of the visitor's own), or a refusal. */
  beyond: 'step-up' | 'refuse';
  /** What one unit is, for the README and the logs. */
  unit: string;
}

export const BUDGETS = {
  /** Voucher codes that match no usable voucher, whatever the call that carried them. */
  voucherGuesses: { per: 'client', windowSeconds: 3600, max: 10, beyond: 'step-up', unit: 'a code that matches no usable voucher' },
  /**
   * The same, counted for everybody. Beyond it every lookup needs a proof of work, and a voucher
   * found by a client after misses it cannot explain is held (server/vouchers/guesses.ts).
   */
  voucherGuessesSiteWide: { per: 'site', windowSeconds: 86_400, max: 20, beyond: 'step-up', unit: 'a code that matches no usable voucher' },
  linkAnalyses: { per: 'client', windowSeconds: 600, max: 30, beyond: 'step-up', unit: 'a HotelParseUrl call' },
  availabilityQuestions: { per: 'client', windowSeconds: 600, max: 30, beyond: 'step-up', unit: 'a HotelAvailability question not in the cache' },
  /** Booking.com's quota is the site's, whoever asks: four times the design peak's questions. */
  availabilityQuestionsSiteWide: { per: 'site', windowSeconds: 60, max: 1200, beyond: 'step-up', unit: 'a HotelAvailability question not in the cache' },
  previews: { per: 'client', windowSeconds: 600, max: 200, beyond: 'step-up', unit: 'a HotelOrderPreview or VoucherOrderPreview call' },
  orders: { per: 'client', windowSeconds: 3600, max: 20, beyond: 'step-up', unit: 'a HotelOrderCreate or VoucherOrderCreate call' },
  paymentRetries: { per: 'client', windowSeconds: 3600, max: 20, beyond: 'step-up', unit: 'a PaymentRetry call' },
  contactMessages: { per: 'client', windowSeconds: 3600, max: 5, beyond: 'step-up', unit: 'a ContactSend call' },
  /** Operators sign in from few places; a flood of ceremonies is refused, not stepped up. */
  consoleSignIns: { per: 'client', windowSeconds: 600, max: 20, beyond: 'refuse', unit: 'a passkey ceremony begun at the operator console' },
} as const satisfies Record<string, Budget>;

export type BudgetName = keyof typeof BUDGETS;
export type BudgetLimits = Record<BudgetName, { max: number; windowSeconds: number }>;

export const BUDGET_NAMES = Object.keys(BUDGETS) as BudgetName[];

export function isBudgetName(name: string): name is BudgetName {
  return Object.hasOwn(BUDGETS, name);
}
