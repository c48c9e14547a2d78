import { describe, expect, it } from 'vitest';
import {
  assistantIntent,
  rankRiskiest,
  rankTestNext,
  riskScore,
  type HypothesisStanding,
} from './assistant.ts';

const h = (over: Partial<HypothesisStanding> & { cardId: string }): HypothesisStanding => ({
  title: over.cardId,
  risky: false,
  result: 'none',
  evidence: 0,
  ratingSum: 0,
  experimentRunning: false,
  ...over,
});

describe('the assistant’s questions about the project', () => {
  it('tells the riskiest and test-next questions from a topic, in the five languages', () => {
    expect(assistantIntent('Which hypothesis is riskiest?')).toBe('riskiest');
    expect(assistantIntent('¿Cuál es la hipótesis más arriesgada?')).toBe('riskiest');
    expect(assistantIntent("Quelle est l'hypothèse la plus risquée ?")).toBe('riskiest');
    expect(assistantIntent("Qual è l'ipotesi più rischiosa?")).toBe('riskiest');
    expect(assistantIntent('Qual é a hipótese mais arriscada?')).toBe('riskiest');
    expect(assistantIntent('What should we test next?')).toBe('testNext');
    expect(assistantIntent('¿Qué deberíamos probar ahora?')).toBe('testNext');
    expect(assistantIntent('Que tester ensuite ?')).toBe('testNext');
    expect(assistantIntent('Cosa dovremmo testare ora?')).toBe('testNext');
    expect(assistantIntent('O que devemos testar agora?')).toBe('testNext');
    expect(assistantIntent('What did interviews say about price?')).toBe('topic');
  });

  it('ranks risky, untested and contested hypotheses first, and settled ones last', () => {
    const list = [
      h({ cardId: 'validated', risky: true, result: 'validated', evidence: 8, ratingSum: 12 }),
      h({ cardId: 'well-supported', evidence: 7, ratingSum: 10 }),
      h({ cardId: 'untested' }),
      h({ cardId: 'risky-untested', risky: true }),
      h({ cardId: 'contested', evidence: 4, ratingSum: -3 }),
    ];
    expect(rankRiskiest(list).map((x) => x.cardId)).toEqual([
      'risky-untested',
      'untested',
      'contested',
      'well-supported',
      'validated',
    ]);
    expect(riskScore(list[0]!)).toBe(0);
    // "Strongly contested" differs from "untested" but both stay ahead of well supported.
    expect(riskScore(h({ cardId: 'c', evidence: 2, ratingSum: -4 }))).toBeGreaterThan(
      riskScore(h({ cardId: 's', evidence: 2, ratingSum: 4 })),
    );
  });

  it('leaves out of "test next" what is settled or already under a running experiment', () => {
    const list = [
      h({ cardId: 'running', risky: true, experimentRunning: true }),
      h({ cardId: 'settled', risky: true, result: 'invalidated' }),
      h({ cardId: 'open', evidence: 1 }),
    ];
    expect(rankTestNext(list).map((x) => x.cardId)).toEqual(['open']);
    expect(rankTestNext([])).toEqual([]);
  });
});
