import 'server-only';
import { previewById, refreshPreview, repreview, type StoredPreview, updatePreviewOptions } from '../../booking/preview';
import type { PreviewOptions } from '../../db/schema';
import { DomainError } from '../../errors';
import type { Services } from '../../services';
import type { Site } from '../../site';
import { alreadyOrdered } from './create';

/**
 * A stored preview opened again (its page reloaded, the payment split or the extras changed):
 * refused once it has placed its order; past its validity priced again at Booking.com, so the
 * visitor sees (and then orders at) today's price instead of a dead end; with the extras as now
 * chosen.
 */
export async function reopenPreview(
  services: Pick<Services, 'clock' | 'db' | 'portal'>,
  site: Site,
  id: string,
  options: PreviewOptions,
): Promise<StoredPreview> {
  const stored = await previewById(services, site, id, { allowExpired: true });
  if (await alreadyOrdered(services, stored.id)) throw new DomainError('preview_already_ordered');
  const current = stored.validUntil > services.clock.now() ? stored : await refreshPreview(services, stored, await repreview(services, stored));
  return updatePreviewOptions(services, current, options);
}
