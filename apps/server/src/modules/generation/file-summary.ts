/** A file's summary by the agent (part 2 §7): asked for, or on upload where the plan has it. */
import { onMediaAdded } from '../media/subjects-port.ts';
import { and, eq } from 'drizzle-orm';
import { AppError, isSummarizable, isUuid, FILE_SUMMARY_MESSAGES } from '@assay/domain';
import {
  memberHasFeature,
  type MemberContext,
  type RequestContext,
} from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { cardAccess } from '../cards/ports.ts';
import { media } from '../media/schema.ts';
import { requireAgent, startGeneration } from './service.ts';
import { requireEditable } from './guards.ts';

/**
 * summarizeFile(mediaId): the agent summarizes a document on a card (enterprise
 * autoSummerizeFiles); it also runs by itself when such a document is attached.
 */
export async function summarizeFile(
  services: AppServices,
  member: MemberContext,
  mediaId: string,
  context: RequestContext | undefined,
) {
  requireAgent(member, 'autoSummerizeFiles');
  const db = services.database.db;
  const [file] = isUuid(mediaId)
    ? await db
        .select()
        .from(media)
        .where(and(eq(media.id, mediaId), eq(media.organizationId, member.organization.id)))
    : [];
  if (!file || file.collection !== 'cards') throw new AppError('notFound');
  const access = await cardAccess(services, member, file.subjectId);
  requireEditable(access, member);
  if (!isSummarizable(file.filename)) {
    throw new AppError('validation', { message: FILE_SUMMARY_MESSAGES.notDocument });
  }
  const generation = await startGeneration(
    services,
    member,
    {
      projectId: access.card.projectId,
      cardId: access.card.id,
      mediaId,
      kind: 'fileSummary',
      input: { mediaId, language: access.project.language },
    },
    context,
    async (unit) => {
      await unit.tx
        .update(media)
        .set({ processing: true, summaryRequestedAt: new Date() })
        .where(eq(media.id, mediaId));
    },
  );
  return generation;
}

/** After a document is attached to a card: summarized by itself where the plan has it. */
export async function summarizeOnUpload(
  services: AppServices,
  member: MemberContext,
  file: { id: string; filename: string; collection: string },
  context: RequestContext,
) {
  if (
    file.collection !== 'cards' ||
    !isSummarizable(file.filename) ||
    !memberHasFeature(member, 'glidrai') ||
    !memberHasFeature(member, 'autoSummerizeFiles')
  ) {
    return false;
  }
  try {
    await summarizeFile(services, member, file.id, context);
    return true;
  } catch (error) {
    services.logger.info({ err: error, mediaId: file.id }, 'no summary for the upload');
    return false;
  }
}

/** A document added to a card is summarized as it arrives, where the plan has it (decision 009). */
export function registerUploadSummaries(): void {
  onMediaAdded('summary', summarizeOnUpload);
}
