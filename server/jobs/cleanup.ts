import 'server-only';
import { lt } from 'drizzle-orm';
import { idempotencyKeys } from '../db/schema/idempotency';
import { forgetSpentChallenges } from '../security/proof-of-work';
import { forgetOldWindows } from '../security/rate-limit';
import type { Services } from '../services';
import { forgetOldMisses } from '../vouchers/holds';

const DAY_MS = 86_400_000;

/**
 * Job `maintenance.cleanup` (hourly): idempotency keys and budget windows older than a day go, and
 * spent proof-of-work challenges once they have expired, voucher-code misses after 30 days. The embedded database has no autovacuum
 * to keep the planner's statistics, so there the job analyses the tables itself.
 */
export async function forgetExpiredKeys(services: Services): Promise<void> {
  const handle = await services.db();
  await handle.db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(services.clock.now().getTime() - DAY_MS)));
  await forgetOldWindows(services);
  await forgetSpentChallenges(services);
  await forgetOldMisses(services);
  if (handle.driver.kind === 'pglite') await handle.driver.client.exec('ANALYZE');
}
