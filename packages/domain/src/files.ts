/** File kinds, upload limits and filename cleaning (part 1 §9.3, part 2 §5, §9). */
import { ERRORS } from './errors.ts';
import { LIMITS } from './limits.ts';
import { stripAccents } from './text.ts';

export const FILE_KINDS = [
  'image',
  'video',
  'audio',
  'pdf',
  'word',
  'text',
  'presentation',
  'spreadsheet',
  'zip',
  'keynote',
  'numbers',
  'pages',
  'other',
] as const;
export type FileKind = (typeof FILE_KINDS)[number];

const EXTENSION_KINDS: Record<string, FileKind> = {
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  gif: 'image',
  webp: 'image',
  heic: 'image',
  bmp: 'image',
  mp4: 'video',
  mov: 'video',
  webm: 'video',
  avi: 'video',
  mkv: 'video',
  mp3: 'audio',
  wav: 'audio',
  m4a: 'audio',
  ogg: 'audio',
  aac: 'audio',
  pdf: 'pdf',
  doc: 'word',
  docx: 'word',
  txt: 'text',
  md: 'text',
  rtf: 'text',
  ppt: 'presentation',
  pptx: 'presentation',
  xls: 'spreadsheet',
  xlsx: 'spreadsheet',
  csv: 'spreadsheet',
  zip: 'zip',
  key: 'keynote',
  numbers: 'numbers',
  pages: 'pages',
};

/** The kind of a file from its name (by extension). */
export function fileKind(filename: string): FileKind {
  const dot = filename.lastIndexOf('.');
  if (dot < 0) return 'other';
  return EXTENSION_KINDS[filename.slice(dot + 1).toLowerCase()] ?? 'other';
}

function cleanPart(part: string): string {
  return stripAccents(part)
    .replace(/&/g, 'and')
    .replace(/\s+/g, '_')
    .replace(/[^A-Za-z0-9_-]/g, '');
}

/**
 * Cleans an uploaded filename: spaces become underscores, & becomes "and", accents and special or
 * non-ASCII characters are removed, and the extension is kept.
 */
export function cleanFilename(filename: string): string {
  const trimmed = filename.trim();
  const dot = trimmed.lastIndexOf('.');
  const hasExtension = dot > 0 && dot < trimmed.length - 1;
  const base = cleanPart(hasExtension ? trimmed.slice(0, dot) : trimmed) || 'file';
  if (!hasExtension) return base;
  const extension = cleanPart(trimmed.slice(dot + 1)).toLowerCase();
  return extension ? `${base}.${extension}` : base;
}

/** Checks an upload before it is sent; returns the catalogue code of the first problem. */
export function uploadProblem(file: {
  name: string;
  size: number;
  type?: string;
}): 'uploadTooLarge' | 'uploadEmpty' | 'uploadSvg' | null {
  if (file.size > LIMITS.uploadMaxBytes) return 'uploadTooLarge';
  if (file.size === 0) return 'uploadEmpty';
  if (file.type === 'image/svg+xml' || /\.svg$/i.test(file.name)) return 'uploadSvg';
  return null;
}

/** The message for an upload problem. */
export function uploadProblemMessage(problem: NonNullable<ReturnType<typeof uploadProblem>>) {
  return ERRORS[problem].message;
}

/** What the agent made of a file that a person may rate: its summary or its transcription. */
export const MEDIA_FEEDBACK_SUBJECTS = ['summary', 'transcription'] as const;
export type MediaFeedbackSubject = (typeof MEDIA_FEEDBACK_SUBJECTS)[number];

export const MEDIA_FEEDBACK_MESSAGES = {
  nothingToRate: 'There is nothing from the agent on this file to rate yet.',
  commentTooLong: 'Please keep the comment under 1000 characters.',
} as const;
