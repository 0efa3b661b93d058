/** Sent by the browser client on every call; the server tags logs and monitoring events with it. */
export const HEADER_MONITORING_SESSION = 'x-monitoring-session-id';
export const HEADER_REQUEST_ID = 'x-request-id';
