/**
 * Uploads never recorded on a subject (#47 item 5): a signed upload writes the file at once, and
 * a person who closes the dialog leaves it there. The hourly sweep removes the files received a
 * day ago or more and not recorded since.
 */
import { lte } from 'drizzle-orm';
import { everyHour } from '../../platform/jobs/hourly.ts';
import type { AppServices } from '../../services.ts';
import { pendingUploads } from './schema.ts';

export const PENDING_UPLOAD_HOURS = 24;

/** Removes the files of uploads pending since before `now` less a day; answers how many. */
export async function removeAbandonedUploads(services: AppServices, now = new Date()) {
  const before = new Date(now.getTime() - PENDING_UPLOAD_HOURS * 60 * 60 * 1000);
  const stale = await services.database.db
    .delete(pendingUploads)
    .where(lte(pendingUploads.uploadedAt, before))
    .returning({ key: pendingUploads.key });
  for (const row of stale) await services.storage.remove(row.key).catch(() => undefined);
  return stale.length;
}

export function startUploadSweep(services: AppServices): () => void {
  return everyHour(services.logger, 'upload sweep', () => removeAbandonedUploads(services));
}
