/**
 * The assistant's questions about the project itself: which hypothesis is riskiest, and what to
 * test next. Pure rules over each hypothesis's standing (risk flag, result, the evidence connected
 * and its ratings, a running experiment), so the answer is the same whichever model words it.
 */

export type AssistantIntent = 'riskiest' | 'testNext' | 'topic';

const RISKIEST =
  /riski|riskie|most risk|risqu|plus risqu|riesgos|arriesgad|más riesgo|rischios|più rischi|arriscad|mais risc/i;
const TEST_NEXT =
  /test next|testing next|should we test|to test next|what next|next experiment|probar (?:ahora|después|primero|ahora)|qué (?:deberíamos )?probar|tester ensuite|que tester|quoi tester|testare (?:ora|adesso|dopo)|cosa (?:dovremmo )?testare|testar (?:agora|depois)|o que (?:devemos )?testar|próximo teste|próximo experimento|prochain test/i;

/** What a question asks: the riskiest hypothesis, what to test next, or a topic in the cards. */
export function assistantIntent(question: string): AssistantIntent {
  if (TEST_NEXT.test(question)) return 'testNext';
  if (RISKIEST.test(question)) return 'riskiest';
  return 'topic';
}

export interface HypothesisStanding {
  cardId: string;
  title: string;
  risky: boolean;
  result: 'validated' | 'invalidated' | 'none';
  /** Pieces of evidence connected to it. */
  evidence: number;
  /** The sum of the ratings of those connections (−2…+2 each). */
  ratingSum: number;
  /** Whether an experiment connected to it is running (Run or Analyze). */
  experimentRunning: boolean;
}

/**
 * How risky a hypothesis still is: marked risky, unsettled, little evidence, and contested or
 * disconfirming evidence all raise it; a result settles it.
 */
export function riskScore(h: HypothesisStanding): number {
  if (h.result !== 'none') return 0;
  const evidence = h.evidence === 0 ? 3 : h.evidence < 3 ? 2 : h.evidence < 6 ? 1 : 0;
  const contested = h.ratingSum < 0 ? 2 : h.evidence > 0 && h.ratingSum === 0 ? 1 : 0;
  return (h.risky ? 4 : 0) + evidence + contested + 1;
}

/** Hypotheses from the riskiest down (settled ones last); ties keep the fewer pieces of evidence first. */
export function rankRiskiest(list: HypothesisStanding[]): HypothesisStanding[] {
  return [...list].sort(
    (a, b) =>
      riskScore(b) - riskScore(a) || a.evidence - b.evidence || a.title.localeCompare(b.title),
  );
}

/** What to test next: the riskiest unsettled hypotheses that no running experiment tests yet. */
export function rankTestNext(list: HypothesisStanding[]): HypothesisStanding[] {
  return rankRiskiest(list.filter((h) => h.result === 'none' && !h.experimentRunning));
}
