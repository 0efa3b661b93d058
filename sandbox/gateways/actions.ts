/** What the customer can do on a payment page (and the JSON actions do for tests). */
export const CUSTOMER_ACTIONS = ['pay', 'decline', 'expire', 'cancel'] as const;
export type CustomerAction = (typeof CUSTOMER_ACTIONS)[number];

export function isCustomerAction(value: unknown): value is CustomerAction {
  return typeof value === 'string' && (CUSTOMER_ACTIONS as readonly string[]).includes(value);
}

/** Where the browser goes after the customer acted, with the gateway-signed fields. */
export interface ReturnTarget {
  /** For GET, the address with the fields in its query. */
  url: string;
  method: 'GET' | 'POST';
  fields: Record<string, string>;
}
