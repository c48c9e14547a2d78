/** Comments (part 2 §3, §4): subjects, the empty-after-trimming rule, limits. */
import { z } from 'zod';
import { LIMITS } from './limits.ts';

export const COMMENT_SUBJECTS = ['card', 'project', 'presentation'] as const;
export type CommentSubject = (typeof COMMENT_SUBJECTS)[number];

/** A comment's text as stored, or null when nothing is left after trimming (ignored). */
export function cleanCommentBody(body: string): string | null {
  const trimmed = body.trim();
  return trimmed.length > 0 ? trimmed : null;
}

const id = z.string().uuid();
const body = z.string().max(LIMITS.textFieldMax, 'Please shorten your text...');

export const addCommentSchema = z.object({
  subjectType: z.enum(COMMENT_SUBJECTS),
  subjectId: id,
  body,
  mentions: z.array(id).max(50).default([]),
  connectedCommentId: id.optional(),
});

export const updateCommentSchema = z.object({
  commentId: id,
  body,
  mentions: z.array(id).max(50).default([]),
});

export const NOTIFICATION_ACTIONS = [
  'mention',
  'comment',
  'assignment',
  'phase',
  'invitation',
  'review',
  'request',
] as const;
export type NotificationAction = (typeof NOTIFICATION_ACTIONS)[number];
export const NOTIFICATION_SECTIONS = ['inbox', 'notifications'] as const;
export type NotificationSection = (typeof NOTIFICATION_SECTIONS)[number];
/**
 * Mentions, assignments, invitations, reviews and a member's request to the owners (a limit or a
 * locked feature) are addressed to the member: their inbox; the rest is news.
 */
export function notificationSection(action: NotificationAction): NotificationSection {
  return action === 'mention' ||
    action === 'assignment' ||
    action === 'invitation' ||
    action === 'review' ||
    action === 'request'
    ? 'inbox'
    : 'notifications';
}
export const NOTIFICATION_FREQUENCIES = ['immediately', 'daily'] as const;
export type NotificationFrequency = (typeof NOTIFICATION_FREQUENCIES)[number];

export const notificationPreferencesSchema = z.object({
  frequency: z.enum(NOTIFICATION_FREQUENCIES),
  email: z.boolean().default(true),
});
