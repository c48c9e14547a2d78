import { describe, expect, it } from 'vitest';
import {
  dashboardTabOrder,
  investmentProblem,
  marketProblem,
  DASHBOARD_MESSAGES,
} from './dashboard.ts';
import {
  EMPTY_ANALYSIS,
  EXPERIMENT_MESSAGES,
  isPhaseReady,
  phaseChangeProblem,
  phaseDurations,
  withoutConnectedCard,
} from './experiments.ts';

const ready = {
  phase: 'plan' as const,
  draft: false,
  statement: 'We believe',
  planDetails: 'Ask 10',
};

describe('experiment phases', () => {
  it.each([
    [{ ...ready, draft: true }, 'test', EXPERIMENT_MESSAGES.publishFirst],
    [{ ...ready, statement: '  ' }, 'test', EXPERIMENT_MESSAGES.statementRequired],
    [{ ...ready, statement: null }, 'analyze', EXPERIMENT_MESSAGES.statementRequired],
    [{ ...ready, planDetails: '' }, 'complete', EXPERIMENT_MESSAGES.planRequired],
    [ready, 'test', null],
    [{ ...ready, phase: 'test' as const }, 'analyze', null],
    // Going back to plan, or staying, is always allowed.
    [{ ...ready, phase: 'test' as const, draft: true, statement: '' }, 'plan', null],
    [{ ...ready, draft: true }, 'plan', null],
  ] as const)('%o → %s', (state, target, expected) => {
    expect(phaseChangeProblem(state, target)).toBe(expected);
  });

  it('is phase-ready only in test with evidence', () => {
    expect(isPhaseReady('test', 1)).toBe(true);
    expect(isPhaseReady('test', 0)).toBe(false);
    expect(isPhaseReady('plan', 3)).toBe(false);
    expect(isPhaseReady('analyze', 3)).toBe(false);
  });

  it('adds the time in the current phase, not after completion', () => {
    const entered = new Date('2026-01-01T00:00:00Z');
    const now = new Date('2026-01-01T01:00:00Z');
    expect(phaseDurations({ plan: 5 }, 'test', entered, now)).toEqual({
      plan: 5,
      test: 3_600_000,
      analyze: 0,
      complete: 0,
    });
    expect(phaseDurations({}, 'complete', entered, now).complete).toBe(0);
  });

  it('drops a disconnected card from success criteria and the analysis', () => {
    const result = withoutConnectedCard(
      [{ id: 'c', measurement: '', expectation: '', achieved: null, evidence: ['a', 'b'] }],
      {
        ...EMPTY_ANALYSIS,
        hypothesis: [
          { id: 'a', value: 'v', reason: 'r' },
          { id: 'h', value: '', reason: '' },
        ],
      },
      'a',
    );
    expect(result.successCriteria[0]!.evidence).toEqual(['b']);
    expect(result.analyze.hypothesis.map((h) => h.id)).toEqual(['h']);
  });
});

describe('dashboard rules', () => {
  it('cleans a saved tab order', () => {
    expect(dashboardTabOrder(['risky', 'bogus', 'risky', 'hypotheses'])).toEqual([
      'risky',
      'hypotheses',
      'experiments',
      'completed',
    ]);
    expect(dashboardTabOrder(null)).toEqual(['hypotheses', 'experiments', 'completed', 'risky']);
  });

  it('nests market sizes and caps investment to date', () => {
    expect(marketProblem({ target: 1, served: 2, total: 3 })).toBeNull();
    expect(marketProblem({ target: null, served: 5, total: 3 })).toBe(
      DASHBOARD_MESSAGES.marketOrder,
    );
    expect(marketProblem({ target: 4, served: null, total: 3 })).toBe(
      DASHBOARD_MESSAGES.marketOrder,
    );
    expect(investmentProblem({ total: 10, toDate: 10 })).toBeNull();
    expect(investmentProblem({ total: 10, toDate: 11 })).toBe(DASHBOARD_MESSAGES.investmentOrder);
  });
});
