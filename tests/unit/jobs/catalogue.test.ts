import { describe, expect, it } from 'vitest';
import { parseJobPayload } from '@/server/jobs/catalogue';

describe('job payloads', () => {
  it('takes a cron job’s missing data (null) as the empty payload', () => {
    expect(parseJobPayload('orders.expire', null)).toEqual({});
    expect(parseJobPayload('payments.reconcile', undefined)).toEqual({});
  });

  it('refuses a payload without its business id, and drops the queue’s own fields', () => {
    expect(() => parseJobPayload('hotels.book', null)).toThrow();
    expect(() => parseJobPayload('hotels.book', { orderId: '' })).toThrow();
    expect(parseJobPayload('hotels.book', { orderId: 'order-1', retryAfterWaits: 2 })).toEqual({ orderId: 'order-1' });
  });
});
