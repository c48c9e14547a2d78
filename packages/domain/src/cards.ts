/**
 * Cards: types, hypothesis statuses and results, title rules, the empty-draft rule, card paths
 * and who may create or edit a card (part 2 §2–6).
 */
import { generateKeyBetween } from 'fractional-indexing';
import { editorTooLongMessage, VALIDATION_MESSAGES } from './checks.ts';
import { LIMITS } from './limits.ts';
import { truncate } from './text.ts';
import { hasPermission, type PermissionArea, type PermissionLevel } from './permissions.ts';
import { scopeForRole, type PermissionScope } from './policies.ts';

export const HYPOTHESIS_TYPES = ['business', 'product'] as const;
export type HypothesisType = (typeof HYPOTHESIS_TYPES)[number];

export const BUSINESS_STATUSES = ['inTesting', 'paused', 'archived'] as const;
export type BusinessStatus = (typeof BUSINESS_STATUSES)[number];
export const BUSINESS_STATUS_LABELS: Record<BusinessStatus, string> = {
  inTesting: 'Active',
  paused: 'Parked',
  archived: 'Archived',
};

export const HYPOTHESIS_RESULTS = ['validated', 'invalidated', 'none'] as const;
export type HypothesisResult = (typeof HYPOTHESIS_RESULTS)[number];
export const HYPOTHESIS_RESULT_LABELS: Record<HypothesisResult, string> = {
  validated: 'Validated',
  invalidated: 'Invalidated',
  none: 'No result',
};

/** Product boards: one per section type, each with its own sections. */
export const BOARD_TYPES = ['timeline', 'productStatus', 'productTheme'] as const;
export type BoardType = (typeof BOARD_TYPES)[number];
export const BOARD_LABELS: Record<BoardType, string> = {
  timeline: 'Timeline',
  productStatus: 'Product status',
  productTheme: 'Product theme',
};
/** Product statuses whose cards the product-status filter leaves out (part 2 §4). */
export const EXCLUDED_PRODUCT_STATUSES = ['Archived', 'Parked', 'Complete'] as const;

/** The hypothesis title limit (the spec leaves the value open; 300 keeps a card readable). */
export const HYPOTHESIS_TITLE_MAX = 300;
export const CARD_TITLE_MAX = 300;

export const TITLE_MESSAGES = {
  evidence: VALIDATION_MESSAGES.evidenceTitle,
  interview: VALIDATION_MESSAGES.interviewTitle,
  meeting: VALIDATION_MESSAGES.meetingTitle,
  experiment: VALIDATION_MESSAGES.experimentTitle,
  blank: VALIDATION_MESSAGES.titleBlank,
} as const;

export const REASON_TOO_LONG = VALIDATION_MESSAGES.reasonTooLong;
export const TEXT_TOO_LONG = VALIDATION_MESSAGES.textTooLong;

/** The message a card cannot be published with, or null when the title is fine. */
export function titleProblem(
  type: string,
  title: string,
  options: { meeting?: boolean } = {},
): string | null {
  const trimmed = title.trim();
  const max = type === 'hypothesis' ? HYPOTHESIS_TITLE_MAX : CARD_TITLE_MAX;
  if (trimmed.length > max) return editorTooLongMessage('title', max);
  if (trimmed.length > 0) return null;
  switch (type) {
    case 'post':
    case 'evidenceOther':
    case 'intercom':
      return TITLE_MESSAGES.evidence;
    case 'interview':
      return options.meeting ? TITLE_MESSAGES.meeting : TITLE_MESSAGES.interview;
    case 'experiment':
      return TITLE_MESSAGES.experiment;
    default:
      return TITLE_MESSAGES.blank;
  }
}

/** What the empty-draft rule looks at; each type uses the parts that belong to it. */
export interface DraftContent {
  title?: string | null;
  summary?: string | null;
  keyInsights?: string | null;
  notes?: string | null;
  description?: string | null;
  statement?: string | null;
  mediaCount?: number;
  commentCount?: number;
  intervieweeCount?: number;
  successCriteriaCount?: number;
  associationCount?: number;
}

const filled = (text: string | null | undefined) => (text ?? '').trim().length > 0;

/**
 * A draft is discarded as empty when it has none of: media, comments, title, summary, key
 * insights, notes, interviewees, description, statement, success criteria or connections (part 2 §4).
 */
export function isDraftEmpty(type: string, content: DraftContent): boolean {
  if ((content.mediaCount ?? 0) > 0 || (content.commentCount ?? 0) > 0) return false;
  if ((content.associationCount ?? 0) > 0) return false;
  if (filled(content.title)) return false;
  switch (type) {
    case 'hypothesis':
      return !filled(content.summary) && !filled(content.description);
    case 'interview':
      return (
        !filled(content.keyInsights) &&
        !filled(content.notes) &&
        (content.intervieweeCount ?? 0) === 0
      );
    case 'post':
    case 'evidenceOther':
    case 'intercom':
      return (
        !filled(content.summary) && !filled(content.keyInsights) && !filled(content.description)
      );
    case 'experiment':
      return (
        !filled(content.statement) &&
        !filled(content.description) &&
        (content.successCriteriaCount ?? 0) === 0
      );
    default:
      return !filled(content.description) && !filled(content.summary);
  }
}

/** Evidence card types (created with partialCard:write; edited by their creator with it). */
export const EVIDENCE_TYPES = ['interview', 'post', 'evidenceOther', 'intercom'] as const;
export const isEvidenceType = (type: string) =>
  (EVIDENCE_TYPES as readonly string[]).includes(type);

