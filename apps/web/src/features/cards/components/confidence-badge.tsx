/**
 * What the rated evidence says about a hypothesis, at a glance: a badge by state, with the figures
 * on hover (what people say weighs less than what they do and pay; one person counts once).
 */
import { Badge, Tooltip } from '@mantine/core';
import { CONFIDENCE_LOOK, confidenceSummary } from '../../../ui/confidence.ts';
import type { CardDetail } from '../api/card.ts';

export { confidenceSummary } from '../../../ui/confidence.ts';

export function ConfidenceBadge(props: { confidence: CardDetail['confidence'] }) {
  const c = props.confidence;
  if (!c) return null;
  const look = CONFIDENCE_LOOK[c.state];
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
