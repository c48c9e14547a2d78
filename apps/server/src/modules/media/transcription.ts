/**
 * Transcription (part 2 §4, §7): `POST /api/media/cards/{cardId}/transcribe` starts a background
 * job through the provider interface; the conversation can then be edited (text, speaker) or
 * deleted. Hours are counted against the plan (business 10, enterprise 15, others 0), or against a
 * cohort's own hours for its teams.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { AppError, TRANSCRIPTION_HOURS, type License, isUuid } from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { createTranscriptionClient } from '../../platform/transcription/index.ts';
import { cards } from '../cards/schema.ts';
import { cohorts } from '../cohorts/schema.ts';
import { projects } from '../projects/schema.ts';
import { mediaSubject } from './subjects-port.ts';
import { media, transcriptionEntries, transcriptions, type TranscriptionRow } from './schema.ts';

export const TRANSCRIBE_QUEUE = 'media.transcribe';

/** Seconds of transcription the organisation has used. */
async function usedSeconds(services: AppServices, organizationId: string): Promise<number> {
  const [row] = await services.database.db
    .select({ seconds: sql<number>`coalesce(sum(${transcriptions.seconds}), 0)::int` })
    .from(transcriptions)
    .where(eq(transcriptions.organizationId, organizationId));
  return row?.seconds ?? 0;
}

/**
 * One person's transcription (part 1 §3 Profile.transcription): the seconds of the recordings
 * they had transcribed in this organisation, and when the last one finished (null: none yet).
 */
export async function profileTranscriptionUsage(
  services: AppServices,
  member: MemberContext,
  profileId: string,
) {
  const [row] = await services.database.db
    .select({
      seconds: sql<number>`coalesce(sum(${transcriptions.seconds}), 0)::int`,
      updatedAt: sql<
        string | null
      >`max(coalesce(${transcriptions.completedAt}, ${transcriptions.uploadedAt}))`,
    })
    .from(transcriptions)
    .where(
      and(
        eq(transcriptions.organizationId, member.organization.id),
        eq(transcriptions.uploadedBy, profileId),
      ),
    );
  const updatedAt = row?.updatedAt ? new Date(row.updatedAt).toISOString() : null;
  return { transcriptionSeconds: row?.seconds ?? 0, updatedAt };
}

/**
 * The hours a project may transcribe and the seconds used against them: a cohort's team counts
 * against the cohort's own hours when it has some (limits.transcriptionHours), across its teams;
 * otherwise against the plan's, across the organisation.
 */
async function transcriptionAllowance(
  services: AppServices,
  member: MemberContext,
  project: { cohortId: string | null },
): Promise<{ hours: number; usedSeconds: number }> {
  if (project.cohortId) {
    const db = services.database.db;
    const [cohort] = await db
      .select({ limits: cohorts.limits })
      .from(cohorts)
      .where(eq(cohorts.id, project.cohortId));
    const hours = cohort?.limits.transcriptionHours;
    if (hours !== undefined && hours !== null) {
      const [row] = await db
        .select({ seconds: sql<number>`coalesce(sum(${transcriptions.seconds}), 0)::int` })
        .from(transcriptions)
        .innerJoin(cards, eq(cards.id, transcriptions.cardId))
        .innerJoin(projects, eq(projects.id, cards.projectId))
        .where(eq(projects.cohortId, project.cohortId));
      return { hours, usedSeconds: row?.seconds ?? 0 };
    }
  }
  return {
    hours: TRANSCRIPTION_HOURS[member.organization.license as License] ?? 0,
    usedSeconds: await usedSeconds(services, member.organization.id),
  };
}

