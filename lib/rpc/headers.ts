/** Sent by the browser client on every call; the server tags logs and monitoring events with it. */
export const HEADER_MONITORING_SESSION = 'x-monitoring-session-id';
export const HEADER_REQUEST_ID = 'x-request-id';
/** A proof-of-work challenge the server wants solved before it answers (a step-up beyond a budget). */
export const HEADER_CHALLENGE = 'x-challenge';
/** The browser's solution of that challenge, sent with the repeated call. */
export const HEADER_CHALLENGE_SOLUTION = 'x-challenge-solution';
/**
 * The visitor's address as the site's edge resolved it (TRUSTED_PROXIES), written by the edge on
 * every page request after dropping whatever the client sent under this name, for pages to hand
 * to their in-process API calls.
 */
export const HEADER_VISITOR_ADDRESS = 'x-dzb-visitor-address';
