/** The PDF export modal: the dashboard (with the parts to include) or the canvas. */
import { Button, Checkbox, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';

const DASHBOARD_PARTS = [
  { key: 'statements', label: 'Description and statements' },
  { key: 'counts', label: 'Hypothesis and experiment counts' },
  { key: 'map', label: 'Assumptions map' },
  { key: 'market', label: 'Market and investment' },
  { key: 'lists', label: 'Risky hypotheses and experiments' },
] as const;

export function exportUrl(
  projectId: string,
  kind: 'dashboard' | 'canvas',
  options: Record<string, boolean>,
) {
  const query = new URLSearchParams(
    Object.entries(options).map(([k, v]) => [k, v ? '1' : '0']),
  ).toString();
  return `/api/proj/projects/${projectId}/export/${kind}.pdf${query ? `?${query}` : ''}`;
}

export function ExportModal(props: {
  projectId: string;
  opened: boolean;
  onClose: () => void;
  initial?: 'dashboard' | 'canvas';
}) {
  const [kind, setKind] = useState<'dashboard' | 'canvas'>(props.initial ?? 'dashboard');
  const [parts, setParts] = useState<string[]>(DASHBOARD_PARTS.map((p) => p.key));
  const [statuses, setStatuses] = useState(true);
  const options =
    kind === 'dashboard'
      ? Object.fromEntries(DASHBOARD_PARTS.map((p) => [p.key, parts.includes(p.key)]))
      : { statuses };
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Export as PDF">
      <Stack gap="md">
        <SegmentedControl
          value={kind}
          onChange={(v) => setKind(v as 'dashboard')}
          data={[
            { value: 'dashboard', label: 'Dashboard' },
            { value: 'canvas', label: 'Canvas' },
          ]}
        />
        {kind === 'dashboard' ? (
          <Checkbox.Group label="Include" value={parts} onChange={setParts}>
            <Stack gap={6} mt={6}>
              {DASHBOARD_PARTS.map((p) => (
                <Checkbox key={p.key} value={p.key} label={p.label} />
              ))}
            </Stack>
          </Checkbox.Group>
        ) : (
          <Stack gap={6}>
            <Text size="sm">
              The nine sections in the canvas layout; unassigned hypotheses follow.
            </Text>
            <Checkbox
              label="Show status and result next to each hypothesis"
              checked={statuses}
              onChange={(e) => setStatuses(e.currentTarget.checked)}
            />
          </Stack>
        )}
        <Button
          component="a"
          href={exportUrl(props.projectId, kind, options)}
          download
          // The modal stays open: closing it in the same turn unmounted the link while the
          // browser was starting its download (a lost download in the experiments journey).
          disabled={kind === 'dashboard' && parts.length === 0}
        >
          Download PDF
        </Button>
      </Stack>
    </Modal>
  );
}
