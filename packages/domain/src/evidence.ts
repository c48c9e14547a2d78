/** Evidence cards: posts, interviews, other evidence, and the people interviewed (part 2 §5). */
import { duplicateIntervieweeMessage, VALIDATION_MESSAGES } from './checks.ts';

export const EVIDENCE_CARD_TYPES = ['post', 'interview', 'evidenceOther'] as const;
export type EvidenceCardType = (typeof EVIDENCE_CARD_TYPES)[number];

export const ENGAGEMENT_TYPES = ['instructor', 'mentor', 'guest', 'interviewee'] as const;

export const EVIDENCE_MESSAGES = {
  keyInsights: VALIDATION_MESSAGES.keyInsightsRequired,
  intervieweeName: VALIDATION_MESSAGES.intervieweeNameRequired,
  /** The spec says an interview needs someone interviewed; its wording is not given. */
  intervieweeNeeded: 'Please add the person you interviewed.',
  lastInterviewee: 'An interview needs at least one person interviewed.',
  evidencePost: 'Please add the key insights or a summary.',
  evidencePostWithEmail: 'Please add a summary or the email.',
  post: 'Please add a summary or an attachment.',
} as const;

const filled = (text: string | null | undefined) => (text ?? '').trim().length > 0;

/**
 * What stops a post from being published: an evidence post needs key insights or a summary (with
 * an email: a summary or the email); any other post needs a summary or an attachment.
 */
export function postPublishProblem(post: {
  isEvidence: boolean;
  keyInsights?: string | null;
  summary?: string | null;
  hasEmail?: boolean;
  email?: string | null;
  mediaCount?: number;
}): string | null {
  if (post.isEvidence) {
    if (post.hasEmail) {
      return filled(post.summary) || filled(post.email)
        ? null
        : EVIDENCE_MESSAGES.evidencePostWithEmail;
    }
    return filled(post.keyInsights) || filled(post.summary) ? null : EVIDENCE_MESSAGES.evidencePost;
  }
  return filled(post.summary) || (post.mediaCount ?? 0) > 0 ? null : EVIDENCE_MESSAGES.post;
}

/**
 * What stops an interview from being published: key insights, and at least one person
 * interviewed unless it is a meeting with an engagement profile.
 */
export function interviewPublishProblem(interview: {
  keyInsights?: string | null;
  intervieweeCount: number;
  hasEngagementProfile: boolean;
}): string | null {
  if (!filled(interview.keyInsights)) return EVIDENCE_MESSAGES.keyInsights;
  if (interview.intervieweeCount === 0 && !interview.hasEngagementProfile) {
    return EVIDENCE_MESSAGES.intervieweeNeeded;
  }
  return null;
}

/** A new person for an interview: the name is required and may not already be on it. */
export function intervieweeProblem(name: string, existingNames: readonly string[]): string | null {
  const clean = name.trim();
  if (!clean) return EVIDENCE_MESSAGES.intervieweeName;
  if (existingNames.some((n) => n.trim().toLowerCase() === clean.toLowerCase())) {
    return duplicateIntervieweeMessage(clean);
  }
  return null;
}

/** A customer-chat conversation imported into a card (part 2 §3 Chat-conversation card). */
export interface ChatConversation {
  conversationId: string;
  intercomId: string | null;
  url: string | null;
  rawText: string;
  conversationParts: {
    type: string;
    createdAt: string;
    body: string;
    authorName: string;
    /** user, lead, admin or bot */
    authorType: string;
    attachments: { name: string; url: string }[];
  }[];
}
