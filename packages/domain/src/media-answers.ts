/** What the media routes answer (part 2 §7 upload flow, files, transcription, feedback). */
import { z } from 'zod';

/** A file on its subject (a card, a project's dashboard, a board, an organisation, a person). */
export const mediaAnswer = z.object({
  id: z.string(),
  collection: z.string(),
  subjectId: z.string(),
  filename: z.string(),
  fileType: z.string(),
  size: z.number(),
  isPdf: z.boolean(),
  uploadedAt: z.string(),
  uploadedBy: z.string(),
  url: z.string().describe('Where the file is read (for those who may see its subject).'),
  mediumUrl: z.string().nullable(),
  thumbUrl: z.string().nullable(),
  summary: z.string().nullable().describe('The agent’s summary of a document, when made.'),
  processing: z.boolean(),
});

/** Where to put one file: a signed address, good once, until it expires. */
export const signedUploadAnswer = z.looseObject({
  url: z.string(),
  method: z.literal('PUT'),
  expiresAt: z.string(),
  key: z.string().describe('The storage key to record the file with once it is up.'),
  filename: z.string(),
  fileType: z.string(),
});

/** A file received: its key and size in bytes. */
export const uploadedAnswer = z.object({ key: z.string(), size: z.number() });

/** A removal done. */
export const doneAnswer = z.boolean().describe('true: done.');

/** The query of a signed upload (the signature is the credential). */
export const signedUploadQuery = z.object({
  key: z.string().optional(),
  expires: z.string().optional(),
  signature: z.string().optional(),
});

/** Which upload to sign: the file's name and size and where it goes. */
export const signUploadQuery = z.object({
  filename: z.string().optional(),
  collection: z.string().optional(),
  locationId: z.string().optional().describe('The subject’s id.'),
  size: z.string().optional().describe('The size in bytes.'),
});

/** Which file (or which of its smaller copies) to read. */
export const downloadQuery = z.object({
  id: z.string().optional(),
  variant: z.enum(['medium', 'thumb']).optional(),
});

/** GET /api/media/image: an organisation's image by its signed link (Organization.signedURL). */
export const signedImageQuery = z.object({
  id: z.string().max(64).optional(),
  variant: z.enum(['medium', 'thumb']).optional(),
  expires: z.string().max(16).optional(),
  signature: z.string().max(128).optional(),
});

/** A file recorded on its subject once uploaded: its storage key. */
export const mediaKeyBody = z.looseObject({ key: z.unknown() });

/** Which of a card's files to remove. */
export const removeCardMediaBody = z.looseObject({
  id: z.string().optional(),
  mediaId: z.string().optional(),
});

/** How a file's summary (or transcription) was found: counts and the member's own answer. */
export const feedbackTallyAnswer = z.object({
  helpful: z.number(),
  notHelpful: z.number(),
  mine: z.boolean().nullable(),
});

/** A transcription of a recorded interview, with its conversation once done. */
export const transcriptionAnswer = z.object({
  id: z.string(),
  cardId: z.string(),
  mediaId: z.string(),
  title: z.string(),
  status: z.string(),
  processing: z.boolean(),
  error: z.string().nullable(),
  seconds: z.number().nullable(),
  uploadedAt: z.string(),
  uploadedBy: z.string(),
  conversation: z.array(
    z.object({
      id: z.string(),
      transcriptionIdx: z.number(),
      speakerIdx: z.number(),
      name: z.string(),
      body: z.string(),
      startSeconds: z.number(),
    }),
  ),
});

/** What to transcribe: a card's audio or video file, and how many speak. */
export const transcribeBody = z.looseObject({
  mediaId: z.unknown(),
  speakerCount: z.unknown().optional(),
});

/** A file added to the project dashboard: its storage key and which list it joins. */
export const dashboardMediaBody = z.looseObject({
  key: z.unknown(),
  part: z.unknown().optional().describe('market (default) or investment'),
});

/** A file sent back as an attachment (a PDF or a CSV). */
export const fileAnswer = z.string().describe('The file itself, as an attachment.');
