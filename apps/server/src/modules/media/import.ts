/**
 * The files of an imported project (#29 item 2): each checked as any upload is (size, no SVG,
 * PDFs cleaned, images given their copies) and stored under its new card before the project's
 * transaction; their rows are written inside it. If the import fails, removeStored takes the files
 * away again, so nothing half-imported stays behind.
 */
import { randomBytes } from 'node:crypto';
import { fileKind } from '@assay/domain';
import type { AppServices } from '../../services.ts';
import type { Executor } from '../../platform/db/index.ts';
import { processUpload } from './processing.ts';
import { media } from './schema.ts';
import { writeVariants } from './service.ts';

export interface ImportedFile {
  cardId: string;
  filename: string;
  summary: string | null;
  data: Buffer;
}

export interface StoredFiles {
  rows: (typeof media.$inferInsert)[];
  keys: string[];
}

export async function storeImportedFiles(
  services: AppServices,
  target: { organizationId: string; profileId: string },
  files: ImportedFile[],
): Promise<StoredFiles> {
  const stored: StoredFiles = { rows: [], keys: [] };
  try {
    for (const file of files) {
      const filename = file.filename.replace(/[^\w.-]+/g, '_') || 'file';
      const processed = await processUpload(file.data, filename);
      const key = `${target.organizationId}/cards/${file.cardId}/${randomBytes(9).toString('base64url')}/${filename}`;
      await services.storage.write(key, processed.data);
      stored.keys.push(key);
      const variants = await writeVariants(services, key, processed);
      stored.keys.push(...Object.values(variants));
      stored.rows.push({
        organizationId: target.organizationId,
        collection: 'cards',
        subjectId: file.cardId,
        uploadedBy: target.profileId,
        path: key,
        size: processed.data.length,
        filename,
        fileType: fileKind(filename),
        contentType: processed.contentType,
        variants,
        isPdf: processed.isPdf,
        summary: file.summary,
      });
    }
  } catch (error) {
    await removeStored(services, stored);
    throw error;
  }
  return stored;
}

/** The stored files' rows, written in the import's transaction. */
export async function insertImportedMedia(tx: Executor, projectId: string, stored: StoredFiles) {
  if (stored.rows.length)
    await tx.insert(media).values(stored.rows.map((r) => ({ ...r, projectId })));
}

/** Takes stored files away again (the import failed after they were written). */
export async function removeStored(services: AppServices, stored: StoredFiles) {
  for (const key of stored.keys) await services.storage.remove(key).catch(() => undefined);
}
