/**
 * Who makes a call, as budgets see it: the visitor's address (keyed by IPv4 address or IPv6 /64
 * when counted), the pass a step-up gave them earlier, and the proof of work sent along, if any.
 * The HTTP mount fills it from the request; pages hand in their visitor's (server/rpc/page-api.ts).
 */
export interface Caller {
  /** The client's address as TRUSTED_PROXIES resolves it; undefined when nothing tells it. */
  address: string | undefined;
  /** The visitor's pass (the dzb_pass cookie), as sent: verified only when a budget needs it. */
  pass?: string;
  /** The x-challenge-solution header: a solved proof-of-work challenge. */
  proof?: string;
  /** Hands a new pass to the visitor with the answer (a cookie); absent where nobody receives one. */
  grantPass?: (pass: string) => void;
}