export async function startTranscription(
  services: AppServices,
  member: MemberContext,
  cardId: string,
  input: unknown,
  context: RequestContext,
) {
  // The card's own module says who may add to it (decision 009).
  const { projectId } = await mediaSubject('cards').mayEdit(services, member, cardId);
  const [project] = await services.database.db
    .select()
    .from(projects)
    .where(eq(projects.id, projectId ?? ''));
  if (!project) throw new AppError('notFound');
  const body = (input ?? {}) as { mediaId?: unknown; speakerCount?: unknown };
  const mediaId = typeof body.mediaId === 'string' && isUuid(body.mediaId) ? body.mediaId : null;
  const speakerCount = Math.min(Math.max(Number(body.speakerCount) || 1, 1), 10);
  if (!mediaId) throw new AppError('notFound');
  const [file] = await services.database.db
    .select()
    .from(media)
    .where(
      and(
        eq(media.id, mediaId),
        eq(media.subjectId, cardId),
        eq(media.organizationId, member.organization.id),
      ),
    );
  if (!file) throw new AppError('notFound');
  if (file.fileType !== 'audio' && file.fileType !== 'video')
    throw new AppError('transcriptionWrongFile');
  const allowance = await transcriptionAllowance(services, member, project);
  if (allowance.hours <= 0) throw new AppError('transcriptionNotInPlan');
  if (allowance.usedSeconds >= allowance.hours * 3600) {
    throw new AppError('transcriptionHoursUsed');
  }
  if (!services.config.transcription) throw new AppError('transcriptionNotConfigured');
  const row = await services.transaction(
    async (unit) => {
      const [created] = await unit.tx
        .insert(transcriptions)
        .values({
          organizationId: member.organization.id,
          cardId,
          mediaId,
          title: file.filename,
          speakerCount,
          uploadedBy: member.profileId,
        })
        .returning();
      if (!created) throw new Error('transcription insert returned no row');
      await unit.record({
        name: 'media.transcribe',
        organizationId: member.organization.id,
        projectId: project.id,
        actorId: member.profileId,
        subjectType: 'card',
        subjectId: cardId,
        changes: { transcriptionId: created.id, mediaId },
      });
      return created;
    },
    { context },
  );
  if (services.jobs) await services.jobs.send(TRANSCRIBE_QUEUE, { transcriptionId: row.id });
  // Without a job queue the work still happens in the background, never in the request.
  else
    void runTranscription(services, row.id).catch((error: unknown) =>
      services.logger.error({ err: error }, 'transcription failed'),
    );
  return presentTranscription(row, []);
}

/** The job: sends the file to the provider and stores the conversation. */
export async function runTranscription(
  services: AppServices,
  transcriptionId: string,
): Promise<void> {
  const [row] = await services.database.db
    .select()
    .from(transcriptions)
    .where(eq(transcriptions.id, transcriptionId));
  if (!row || row.status !== 'processing') return;
  const fail = async (message: string) => {
    await services.database.db
      .update(transcriptions)
      .set({ status: 'failed', error: message.slice(0, 500), completedAt: new Date() })
      .where(eq(transcriptions.id, row.id));
  };
  const settings = services.config.transcription;
  if (!settings) return fail('Transcription is not configured on this server.');
  const [file] = await services.database.db.select().from(media).where(eq(media.id, row.mediaId));
  const data = file ? await services.storage.read(file.path) : null;
  if (!file || !data) return fail('The file is no longer there.');
  try {
    const transcript = await createTranscriptionClient(settings).transcribe(
      { data, filename: file.filename, contentType: file.contentType },
      row.speakerCount,
    );
    await services.database.db.transaction(async (tx) => {
      if (transcript.segments.length) {
        await tx.insert(transcriptionEntries).values(
          transcript.segments.map((segment, idx) => ({
            transcriptionId: row.id,
            idx,
            speakerIdx: Math.min(segment.speaker, Math.max(row.speakerCount - 1, 0)),
            name: `Speaker ${Math.min(segment.speaker, Math.max(row.speakerCount - 1, 0)) + 1}`,
            body: segment.text,
            startSeconds: Math.floor(segment.start),
          })),
        );
      }
      await tx
        .update(transcriptions)
        .set({
          status: 'complete',
          seconds: Math.ceil(transcript.durationSeconds),
          completedAt: new Date(),
        })
        .where(eq(transcriptions.id, row.id));
      const [file] = await tx
        .select({ projectId: media.projectId, subjectId: media.subjectId })
        .from(media)
        .where(eq(media.id, row.mediaId));
      if (file?.projectId) await mediaSubject('cards').changed?.(tx, file);
    });
  } catch (error) {
    services.logger.warn({ err: error }, 'transcription provider failed');
    await fail('The transcription service could not transcribe this file. Please try again.');
  }
}

