import type { SimulatorPorts } from '../../index';
import { failure } from './http';

/**
 * Booking.com's credentials check: the bearer key and the X-Affiliate-Id header on every call,
 * both exactly the ones the site is configured with (the sandbox's own test key and affiliate).
 */
export function refuseUnlessAuthorised(request: Request, services: SimulatorPorts): Response | undefined {
  const { apiKey, affiliateId } = services.config.booking;
  const authorization = request.headers.get('authorization') ?? '';
  if (authorization !== `Bearer ${apiKey}`) return failure(401, 'unauthorized', 'The API key is missing or not valid.');
  const affiliate = request.headers.get('x-affiliate-id');
  if (affiliate === null) return failure(401, 'missing_affiliate_id', "The 'X-Affiliate-Id' header is missing.");
  if (affiliate.trim() !== String(affiliateId)) return failure(401, 'unauthorized', 'The affiliate id does not belong to this API key.');
  return undefined;
}
