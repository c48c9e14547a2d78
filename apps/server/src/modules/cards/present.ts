/** What a card looks like to a client: the full card for its detail, a light one for boards. */
import {
  canEditCard,
  cardDisplayText,
  cardPath,
  cleanFieldValues,
  computeProductScore,
  hasPermission,
  type PermissionScope,
  type ProjectCustomField,
} from '@assay/domain';
import type { Person } from './access.ts';
import type { CardRow, HypothesisRow } from './schema.ts';

export interface CardTextRow {
  field: string;
  text: string;
  rawText: string;
  mentions: string[];
  updatedAt: Date;
  generated?: boolean;
  migrated?: boolean;
}

export function cardAbilities(
  card: CardRow,
  scope: PermissionScope,
  profileId: string,
): { edit: boolean; delete: boolean; comment: boolean } {
  const edit = canEditCard(
    scope,
    { type: card.type, createdBy: card.createdByProfileId, isEvidence: card.isEvidence },
    profileId,
  );
  return { edit, delete: edit, comment: hasPermission(scope, 'comment:write') };
}

export function presentHypothesis(h: HypothesisRow, people: Map<string, Person>) {
  return {
    type: h.hypothesisType,
    canvas: { section: h.canvasSection, rank: h.canvasRank },
    timeline: { section: h.timelineSection, rank: h.timelineRank },
    productStatus: { section: h.productStatusSection, rank: h.productStatusRank },
    productTheme: { section: h.productThemeSection, rank: h.productThemeRank },
    businessStatus: h.businessStatus,
    risky: h.risky,
    importance: h.importance,
    review: {
      state: h.reviewState,
      note: h.reviewNote,
      reviewedAt: h.reviewedAt?.toISOString() ?? null,
      reviewedBy: h.reviewedBy ? (people.get(h.reviewedBy) ?? null) : null,
    },
    result: {
      result: h.result,
      reason: h.resultReason,
      updatedAt: h.resultUpdatedAt?.toISOString() ?? null,
      updatedBy: h.resultUpdatedBy ? (people.get(h.resultUpdatedBy) ?? null) : null,
    },
    summary: h.summary,
    productScore: computeProductScore(h.productScore),
    members: h.members.map((id) => people.get(id)).filter((p): p is Person => !!p),
    figma: h.figma ?? null,
    jiraLink: h.jiraLink ?? null,
    trelloIds: h.trelloIds,
  };
}

/** The whole card, for its detail view. */
const UNTESTED = {
  confirming: 0,
  disconfirming: 0,
  score: 0,
  state: 'untested',
  evidence: 0,
  people: 0,
};

export function presentCard(options: {
  card: CardRow;
  hypothesis: HypothesisRow | null;
  evidence?: unknown;
  experiment?: unknown;
  media?: unknown[];
  associations?: unknown;
  metrics?: { [key: string]: number };
  commentsCount?: number;
  rating?: unknown;
  /** What the rated evidence says (hypotheses only). */
  confidence?: unknown;
  /** What this piece of evidence weighs (evidence only). */
  strength?: unknown;
  texts: CardTextRow[];
  people: Map<string, Person>;
  scope: PermissionScope;
  profileId: string;
  fields: ProjectCustomField[];
  unverifiedId?: string | null;
}) {
  const { card, hypothesis, people } = options;
  return {
    id: card.id,
    projectId: card.projectId,
    type: card.type,
    title: card.title,
    displayText: cardDisplayText(
      card.title,
      options.texts.find((t) => t.field === 'description')?.rawText ?? '',
    ),
    draft: card.draft,
    origin: card.origin,
    template: card.template,
    templateName: card.templateName,
    isEvidence: card.isEvidence,
    viewed: card.viewed,
    reviewed: card.reviewed,
    tags: card.tags,
    fields: cleanFieldValues(options.fields, card.fields),
    version: card.version,
    publishedAt: card.publishedAt?.toISOString() ?? null,
    createdAt: card.createdAt.toISOString(),
    updatedAt: card.updatedAt.toISOString(),
    createdBy: card.createdByProfileId ? (people.get(card.createdByProfileId) ?? null) : null,
    updatedBy: card.updatedByProfileId ? (people.get(card.updatedByProfileId) ?? null) : null,
    texts: options.texts.map((t) => ({
      ...t,
      generated: t.generated ?? false,
      migrated: t.migrated ?? false,
      updatedAt: t.updatedAt.toISOString(),
    })),
    hypothesis: hypothesis ? presentHypothesis(hypothesis, people) : null,
    evidence: options.evidence ?? null,
    experiment: options.experiment ?? null,
    media: options.media ?? [],
    associations: options.associations ?? { hypothesis: [], evidence: [], experiments: [] },
    metrics: {
      hypothesis: 0,
      evidence: 0,
      experiments: 0,
      activeExperiments: 0,
      completeExperiments: 0,
      ...options.metrics,
      comments: options.commentsCount ?? 0,
    },
    commentsCount: options.commentsCount ?? 0,
    rating: options.rating ?? { sum: 0, count: 0, trendingScore: 0 },
    confidence: hypothesis ? (options.confidence ?? UNTESTED) : null,
    strength: options.strength ?? null,
    abilities: cardAbilities(card, options.scope, options.profileId),
    path: cardPath({ id: card.id, type: card.type, hypothesisType: hypothesis?.hypothesisType }),
    unverifiedId: options.unverifiedId ?? null,
  };
}

export type PresentedCard = ReturnType<typeof presentCard>;