/** Each project role's scope inside the project (part 2 §6). */
export const PROJECT_ROLE_SCOPES: Record<string, PermissionScope> = {
  owner: { card: 'admin', comment: 'admin', partialCard: 'admin', dashboard: 'admin' },
  admin: { card: 'admin', comment: 'admin', partialCard: 'admin', dashboard: 'admin' },
  collaborator: { card: 'write', comment: 'write', partialCard: 'write', dashboard: 'read' },
  limitedContributor: { card: 'read', comment: 'write', partialCard: 'write', dashboard: 'read' },
  commenter: { card: 'read', comment: 'write', partialCard: 'read', dashboard: 'read' },
  viewer: { card: 'read', comment: 'read', partialCard: 'read', dashboard: 'read' },
  observer: { card: 'read', comment: 'read', partialCard: 'read', dashboard: 'read' },
};
const READ_ONLY: PermissionScope = {
  card: 'read',
  comment: 'read',
  partialCard: 'read',
  dashboard: 'read',
};

const LEVELS: PermissionLevel[] = ['read', 'write', 'admin'];
function lower(a: PermissionLevel | undefined, b: PermissionLevel | undefined) {
  if (!a || !b) return undefined;
  return LEVELS[Math.min(LEVELS.indexOf(a), LEVELS.indexOf(b))];
}

/**
 * The member's scope inside a project: organisation owners and admins keep theirs; a project role
 * gives its scope (never more than the organisation role allows); an open project (membership on)
 * gives other members their organisation scope, a closed one lets them read.
 */
export function projectScope(options: {
  organizationRole: string;
  projectRole: string | null;
  openToOrganization: boolean;
}): PermissionScope {
  const organizationScope = scopeForRole(options.organizationRole);
  if (options.organizationRole === 'owner' || options.organizationRole === 'admin') {
    return organizationScope;
  }
  if (options.organizationRole === 'disabled') return {};
  const base = options.projectRole
    ? (PROJECT_ROLE_SCOPES[options.projectRole] ?? READ_ONLY)
    : options.openToOrganization
      ? organizationScope
      : READ_ONLY;
  const scope: PermissionScope = {};
  for (const area of ['card', 'comment', 'partialCard', 'dashboard'] as PermissionArea[]) {
    const level = lower(base[area], organizationScope[area]);
    if (level) scope[area] = level;
  }
  return scope;
}

/** Card creation: card:write, or partialCard:write for evidence cards. */
export function canCreateCard(scope: PermissionScope | undefined, type: string): boolean {
  if (hasPermission(scope, 'card:write')) return true;
  return isEvidenceType(type) && hasPermission(scope, 'partialCard:write');
}

/**
 * Card editing: card:write; otherwise the creator edits their own non-evidence post with
 * comment:write, or their own interview or evidence card with partialCard:write.
 */
export function canEditCard(
  scope: PermissionScope | undefined,
  card: { type: string; createdBy: string | null; isEvidence: boolean },
  profileId: string,
): boolean {
  if (hasPermission(scope, 'card:write')) return true;
  if (card.createdBy !== profileId) return false;
  if (card.type === 'post' && !card.isEvidence) return hasPermission(scope, 'comment:write');
  if (card.type === 'interview' || card.isEvidence || isEvidenceType(card.type)) {
    return hasPermission(scope, 'partialCard:write');
  }
  return false;
}

/** Fractional ranks (sorted with COLLATE "C"): the key between two neighbours, either may be null. */
export function rankBetween(before: string | null, after: string | null): string {
  if (before !== null && after !== null && before >= after) {
    // Neighbours out of order (a concurrent move): place after the earlier one.
    return generateKeyBetween(before, null);
  }
  return generateKeyBetween(before, after);
}

/** True for a rank string this app could have produced (the library refuses anything else). */
export function isValidRank(rank: string): boolean {
  if (rank.length === 0 || rank.length > 64 || !/^[0-9A-Za-z]+$/.test(rank)) return false;
  try {
    generateKeyBetween(rank, null);
    return true;
  } catch {
    return false;
  }
}

/** n ranks in order after `after` (used when seeding sections and copying cards). */
export { generateNKeysBetween as ranksBetween } from 'fractional-indexing';

export const CARD_TEXT_MAX = LIMITS.textFieldMax;

/** Feed sort orders (part 2 §2 activity feed). */
export const FEED_SORTS = ['newest', 'oldest', 'updated'] as const;
export type FeedSort = (typeof FEED_SORTS)[number];

/** The evidence locker's scope: card and comment write for every member; admins keep theirs. */
export function lockerScope(organizationRole: string): PermissionScope {
  if (organizationRole === 'owner' || organizationRole === 'admin')
    return scopeForRole(organizationRole);
  if (organizationRole === 'disabled') return {};
  return { card: 'write', comment: 'write', partialCard: 'write', dashboard: 'read' };
}

/** The longest a card's display text runs before the preview cuts it (part 2 §9 truncation). */
export const DISPLAY_TEXT_MAX = 200;

/**
 * A card's display text: its description as plain words on one line, else its title, cut as
 * §9 says (at a space beyond 80% of the cut point, with an ellipsis).
 */
export function cardDisplayText(title: string, description: string): string {
  const words = (description.trim() ? description : title).replace(/\s+/g, ' ').trim();
  return truncate(words, DISPLAY_TEXT_MAX);
}
