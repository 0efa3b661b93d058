import type { VoucherView } from './view-read';

export type VoucherState = 'VALID' | 'EXPIRES_SOON' | 'USED' | 'EXPIRED';

const DAY_MS = 86_400_000;

/**
 * A voucher's state is derived, never stored: used when nothing is left, expired after its end,
 * expiring soon in its last `soonDays` days, valid otherwise.
 */
export function voucherState(voucher: { balance: number; validTo: Date }, now: Date, soonDays: number): VoucherState {
  if (voucher.balance === 0) return 'USED';
  if (now >= voucher.validTo) return 'EXPIRED';
  if (voucher.validTo.getTime() - now.getTime() <= soonDays * DAY_MS) return 'EXPIRES_SOON';
  return 'VALID';
}

/** A voucher as its holder sees it: with its state and the days it has left, both as of `now`. */
export interface VoucherDetail extends VoucherView {
  state: VoucherState;
  daysLeft: number;
  /** Its code answers as a miss until released (told only by id, to the owner's link). */
  held?: boolean;
}

export function voucherAsOf(view: VoucherView, now: Date, soonDays: number): VoucherDetail {
  return { ...view, state: voucherState(view.voucher, now, soonDays), daysLeft: daysLeft(view.voucher.validTo, now) };
}

/** Whole days left (rounded up; 0 = it ends today). */
export function daysLeft(validTo: Date, now: Date): number {
  return Math.max(0, Math.ceil((validTo.getTime() - now.getTime()) / DAY_MS) - 1);
}

/** The end of validity: `months` calendar months after issue (6 or 12), at the same instant. */
export function validUntil(issuedAt: Date, months: number): Date {
  const end = new Date(issuedAt);
  end.setUTCMonth(end.getUTCMonth() + months);
  return end;
}
