/**
 * Request headers that proxy.ts sets for the pages. It overwrites them on every request, so a
 * value sent by the client never reaches a page.
 */
export const HEADER_NONCE = 'x-nonce';
export const HEADER_HOST_KNOWN = 'x-dzb-host-known';
