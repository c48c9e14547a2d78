/**
 * What a person may send about a file, checked (the rules of files themselves: files.ts). Kept
 * apart from them so that the upload on every screen does not load zod (#28, first load).
 */
import { z } from 'zod';
import { MEDIA_FEEDBACK_MESSAGES, MEDIA_FEEDBACK_SUBJECTS } from './files.ts';

/** POST /api/media/feedback: helpful or not, on a file's summary or transcription. */
export const mediaFeedbackSchema = z.object({
  mediaId: z.uuid('Pick a file to rate.'),
  subject: z.enum(MEDIA_FEEDBACK_SUBJECTS).default('summary'),
  helpful: z.boolean('Say whether it helped.'),
  comment: z.string().trim().max(1000, MEDIA_FEEDBACK_MESSAGES.commentTooLong).default(''),
});
