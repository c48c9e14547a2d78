/**
 * The AI agent (part 1 §1, §2.4, §3; part 2 §3 Generation status and limits): what a generation
 * is, its stages, the allowance an organisation has, and what the web shows of its answers (the
 * shapes every generator answers in: generation-schema.ts).
 */
import type { GeneratedDashboard, ValuePropositionCanvas } from './generation-schema.ts';
import type { License } from './plans.ts';

export const GENERATION_STATUSES = [
  'initialized',
  'queued',
  'processing',
  'success',
  'fail',
] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];

/** Project-level generations (project = projectData + marketData + petalDiagram) and card-level completions. */
export const GENERATION_KINDS = [
  'project',
  'marketData',
  'petalDiagram',
  'interviewQuestions',
  'keyInsights',
  'valuePropositionCanvas',
  'connectionSuggestions',
  'hypotheses',
  'experiment',
  'fileSummary',
  /** A question to the assistant (issue #47): counted against the allowance, one at a time. */
  'assistant',
  /** "Read new evidence" (#49): every published evidence card of a project not read yet. */
  'readEvidence',
] as const;
export type GenerationKind = (typeof GENERATION_KINDS)[number];

export const PROJECT_SUB_GENERATIONS = ['projectData', 'marketData', 'petalDiagram'] as const;
export type ProjectSubGeneration = (typeof PROJECT_SUB_GENERATIONS)[number];

/** Card completions (the card's generation status lists these). */
export const CARD_COMPLETIONS = [
  'connectionSuggestions',
  'interviewQuestions',
  'keyInsights',
  'valuePropositionCanvas',
] as const;
export type CardCompletion = (typeof CARD_COMPLETIONS)[number];

/** The stages a project generation goes through, shown as a staged progress bar. */
export const PROJECT_GENERATION_STAGES = [
  'Reading your description',
  'Writing hypotheses for the canvas',
  'Writing the dashboard statements',
  'Preparing the market worksheet',
  'Drawing the petal diagram',
  'Planning first experiments',
] as const;

export const GENERATION_STAGE_LABELS: Record<GenerationKind, readonly string[]> = {
  project: PROJECT_GENERATION_STAGES,
  marketData: ['Reading your description', 'Preparing the market worksheet'],
  petalDiagram: ['Reading your description', 'Drawing the petal diagram'],
  interviewQuestions: ['Reading the hypothesis', 'Writing interview questions'],
  keyInsights: ['Reading the notes', 'Picking key insights'],
  valuePropositionCanvas: ['Reading the hypothesis', 'Writing the value proposition canvas'],
  connectionSuggestions: ['Reading the evidence', 'Comparing with hypotheses'],
  hypotheses: ['Reading your description', 'Writing hypotheses'],
  experiment: ['Reading the hypothesis', 'Planning the experiment'],
  fileSummary: ['Reading the file', 'Summarizing'],
  assistant: ['Reading the project', 'Answering'],
  readEvidence: ['Finding new evidence', 'Reading the evidence'],
};

export const GENERATION_STATUS_LABELS: Record<GenerationStatus, string> = {
  initialized: 'Getting ready',
  queued: 'Waiting to start',
  processing: 'Generating',
  success: 'Done',
  fail: 'Failed',
};

/** Generations an organisation may run per period, by license (null: not offered). */
export const GENERATION_ALLOWANCE: Record<License, number | null> = {
  basic: null,
  team: null,
  business: null,
  academic: 200,
  garage: 30,
  businessAI: 150,
  enterprise: 500,
};
/** The allowance renews every period of this many days, counted from the first generation. */
export const GENERATION_PERIOD_DAYS = 30;
/** The same thing (a project's generation, a card's completion) runs at most this often. */
export const GENERATION_MIN_INTERVAL_SECONDS = 20;
/** Suggestions shown per evidence card, for a person to confirm; never linked automatically. */
export const SUGGESTIONS_PER_CARD = 3;

/** Kinds that do not use the allowance: lexical suggestions cost nothing. */
export function countsAgainstAllowance(kind: GenerationKind): boolean {
  return kind !== 'connectionSuggestions';
}

