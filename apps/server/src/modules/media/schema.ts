import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { at, createdAtColumn, idColumn } from '../../platform/db/columns.ts';
import { organizationIdColumn } from '../organizations/schema.ts';

/** An uploaded file recorded on its subject (a card, a profile, the organisation…). */
export const media = pgTable(
  'media',
  {
    id: idColumn(),
    organizationId: organizationIdColumn(),
    /** cards, publicBoard, presentations, cohortResources, profiles or organizations */
    collection: text('collection').notNull(),
    subjectId: uuid('subject_id').notNull(),
    projectId: uuid('project_id'),
    uploadedBy: uuid('uploaded_by').notNull(),
    uploadedAt: createdAtColumn(),
    /** The storage key of the full file. */
    path: text('path').notNull(),
    size: integer('size').notNull(),
    filename: text('filename').notNull(),
    /** The file kind (image, pdf, video…). */
    fileType: text('file_type').notNull(),
    contentType: text('content_type').notNull(),
    /** Storage keys of the medium and thumbnail copies of an image, when made. */
    variants: jsonb('variants').$type<{ medium?: string; thumb?: string }>().notNull().default({}),
    isPdf: boolean('is_pdf').notNull().default(false),
    /** Arrived as an attachment of a mail to the project's inbox. */
    emailAttachment: boolean('email_attachment').notNull().default(false),
    summary: text('summary'),
    processing: boolean('processing').notNull().default(false),
    summaryRequestedAt: at('summary_requested_at'),
  },
  (t) => [
    index('media_subject_idx').on(t.subjectId),
    index('media_organization_idx').on(t.organizationId),
  ],
);
export type MediaRow = typeof media.$inferSelect;

/** A transcription of a card's audio or video file, and its conversation. */
export const transcriptions = pgTable(
  'transcriptions',
  {
    id: idColumn(),
    organizationId: organizationIdColumn(),
    cardId: uuid('card_id').notNull(),
    mediaId: uuid('media_id').notNull(),
    title: text('title').notNull(),
    /** processing, complete or failed */
    status: text('status').notNull().default('processing'),
    error: text('error'),
    speakerCount: integer('speaker_count').notNull().default(1),
    seconds: integer('seconds').notNull().default(0),
    uploadedBy: uuid('uploaded_by').notNull(),
    uploadedAt: createdAtColumn(),
    completedAt: at('completed_at'),
  },
  (t) => [
    index('transcriptions_card_idx').on(t.cardId),
    index('transcriptions_organization_idx').on(t.organizationId),
  ],
);
export type TranscriptionRow = typeof transcriptions.$inferSelect;

export const transcriptionEntries = pgTable(
  'transcription_entries',
  {
    id: idColumn(),
    transcriptionId: uuid('transcription_id')
      .notNull()
      .references(() => transcriptions.id, { onDelete: 'cascade' }),
    idx: integer('idx').notNull(),
    speakerIdx: integer('speaker_idx').notNull().default(0),
    name: text('name').notNull().default(''),
    body: text('body').notNull(),
    startSeconds: integer('start_seconds').notNull().default(0),
  },
  (t) => [index('transcription_entries_transcription_idx').on(t.transcriptionId, t.idx)],
);

/**
 * What a member thought of the agent's work on a file (POST /api/media/feedback): its summary or
 * its transcription, helpful or not, with an optional comment. One answer a person, a file and a
 * subject; answering again replaces it.
 */
export const mediaFeedback = pgTable(
  'media_feedback',
  {
    id: idColumn(),
    organizationId: organizationIdColumn(),
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id').notNull(),
    /** summary or transcription */
    subject: text('subject').notNull(),
    helpful: boolean('helpful').notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: createdAtColumn(),
    updatedAt: at('updated_at'),
  },
  (t) => [uniqueIndex('media_feedback_once_idx').on(t.mediaId, t.profileId, t.subject)],
);

/**
 * A file received through a signed upload and not yet recorded on its subject (#47 item 5).
 * Recording it removes the row; the hourly sweep removes the files of those a day old.
 */
export const pendingUploads = pgTable(
  'pending_uploads',
  {
    key: text('key').primaryKey(),
    organizationId: uuid('organization_id').notNull(),
    uploadedAt: at('uploaded_at').notNull(),
  },
  (t) => [index('pending_uploads_uploaded_idx').on(t.uploadedAt)],
);
