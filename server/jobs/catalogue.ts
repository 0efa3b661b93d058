import { z } from 'zod';

const id = z.string().min(1);
const none = z.object({});

/**
 * Every background job by name, with the payload it takes: business ids only, never state (a job
 * reads the current state when it runs). Sending a name not listed here, or a payload of another
 * shape, does not compile; the worker parses each payload before its handler sees it.
 */
export const JOB_PAYLOADS = {
  'payments.reconcile': none,
  'payments.expire': none,
  'payments.bank-import': none,
  // remainder false: only the refunds asked for already (the console's); otherwise all the payment still holds.
  'payments.refund': z.object({ paymentId: id, reason: z.string().min(1), remainder: z.boolean().optional() }),
  'payments.refund-late': z.object({ paymentId: id }),
  'orders.expire': none,
  'hotels.book': z.object({ orderId: id }),
  'hotels.book-sweep': none,
  'hotels.cancel': z.object({ orderId: id }),
  'vouchers.issue': z.object({ orderId: id }),
  'vouchers.mail-given': z.object({ voucherId: id }),
  'vouchers.mail-held': z.object({ holdId: id }),
  'maintenance.cleanup': none,
  'mail.send': z.object({ mailId: id }),
} as const;

export type JobName = keyof typeof JOB_PAYLOADS;
export type JobPayload<N extends JobName> = z.output<(typeof JOB_PAYLOADS)[N]>;

/**
 * A job's payload as its handler takes it. Jobs started by a cron schedule carry no data (null),
 * which is the empty payload; fields the catalogue does not know (the queue's own) are dropped.
 */
export function parseJobPayload<N extends JobName>(name: N, data: unknown): JobPayload<N> {
  return JOB_PAYLOADS[name].parse(data ?? {}) as JobPayload<N>;
}