function presentTranscription(
  row: TranscriptionRow,
  entries: {
    id: string;
    idx: number;
    speakerIdx: number;
    name: string;
    body: string;
    startSeconds: number;
  }[],
) {
  return {
    id: row.id,
    cardId: row.cardId,
    mediaId: row.mediaId,
    title: row.title,
    status: row.status,
    processing: row.status === 'processing',
    error: row.error,
    seconds: row.seconds,
    uploadedAt: row.uploadedAt.toISOString(),
    uploadedBy: row.uploadedBy,
    conversation: entries.map((e) => ({
      id: e.id,
      transcriptionIdx: e.idx,
      speakerIdx: e.speakerIdx,
      name: e.name,
      body: e.body,
      startSeconds: e.startSeconds,
    })),
  };
}

/** The card's latest transcription with its conversation, or null. */
export async function getTranscription(
  services: AppServices,
  member: MemberContext,
  cardId: string,
) {
  await mediaSubject('cards').mayRead(services, member, cardId);
  const [row] = await services.database.db
    .select()
    .from(transcriptions)
    .where(
      and(
        eq(transcriptions.cardId, cardId),
        eq(transcriptions.organizationId, member.organization.id),
      ),
    )
    .orderBy(sql`${transcriptions.uploadedAt} desc`)
    .limit(1);
  if (!row) return null;
  const entries = await services.database.db
    .select()
    .from(transcriptionEntries)
    .where(eq(transcriptionEntries.transcriptionId, row.id))
    .orderBy(asc(transcriptionEntries.idx));
  return presentTranscription(row, entries);
}

async function entryOf(services: AppServices, member: MemberContext, entryId: string) {
  if (!isUuid(entryId)) throw new AppError('notFound');
  const [row] = await services.database.db
    .select({ entry: transcriptionEntries, transcription: transcriptions })
    .from(transcriptionEntries)
    .innerJoin(transcriptions, eq(transcriptions.id, transcriptionEntries.transcriptionId))
    .where(
      and(
        eq(transcriptionEntries.id, entryId),
        eq(transcriptions.organizationId, member.organization.id),
      ),
    );
  if (!row) throw new AppError('notFound');
  await mediaSubject('cards').mayEdit(services, member, row.transcription.cardId);
  return row;
}

/** updateTranscriptionText: corrects what was said. */
export async function updateTranscriptionText(
  services: AppServices,
  member: MemberContext,
  entryId: string,
  body: string,
) {
  const { transcription } = await entryOf(services, member, entryId);
  const text = body.trim();
  if (!text) throw new AppError('validation', { message: 'The text can not be left blank.' });
  await services.database.db
    .update(transcriptionEntries)
    .set({ body: text.slice(0, 20000) })
    .where(eq(transcriptionEntries.id, entryId));
  return getTranscription(services, member, transcription.cardId);
}

/** updateTranscriptionSpeaker: who said it (index and display name). */
export async function updateTranscriptionSpeaker(
  services: AppServices,
  member: MemberContext,
  entryId: string,
  speakerIdx: number,
  name: string | null,
) {
  const { transcription } = await entryOf(services, member, entryId);
  if (!Number.isInteger(speakerIdx) || speakerIdx < 0 || speakerIdx > 9) {
    throw new AppError('validation', { message: 'Choose one of the speakers.' });
  }
  await services.database.db
    .update(transcriptionEntries)
    .set({ speakerIdx, name: (name ?? `Speaker ${speakerIdx + 1}`).trim().slice(0, 100) })
    .where(eq(transcriptionEntries.id, entryId));
  return getTranscription(services, member, transcription.cardId);
}

/** deleteTranscription: the card's transcriptions go (the hours used stay counted). */
export async function deleteTranscription(
  services: AppServices,
  member: MemberContext,
  cardId: string,
) {
  await mediaSubject('cards').mayEdit(services, member, cardId);
  // Keep the row for the hours; remove its conversation and hide it from the card.
  const rows = await services.database.db
    .select({ id: transcriptions.id })
    .from(transcriptions)
    .where(
      and(
        eq(transcriptions.cardId, cardId),
        eq(transcriptions.organizationId, member.organization.id),
      ),
    );
  for (const row of rows) {
    await services.database.db
      .delete(transcriptionEntries)
      .where(eq(transcriptionEntries.transcriptionId, row.id));
    await services.database.db
      .update(transcriptions)
      .set({ cardId: '00000000-0000-0000-0000-000000000000' })
      .where(eq(transcriptions.id, row.id));
  }
  return true;
}
