/**
 * Guidance for a new member (part 1 §3 profile onboarding, part 2 §9): the getting-started
 * checklist (shown by default) and a first-time tip per card type, each shown until seen (all
 * flags false at first).
 */
import { z } from 'zod';

export const TIP_CARD_TYPES = [
  'hypothesis',
  'research',
  'experiment',
  'evidence',
  'interview',
  'post',
] as const;
export type TipCardType = (typeof TIP_CARD_TYPES)[number];

export interface Guidance {
  showChecklist: boolean;
  seen: Record<TipCardType, boolean>;
}

/** What a profile starts with: the checklist shown, no tip seen. */
export const DEFAULT_GUIDANCE: Guidance = {
  showChecklist: true,
  seen: {
    hypothesis: false,
    research: false,
    experiment: false,
    evidence: false,
    interview: false,
    post: false,
  },
};

/** The stored flags over the defaults (absent flags keep their default). */
export function guidanceOf(
  stored: { showChecklist?: boolean; seen?: Partial<Record<TipCardType, boolean>> } | undefined,
): Guidance {
  return {
    showChecklist: stored?.showChecklist ?? DEFAULT_GUIDANCE.showChecklist,
    seen: Object.fromEntries(
      TIP_CARD_TYPES.map((type) => [type, stored?.seen?.[type] ?? DEFAULT_GUIDANCE.seen[type]]),
    ) as Record<TipCardType, boolean>,
  };
}

/** A member hides or shows the checklist, or marks tips seen (a seen tip stays seen). */
export const guidancePatchSchema = z
  .object({
    showChecklist: z.boolean(),
    seen: z.partialRecord(z.enum(TIP_CARD_TYPES), z.literal(true)),
  })
  .partial()
  .strict();
export type GuidancePatch = z.infer<typeof guidancePatchSchema>;

/** The tip a card of this kind shows the first time (business and product hypotheses differ). */
export function tipTypeOf(card: {
  type: string;
  hypothesisType?: string | null;
}): TipCardType | null {
  switch (card.type) {
    case 'hypothesis':
      return card.hypothesisType === 'product' ? 'research' : 'hypothesis';
    case 'experiment':
      return 'experiment';
    case 'interview':
      return 'interview';
    case 'post':
      return 'post';
    case 'evidenceOther':
    case 'intercom':
      return 'evidence';
    default:
      return null;
  }
}

export const FIRST_TIME_TIPS: Record<TipCardType, { title: string; body: string }> = {
  hypothesis: {
    title: 'Your first hypothesis',
    body: 'Write one belief about your business that could be wrong, e.g. "Commuting students will pay $15 for a same-day repair". Mark it risky if the business fails without it, then connect evidence to test it.',
  },
  research: {
    title: 'Your first product idea',
    body: 'Describe a feature or product idea, score it (ICE or RICE) and move it across the board as you learn. Connect interviews and posts that support or contradict it.',
  },
  experiment: {
    title: 'Your first experiment',
    body: 'Experiments move through Plan, Run, Analyze and Complete. State what you believe, plan how to test it, connect the hypotheses it tests and the evidence it produces, then record what you learnt.',
  },
  evidence: {
    title: 'Your first piece of evidence',
    body: 'Evidence is anything you learnt from outside the building: files, links, customer chats. Rate how it bears on each hypothesis in Connections, from strongly disconfirms to strongly confirms.',
  },
  interview: {
    title: 'Your first interview',
    body: 'Record who you spoke with and the key insights in their words, not your pitch. An interview is published once it has key insights and at least one interviewee.',
  },
  post: {
    title: 'Your first post',
    body: 'Posts hold what you read or observed: a forum thread, a survey result, a competitor page. Add a summary or key insights, then connect it to the hypotheses it speaks to.',
  },
};

export const CHECKLIST_ITEMS = [
  'createProject',
  'addHypothesis',
  'addEvidence',
  'connectEvidence',
  'planExperiment',
  'inviteTeammate',
] as const;
export type ChecklistItem = (typeof CHECKLIST_ITEMS)[number];

export const CHECKLIST_LABELS: Record<ChecklistItem, string> = {
  createProject: 'Create a project',
  addHypothesis: 'Add a hypothesis to the canvas',
  addEvidence: 'Add evidence: an interview or a post',
  connectEvidence: 'Rate how evidence bears on a hypothesis',
  planExperiment: 'Plan an experiment',
  inviteTeammate: 'Invite a teammate',
};

/** How far a member is: items done of all. */
export function checklistProgress(done: Record<ChecklistItem, boolean>) {
  const count = CHECKLIST_ITEMS.filter((item) => done[item]).length;
  return { done: count, total: CHECKLIST_ITEMS.length, complete: count === CHECKLIST_ITEMS.length };
}
