/**
 * What the rated evidence says about a hypothesis, at a glance: a badge by state, with the figures
 * on hover (what people say weighs less than what they do and pay; one person counts once).
 */
import { Badge, Tooltip } from '@mantine/core';
import type { CardDetail } from '../api/card.ts';

const LOOK: Record<
  NonNullable<CardDetail['confidence']>['state'],
  { label: string; color: string }
> = {
  untested: { label: 'Untested', color: 'gray' },
  weak: { label: 'Weak evidence', color: 'yellow' },
  supported: { label: 'Supported', color: 'green' },
  refuted: { label: 'Refuted', color: 'red' },
  contested: { label: 'Contested', color: 'orange' },
};

/** The figures behind a confidence, in words. */
export function confidenceSummary(c: NonNullable<CardDetail['confidence']>): string {
  if (c.state === 'untested') return 'No rated evidence yet.';
  const pieces = `${c.evidence} piece${c.evidence === 1 ? '' : 's'} of rated evidence`;
  const people = c.people ? ` from ${c.people} ${c.people === 1 ? 'person' : 'people'}` : '';
  return `${pieces}${people}: for ${c.confirming.toFixed(1)}, against ${c.disconfirming.toFixed(1)}, score ${c.score.toFixed(2)}. What people pay and do weighs more than what they say; old evidence fades.`;
}

export function ConfidenceBadge(props: { confidence: CardDetail['confidence'] }) {
  const c = props.confidence;
  if (!c) return null;
  const look = LOOK[c.state];
  return (
    <Tooltip label={confidenceSummary(c)} multiline w={280} withArrow>
      <Badge
        color={look.color}
        variant="light"
        data-testid="confidence"
        data-state={c.state}
        aria-label={`Confidence: ${look.label}. ${confidenceSummary(c)}`}
      >
        {look.label}
      </Badge>
    </Tooltip>
  );
}