export interface GenerationLimits {
  allowance: number | null;
  count: number;
  /** When the current period ends and the count starts again (null before the first generation). */
  expiresAt: string | null;
  /** Seconds before the same generation may run again (0 when it may run now). */
  frequencyTimeRemaining: number;
}

/** The limits in force, from the generations of the current period and the last one of this subject. */
export function generationLimits(input: {
  license: License;
  periodStart: Date | null;
  count: number;
  lastForSubject: Date | null;
  now: Date;
}): GenerationLimits {
  const allowance = GENERATION_ALLOWANCE[input.license];
  const periodMs = GENERATION_PERIOD_DAYS * 86_400_000;
  const expires = input.periodStart ? new Date(input.periodStart.getTime() + periodMs) : null;
  const expired = !expires || expires.getTime() <= input.now.getTime();
  const wait = input.lastForSubject
    ? Math.ceil(
        (input.lastForSubject.getTime() +
          GENERATION_MIN_INTERVAL_SECONDS * 1000 -
          input.now.getTime()) /
          1000,
      )
    : 0;
  return {
    allowance,
    count: expired ? 0 : input.count,
    expiresAt: expired ? null : expires.toISOString(),
    frequencyTimeRemaining: Math.max(0, wait),
  };
}

/** Why a generation may not start now (an error catalogue key), or null. */
export function generationProblem(
  limits: GenerationLimits,
  kind: GenerationKind,
): 'generationNotAllowed' | 'generationAllowanceUsed' | 'generationTooSoon' | null {
  if (!countsAgainstAllowance(kind)) return null;
  if (limits.allowance === null) return 'generationNotAllowed';
  if (limits.count >= limits.allowance) return 'generationAllowanceUsed';
  if (limits.frequencyTimeRemaining > 0) return 'generationTooSoon';
  return null;
}

/** The generation status the API presents (part 2 §3). */
export interface GenerationState {
  id: string;
  kind: GenerationKind;
  status: GenerationStatus;
  stage: number;
  totalStages: number;
  stageLabel: string | null;
  prompt: string | null;
  error: string | null;
  provider: string | null;
  /** True when the configured model failed and the built-in generator wrote the result. */
  fellBack: boolean;
  queued: string | null;
  startedAt: string | null;
  endedAt: string | null;
  modifiedByUser: boolean;
}

export function isGenerationRunning(status: GenerationStatus): boolean {
  return status === 'initialized' || status === 'queued' || status === 'processing';
}

export const VALUE_PROPOSITION_PARTS = [
  ['customerJobs', 'Customer jobs'],
  ['pains', 'Pains'],
  ['gains', 'Gains'],
  ['productsAndServices', 'Products & services'],
  ['painRelievers', 'Pain relievers'],
  ['gainCreators', 'Gain creators'],
] as const satisfies readonly (readonly [keyof ValuePropositionCanvas, string])[];

export interface PetalCompany {
  id: string;
  name: string;
  description: string;
  link: string;
}
export interface PetalCategory {
  id: string;
  title: string;
  description: string;
  marketAnalysis: string;
  value: string;
  companies: PetalCompany[];
  generated: boolean;
}
export interface PetalDiagram {
  categories: PetalCategory[];
}
export const EMPTY_PETAL: PetalDiagram = { categories: [] };

/** What the agent last wrote on a project, kept to tell a person's later edits apart. */
export interface ProjectGenerated {
  dashboard?: Partial<GeneratedDashboard>;
  market?: { notes?: string; analysis?: string };
}
export const MAX_PETAL_CATEGORIES = 12;
export const MAX_PETAL_COMPANIES = 30;

/** Documents the agent can read to summarize (enterprise autoSummerizeFiles). */
const SUMMARIZABLE = /\.(pdf|docx|txt|md|markdown|csv|tsv|html?|json)$/i;
export function isSummarizable(filename: string): boolean {
  return SUMMARIZABLE.test(filename);
}
export const FILE_SUMMARY_MESSAGES = {
  notDocument:
    'The agent summarizes documents: PDF, Word (.docx), text, Markdown, CSV, HTML or JSON.',
  empty: 'There is no text in this file to summarize.',
} as const;
