/**
 * Week N beside week M (issue #24): every team's learning as kept at the end of each cohort
 * week — hypotheses, results, evidence, interviews and where they sit on the assumptions map —
 * for the cohort's instructors, mentors and admins.
 */
import { Alert, Group, Loader, Select, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toApiError } from '../../../api/errors.ts';
import { gatewayRequest } from '../../../api/gateway.ts';
import type { Cohort } from '../api/cohorts.ts';

type Metrics = Record<
  | 'hypotheses'
  | 'validated'
  | 'invalidated'
  | 'evidence'
  | 'interviews'
  | 'testNow'
  | 'keepTesting'
  | 'supported',
  number
>;

interface Weeks {
  weeks: number[];
  from: number | null;
  to: number | null;
  teams: {
    team: { id: string; name: string };
    from: Metrics | null;
    to: Metrics | null;
    moved: number;
  }[];
}

const COLUMNS: { key: keyof Metrics; label: string }[] = [
  { key: 'hypotheses', label: 'Hypotheses' },
  { key: 'validated', label: 'Validated' },
  { key: 'invalidated', label: 'Invalidated' },
  { key: 'evidence', label: 'Evidence' },
  { key: 'interviews', label: 'Interviews' },
  { key: 'testNow', label: 'Test now' },
  { key: 'supported', label: 'Supported on the map' },
];

function cell(from: Metrics | null, to: Metrics | null, key: keyof Metrics) {
  const a = from?.[key];
  const b = to?.[key];
  if (a === undefined && b === undefined) return '—';
  if (a === undefined) return String(b);
  if (b === undefined) return `${a} → —`;
  const delta = b - a;
  return delta === 0 ? String(b) : `${a} → ${b} (${delta > 0 ? '+' : ''}${delta})`;
}

export function WeeksTab(props: { cohort: Cohort }) {
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const weeks = useQuery({
    queryKey: ['cohorts', props.cohort.id, 'weeks', from, to],
    queryFn: () =>
      gatewayRequest<{ cohortWeeks: Weeks }>(
        `query CohortWeeks($c: ID!, $from: Int, $to: Int) { cohortWeeks(cohortId: $c, from: $from, to: $to) {
          weeks from to teams { team { id name } moved
            from { hypotheses validated invalidated evidence interviews testNow keepTesting supported }
            to { hypotheses validated invalidated evidence interviews testNow keepTesting supported } } } }`,
        {
          c: props.cohort.id,
          from: from ? Number(from) : null,
          to: to ? Number(to) : null,
        },
      ).then((d) => d.cohortWeeks),
  });
  if (weeks.isError) return <Alert color="red">{toApiError(weeks.error).message}</Alert>;
  if (!weeks.data) return <Loader size="sm" aria-label="Loading the kept weeks" />;
  const data = weeks.data;
  if (data.weeks.length === 0)
    return (
      <Text size="sm">
        No week has ended yet: each team&rsquo;s map and metrics are kept when a cohort week ends.
      </Text>
    );
  const options = data.weeks.map((w) => ({ value: String(w), label: `Week ${w}` }));
  return (
    <>
      <Group gap="sm" mb="sm">
        <Select
          size="xs"
          label="Compare week"
          data={options}
          value={String(data.from ?? '')}
          onChange={setFrom}
          allowDeselect={false}
          w={140}
        />
        <Select
          size="xs"
          label="with week"
          data={options}
          value={String(data.to ?? '')}
          onChange={setTo}
          allowDeselect={false}
          w={140}
        />
      </Group>
      <Table striped withTableBorder data-testid="cohort-weeks">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Team</Table.Th>
            {COLUMNS.map((c) => (
              <Table.Th key={c.key}>{c.label}</Table.Th>
            ))}
            <Table.Th>Moved on the map</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.teams.map((t) => (
            <Table.Tr key={t.team.id}>
              <Table.Td>{t.team.name}</Table.Td>
              {COLUMNS.map((c) => (
                <Table.Td key={c.key}>{cell(t.from, t.to, c.key)}</Table.Td>
              ))}
              <Table.Td>{t.moved}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
