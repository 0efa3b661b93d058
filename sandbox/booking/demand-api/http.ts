import { randomBytes } from 'node:crypto';
import type { z } from 'zod';

/** Booking.com's request ids look like ULIDs: 26 lowercase base-32 characters. */
export function requestId(): string {
  const alphabet = '0123456789abcdefghjkmnpqrstvwxyz';
  return Array.from(randomBytes(26), (byte) => alphabet[byte % 32]).join('');
}

/** The success envelope every Demand API answer shares. */
export function ok(body: Record<string, unknown>): Response {
  return Response.json({ request_id: requestId(), ...body }, { headers: { 'cache-control': 'no-store' } });
}

/** The error envelope of Booking.com's error-handling guide: `{request_id, errors: [{id, message}]}`. */
export function failure(status: number, id: string, message: string): Response {
  return Response.json({ request_id: requestId(), errors: [{ id, message }] }, { status, headers: { 'cache-control': 'no-store' } });
}

/** A body that does not match the operation: 400 with the first problem named the way Booking.com does. */
export function invalid(error: z.ZodError): Response {
  const issue = error.issues[0];
  const where = issue?.path.join('.') || 'body';
  const missing = issue?.code === 'invalid_type' && /received undefined/.test(issue.message);
  return missing
    ? failure(400, 'missing_parameter', `Parameter '${where}' is missing.`)
    : failure(400, 'invalid_parameter', `Parameter '${where}' is invalid: ${issue?.message ?? 'unexpected value'}.`);
}

export async function readJson(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return undefined;
  }
}
