/** An experiment's timing status as a coloured dot badge. */
import { Badge, type MantineSize } from '@mantine/core';
import { TIMING_LABELS, type TimingStatus } from '@assay/domain';

const COLORS: Record<TimingStatus, string> = {
  achieved: 'green',
  atRisk: 'orange',
  pastDue: 'red',
  onTrack: 'blue',
};

export function TimingBadge(props: { timing: TimingStatus; size?: MantineSize }) {
  return (
    <Badge
      size={props.size ?? 'sm'}
      variant="dot"
      color={COLORS[props.timing]}
      data-testid="timing"
    >
      {TIMING_LABELS[props.timing]}
    </Badge>
  );
}
