/**
 * POST /api/media/feedback (part 2 §7): whether the agent's summary or transcription of a file
 * helped. Anyone who may read the card rates it — it changes nothing on the card — once per
 * person, file and subject: a second answer replaces the first (one upsert, safe when sent twice
 * at once). The tally goes back, and the card's files show it.
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  AppError,
  MEDIA_FEEDBACK_MESSAGES,
  mediaFeedbackSchema,
  type MediaFeedbackSubject,
} from '@assay/domain';
import type { MemberContext } from '../../http/member-context.ts';
import { parse } from '../../http/parse.ts';
import type { AppServices } from '../../services.ts';
import { cardAccess } from '../cards/ports.ts';
import { media, mediaFeedback, transcriptions } from './schema.ts';

export async function giveMediaFeedback(
  services: AppServices,
  member: MemberContext,
  input: unknown,
) {
  const data = parse(mediaFeedbackSchema.safeParse(input));
  const db = services.database.db;
  const [file] = await db
    .select()
    .from(media)
    .where(and(eq(media.id, data.mediaId), eq(media.organizationId, member.organization.id)));
  if (!file || file.collection !== 'cards') throw new AppError('notFound');
  await cardAccess(services, member, file.subjectId);
  const rated =
    data.subject === 'summary'
      ? Boolean(file.summary?.trim())
      : (
          await db
            .select({ id: transcriptions.id })
            .from(transcriptions)
            .where(and(eq(transcriptions.mediaId, file.id), eq(transcriptions.status, 'complete')))
            .limit(1)
        ).length > 0;
  if (!rated) throw new AppError('validation', { message: MEDIA_FEEDBACK_MESSAGES.nothingToRate });
  await db
    .insert(mediaFeedback)
    .values({
      organizationId: member.organization.id,
      mediaId: file.id,
      profileId: member.profileId,
      subject: data.subject,
      helpful: data.helpful,
      comment: data.comment,
    })
    .onConflictDoUpdate({
      target: [mediaFeedback.mediaId, mediaFeedback.profileId, mediaFeedback.subject],
      set: { helpful: data.helpful, comment: data.comment, updatedAt: new Date() },
    });
  services.logger.info(
    { mediaId: file.id, subject: data.subject, helpful: data.helpful },
    'media feedback',
  );
  return feedbackTally(services, member, file.id, data.subject);
}

/** How many found it helpful or not, and the member's own answer (null: none yet). */
export async function feedbackTally(
  services: AppServices,
  member: MemberContext,
  mediaId: string,
  subject: MediaFeedbackSubject,
) {
  const [row] = await services.database.db
    .select({
      helpful: sql<number>`count(*) filter (where ${mediaFeedback.helpful})`.mapWith(Number),
      notHelpful: sql<number>`count(*) filter (where not ${mediaFeedback.helpful})`.mapWith(Number),
      mine: sql<
        boolean | null
      >`bool_or(${mediaFeedback.helpful}) filter (where ${mediaFeedback.profileId} = ${member.profileId})`,
    })
    .from(mediaFeedback)
    .where(
      and(
        eq(mediaFeedback.mediaId, mediaId),
        eq(mediaFeedback.subject, subject),
        eq(mediaFeedback.organizationId, member.organization.id),
      ),
    );
  return { helpful: row?.helpful ?? 0, notHelpful: row?.notHelpful ?? 0, mine: row?.mine ?? null };
}
