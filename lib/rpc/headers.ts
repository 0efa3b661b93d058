/** Sent by the browser client on every call; the server tags logs and monitoring events with it. */
export const HEADER_MONITORING_SESSION = 'x-monitoring-session-id';
export const HEADER_REQUEST_ID = 'x-request-id';
/** A proof-of-work challenge the server wants solved before it answers a voucher-code lookup. */
export const HEADER_CHALLENGE = 'x-challenge';
/** The browser's solution of that challenge, sent with the repeated call. */
export const HEADER_CHALLENGE_SOLUTION = 'x-challenge-solution';
