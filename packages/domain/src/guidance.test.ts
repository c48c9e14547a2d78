import { describe, expect, it } from 'vitest';
import {
  checklistProgress,
  DEFAULT_GUIDANCE,
  guidanceOf,
  guidancePatchSchema,
  tipTypeOf,
} from './guidance.ts';

describe('guidance', () => {
  it('starts with the checklist shown and every tip unseen', () => {
    expect(guidanceOf(undefined)).toEqual(DEFAULT_GUIDANCE);
    expect(Object.values(DEFAULT_GUIDANCE.seen).every((v) => v === false)).toBe(true);
    expect(Object.keys(DEFAULT_GUIDANCE.seen).sort()).toEqual(
      ['evidence', 'experiment', 'hypothesis', 'interview', 'post', 'research'].sort(),
    );
  });

  it('keeps stored flags over the defaults', () => {
    expect(guidanceOf({ showChecklist: false, seen: { post: true } as never })).toEqual({
      showChecklist: false,
      seen: { ...DEFAULT_GUIDANCE.seen, post: true },
    });
  });

  it('takes only known tips, and a tip can only become seen', () => {
    expect(guidancePatchSchema.safeParse({ seen: { interview: true } }).success).toBe(true);
    expect(guidancePatchSchema.safeParse({ seen: { interview: false } }).success).toBe(false);
    expect(guidancePatchSchema.safeParse({ seen: { canvas: true } }).success).toBe(false);
    expect(guidancePatchSchema.safeParse({ other: 1 }).success).toBe(false);
  });

  it('maps cards to their tip', () => {
    expect(tipTypeOf({ type: 'hypothesis', hypothesisType: 'business' })).toBe('hypothesis');
    expect(tipTypeOf({ type: 'hypothesis', hypothesisType: 'product' })).toBe('research');
    expect(tipTypeOf({ type: 'evidenceOther' })).toBe('evidence');
    expect(tipTypeOf({ type: 'intercom' })).toBe('evidence');
    expect(tipTypeOf({ type: 'interview' })).toBe('interview');
    expect(tipTypeOf({ type: 'template' })).toBeNull();
  });

  it('counts progress', () => {
    const none = {
      createProject: false,
      addHypothesis: false,
      addEvidence: false,
      connectEvidence: false,
      planExperiment: false,
      inviteTeammate: false,
    };
    expect(checklistProgress(none)).toEqual({ done: 0, total: 6, complete: false });
    expect(
      checklistProgress(Object.fromEntries(Object.keys(none).map((k) => [k, true])) as never),
    ).toEqual({ done: 6, total: 6, complete: true });
  });
});
