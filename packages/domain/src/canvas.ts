/** Canvas sections, canvas types and their labels (part 2 §9). */

export const CANVAS_SECTIONS = [
  'keyPartners',
  'keyActivities',
  'keyResources',
  'valuePropositions',
  'customerRelationships',
  'channels',
  'customerSegments',
  'costStructure',
  'revenueStreams',
  'unassigned',
] as const;
export type CanvasSection = (typeof CANVAS_SECTIONS)[number];

export const SECTION_LENS: Record<Exclude<CanvasSection, 'unassigned'>, string> = {
  keyPartners: 'feasibility',
  keyActivities: 'feasibility',
  keyResources: 'feasibility',
  valuePropositions: 'desirability',
  customerRelationships: 'desirability',
  channels: 'desirability',
  customerSegments: 'desirability',
  costStructure: 'viability',
  revenueStreams: 'viability',
};

export const CANVAS_TYPES = ['businessModel', 'lean', 'missionModel'] as const;
export type CanvasType = (typeof CANVAS_TYPES)[number];

export const CANVAS_LABELS: Record<CanvasType, Record<CanvasSection, string>> = {
  businessModel: {
    keyPartners: 'Key Partners',
    keyActivities: 'Key Activities',
    keyResources: 'Key Resources',
    valuePropositions: 'Value Propositions',
    customerRelationships: 'Customer Relationships',
    channels: 'Channels',
    customerSegments: 'Customer Segments',
    costStructure: 'Cost Structure',
    revenueStreams: 'Revenue Streams',
    unassigned: 'Unassigned',
  },
  lean: {
    keyPartners: 'Problem',
    keyActivities: 'Solution',
    keyResources: 'Key Metrics',
    valuePropositions: 'Unique Value Proposition',
    customerRelationships: 'Unfair Advantage',
    channels: 'Channels',
    customerSegments: 'Customer Segments',
    costStructure: 'Cost Structure',
    revenueStreams: 'Revenue Streams',
    unassigned: 'Unassigned',
  },
  missionModel: {
    keyPartners: 'Key Partners',
    keyActivities: 'Key Activities',
    keyResources: 'Key Resources',
    valuePropositions: 'Value Propositions',
    customerRelationships: 'Buy-In & Support',
    channels: 'Deployment',
    customerSegments: 'Beneficiaries',
    costStructure: 'Mission Budget / Cost',
    revenueStreams: 'Mission Achievement / Impact Factors',
    unassigned: 'Unassigned',
  },
};

/** Workflow defaults for product boards. */
export const WORKFLOW_DEFAULTS = {
  timeline: ['Backlog', 'Now', 'Next', 'Future'],
  productStatus: ['New', 'To Do', 'In Progress', 'Done', 'Complete', 'Parked', 'Archived'],
  productTheme: [] as string[],
} as const;

export const PRIORITIZATION_OPTIONS = ['ice', 'rice', 'impactVsEffort', 'painVsFrequency'] as const;
export type Prioritization = (typeof PRIORITIZATION_OPTIONS)[number];
export const PRIORITIZATION_NAMES: Record<Prioritization, string> = {
  ice: 'ICE',
  rice: 'RICE',
  impactVsEffort: 'Impact vs Effort',
  painVsFrequency: 'Pain vs Frequency',
};

/** Connection ratings, their names and labels (part 2 §4). */
export const RATINGS = [
  { value: -2, name: 'disconfirming', label: 'Disconfirming', alias: "Don't care" },
  { value: -1, name: 'leaningDisconfirming', label: 'Leaning Disconfirming', alias: 'Meh' },
  { value: 0, name: 'neutral', label: 'Neutral', alias: 'Nice to have' },
  { value: 1, name: 'leaningConfirming', label: 'Leaning Confirming', alias: 'Yay' },
  { value: 2, name: 'confirming', label: 'Confirming', alias: 'Must Have' },
] as const;
export const NOT_RATED = { value: null, name: 'notRated', label: 'Not rated' } as const;

/** "Confirming (Must Have)", or "Not rated". */
export function ratingLabel(value: number | null): string {
  const rating = RATINGS.find((r) => r.value === value);
  return rating ? `${rating.label} (${rating.alias})` : NOT_RATED.label;
}

/** Ratings of -2 or higher are kept; anything lower (or not a number) becomes null. */
export function normalizeRating(value: number | null | undefined): number | null {
  if (value === null || value === undefined || !Number.isFinite(value) || value < -2) return null;
  return Math.min(2, Math.round(value));
}

export const CARD_TYPES = [
  'hypothesis',
  'interview',
  'post',
  'experiment',
  'intercom',
  'evidenceOther',
  'assumption',
  'template',
] as const;
export type CardType = (typeof CARD_TYPES)[number];

export const EXPERIMENT_PHASES = ['plan', 'test', 'analyze', 'complete'] as const;
export const EXPERIMENT_PHASE_LABELS = {
  plan: 'Plan',
  test: 'Run',
  analyze: 'Analyze',
  complete: 'Complete',
} as const;
export const TIMING_STATUSES = ['achieved', 'atRisk', 'pastDue', 'onTrack'] as const;

export const PROJECT_STATUSES = ['active', 'backlog', 'archive', 'downgrade'] as const;

/** Cohort guideline sessions: nine stages from opportunity assessment to lessons learned. */
export const GUIDELINE_SESSIONS = [
  'Opportunity Assessment',
  'Customer Segments',
  'Value Propositions',
  'Customer Relationships',
  'Channels',
  'Revenue Streams',
  'Key Resources, Activities and Partners',
  'Costs and Metrics',
  'Lessons Learned',
] as const;
