/**
 * How a hypothesis's confidence (issue #24: what its rated evidence says, by kind, age and person)
 * reads on every screen that shows it: the card's badge, the dot on board cards, the map.
 */
export interface ConfidenceView {
  score: number;
  state: 'untested' | 'weak' | 'supported' | 'refuted' | 'contested';
  confirming: number;
  disconfirming: number;
  evidence: number;
  people: number;
}

export const CONFIDENCE_LOOK: Record<ConfidenceView['state'], { label: string; color: string }> = {
  untested: { label: 'Untested', color: 'gray' },
  weak: { label: 'Weak evidence', color: 'yellow' },
  supported: { label: 'Supported', color: 'green' },
  refuted: { label: 'Refuted', color: 'red' },
  contested: { label: 'Contested', color: 'orange' },
};

/** The figures behind a confidence, in words. */
export function confidenceSummary(c: ConfidenceView): string {
  if (c.state === 'untested') return 'No rated evidence yet.';
  const pieces = `${c.evidence} piece${c.evidence === 1 ? '' : 's'} of rated evidence`;
  const people = c.people ? ` from ${c.people} ${c.people === 1 ? 'person' : 'people'}` : '';
  return `${pieces}${people}: for ${c.confirming.toFixed(1)}, against ${c.disconfirming.toFixed(1)}, score ${c.score.toFixed(2)}. What people pay and do weighs more than what they say; old evidence fades.`;
}
