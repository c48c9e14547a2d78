/**
 * The files of cards copied into another organisation (migrateProject): each stored again under
 * the new organisation's key, with its copies and summary, so the two never share a file that one
 * of them might delete.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppServices } from '../../services.ts';
import { media } from './schema.ts';

export async function copyCardFiles(
  services: AppServices,
  source: { organizationId: string },
  target: { organizationId: string; projectId: string; profileId: string },
  cardIds: ReadonlyMap<string, string>,
): Promise<number> {
  if (cardIds.size === 0) return 0;
  const files = await services.database.db
    .select()
    .from(media)
    .where(
      and(
        eq(media.organizationId, source.organizationId),
        eq(media.collection, 'cards'),
        inArray(media.subjectId, [...cardIds.keys()]),
      ),
    );
  let copied = 0;
  for (const file of files) {
    const subjectId = cardIds.get(file.subjectId);
    if (!subjectId) continue;
    const base = `${target.organizationId}/cards/${subjectId}/${randomBytes(9).toString('base64url')}`;
    const copyOf = async (key: string | undefined, name: string) => {
      if (!key) return undefined;
      const data = await services.storage.read(key);
      if (!data) return undefined;
      const next = `${base}/${name}`;
      await services.storage.write(next, data);
      return next;
    };
    const path = await copyOf(file.path, file.filename);
    // A file gone from storage stays behind (the original card still lists it).
    if (!path) continue;
    const medium = await copyOf(file.variants.medium, `medium-${file.filename}`);
    const thumb = await copyOf(file.variants.thumb, `thumb-${file.filename}`);
    await services.database.db.insert(media).values({
      ...file,
      id: undefined,
      organizationId: target.organizationId,
      projectId: target.projectId,
      subjectId,
      uploadedBy: target.profileId,
      uploadedAt: new Date(),
      path,
      variants: { ...(medium ? { medium } : {}), ...(thumb ? { thumb } : {}) },
      processing: false,
    });
    copied += 1;
  }
  return copied;
}
