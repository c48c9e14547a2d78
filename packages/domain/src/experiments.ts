/**
 * Experiments (part 2 §3, §4): generative or evaluative; phases plan → test (shown as Run) →
 * analyze → complete, and the rules for moving between them. Pure, so the server refuses what the
 * web app already hides.
 */
import type { EXPERIMENT_PHASES } from './canvas.ts';
import { EXPERIMENT_PHASE_LABELS } from './canvas.ts';
import { LIMITS } from './limits.ts';

export type ExperimentPhase = (typeof EXPERIMENT_PHASES)[number];
export const EXPERIMENT_TYPES = ['generative', 'evaluative'] as const;
export type ExperimentType = (typeof EXPERIMENT_TYPES)[number];
export const EXPERIMENT_TYPE_LABELS: Record<ExperimentType, string> = {
  generative: 'Generative',
  evaluative: 'Evaluative',
};

/** The experiment workspace's columns (complete is the fourth phase, shown apart). */
export const EXPERIMENT_WORKSPACE_COLUMNS = ['plan', 'test', 'analyze'] as const;

export const EXPERIMENT_MESSAGES = {
  publishFirst: 'Publish the experiment before moving it to Run.',
  statementRequired: 'Add the hypothesis statement before moving the experiment out of Plan.',
  planRequired: 'Add the plan details before moving the experiment out of Plan.',
  keyLearningsTooLong: `Key learnings must be less than ${LIMITS.keyLearningsMax} characters.`,
  evidenceNotConnected: 'Only evidence connected to this experiment can be linked here.',
  hypothesisNotConnected: 'Only hypotheses connected to this experiment can be changed here.',
} as const;

export interface SuccessCriterion {
  id: string;
  measurement: string;
  expectation: string;
  achieved: boolean | null;
  /** Connected evidence card ids that show it. */
  evidence: string[];
}

export interface HypothesisChange {
  id: string;
  /** What the hypothesis becomes (its new wording or result). */
  value: string;
  reason: string;
}

export interface ExperimentAnalysis {
  market: string;
  investment: string;
  details: string;
  hypothesisChanged: boolean;
  hypothesis: HypothesisChange[];
}

export const EMPTY_ANALYSIS: ExperimentAnalysis = {
  market: '',
  investment: '',
  details: '',
  hypothesisChanged: false,
  hypothesis: [],
};

export interface PhaseState {
  phase: ExperimentPhase;
  draft: boolean;
  statement: string | null | undefined;
  planDetails: string | null | undefined;
}

const filled = (value: string | null | undefined) => !!value && value.trim().length > 0;

/**
 * Why the experiment may not move to `target`, or null when it may. Moving to test needs the card
 * published; every phase beyond plan needs a statement and plan details.
 */
export function phaseChangeProblem(state: PhaseState, target: ExperimentPhase): string | null {
  if (target === state.phase || target === 'plan') return null;
  if (state.draft) return EXPERIMENT_MESSAGES.publishFirst;
  if (!filled(state.statement)) return EXPERIMENT_MESSAGES.statementRequired;
  if (!filled(state.planDetails)) return EXPERIMENT_MESSAGES.planRequired;
  return null;
}

/** In test, an experiment is ready for analysis only once evidence is connected. */
export function isPhaseReady(phase: ExperimentPhase, evidenceCount: number): boolean {
  return phase === 'test' && evidenceCount > 0;
}

export function phaseLabel(phase: ExperimentPhase): string {
  return EXPERIMENT_PHASE_LABELS[phase];
}

/** Days spent per phase, adding the time since the phase was entered to the current phase. */
export function phaseDurations(
  durations: Partial<Record<ExperimentPhase, number>>,
  phase: ExperimentPhase,
  enteredAt: Date,
  now: Date,
): Record<ExperimentPhase, number> {
  const result = { plan: 0, test: 0, analyze: 0, complete: 0, ...durations };
  if (phase !== 'complete') {
    result[phase] += Math.max(0, now.getTime() - enteredAt.getTime());
  }
  return result;
}

/**
 * After a card is disconnected from an experiment, what remains of its success criteria and
 * analysis: the card leaves every evidence list and the changed-hypothesis list.
 */
export function withoutConnectedCard(
  criteria: SuccessCriterion[],
  analysis: ExperimentAnalysis,
  cardId: string,
): { successCriteria: SuccessCriterion[]; analyze: ExperimentAnalysis } {
  return {
    successCriteria: criteria.map((c) => ({
      ...c,
      evidence: c.evidence.filter((id) => id !== cardId),
    })),
    analyze: {
      ...analysis,
      hypothesis: analysis.hypothesis.filter((h) => h.id !== cardId),
    },
  };
}
