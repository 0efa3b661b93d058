/**
 * Who makes a call, as budgets see it: the client's address (keyed by IPv4 address or IPv6 /64
 * when counted) and the proof of work it sent along, if any.
 */
export interface Caller {
  address: string;
  /** The x-challenge-solution header: a solved proof-of-work challenge. */
  proof?: string;
}
