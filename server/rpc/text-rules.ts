import type { Interceptor } from '@connectrpc/connect';
import { DomainError } from '../errors';

/**
 * Refuses a call whose message holds a NUL character in any text field. PostgreSQL cannot store
 * one (and no name, address or link has one), so it would otherwise fail deep inside a write as
 * our error instead of the caller's.
 */
export const textInterceptor: Interceptor = (next) => (req) => {
  if (req.stream === false && holdsNul(req.message)) {
    throw new DomainError('invalid_request', 'a text field contains a NUL character');
  }
  return next(req);
};

function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value instanceof Uint8Array || typeof value !== 'object' || value === null) return false;
  return Object.values(value).some(holdsNul);
}
