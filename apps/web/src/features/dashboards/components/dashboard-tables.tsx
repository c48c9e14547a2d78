/** The dashboard's figures: counts, the hypotheses and experiments tables, and the charts. */
import {
  ActionIcon,
  Anchor,
  Badge,
  Group,
  Paper,
  SimpleGrid,
  Table,
  Tabs,
  Text,
} from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  DASHBOARD_TAB_LABELS,
  EXPERIMENT_PHASE_LABELS,
  HYPOTHESIS_RESULT_LABELS,
  type DashboardTab,
} from '@assay/domain';
import { BarChart } from '../../../ui/charts/bar-chart.tsx';
import { DonutChart } from '../../../ui/charts/donut-chart.tsx';
import { TimingBadge } from '../../../ui/timing-badge.tsx';
import {
  reorderTabs,
  type DashboardExperiment,
  type DashboardHypothesis,
  type ProjectDashboard,
} from '../api/dashboard.ts';
import { useSave } from './dashboard-fields.tsx';

function HypothesisTable(props: { rows: DashboardHypothesis[]; empty: string }) {
  if (props.rows.length === 0) return <Text c="dimmed">{props.empty}</Text>;
  return (
    <Table striped>
      <Table.Tbody>
        {props.rows.map((h) => (
          <Table.Tr key={h.id}>
            <Table.Td>
              <Anchor component={Link} to={h.path} size="sm">
                {h.title || 'Untitled'}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <Badge
                variant="light"
                color={
                  h.result === 'validated' ? 'green' : h.result === 'invalidated' ? 'red' : 'gray'
                }
              >
                {HYPOTHESIS_RESULT_LABELS[h.result]}
              </Badge>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function ExperimentTable(props: { rows: DashboardExperiment[]; empty: string }) {
  if (props.rows.length === 0) return <Text c="dimmed">{props.empty}</Text>;
  return (
    <Table striped>
      <Table.Tbody>
        {props.rows.map((e) => (
          <Table.Tr key={e.id} data-testid="dashboard-experiment">
            <Table.Td>
              <Anchor component={Link} to={e.path} size="sm">
                {e.title || 'Untitled'}
              </Anchor>
            </Table.Td>
            <Table.Td>{EXPERIMENT_PHASE_LABELS[e.phase.phase]}</Table.Td>
            <Table.Td>
              <TimingBadge timing={e.timing} />
            </Table.Td>
            <Table.Td>{e.evidenceCount} evidence</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function DashboardTabs(props: { data: ProjectDashboard }) {
  const { data } = props;
  const save = useSave(data.project.id);
  const [tab, setTab] = useState<DashboardTab>(data.tabOrder[0] ?? 'hypotheses');
  const move = (by: -1 | 1) => {
    const order = [...data.tabOrder];
    const at = order.indexOf(tab);
    const to = at + by;
    if (at < 0 || to < 0 || to >= order.length) return;
    [order[at], order[to]] = [order[to] as DashboardTab, order[at] as DashboardTab];
    void save(() => reorderTabs(data.project.id, order));
  };
  const content: Record<DashboardTab, ReactNode> = {
    hypotheses: <HypothesisTable rows={data.hypotheses} empty="No published hypotheses yet." />,
    experiments: (
      <ExperimentTable rows={data.activeExperiments} empty="No experiments are running." />
    ),
    completed: (
      <ExperimentTable rows={data.completeExperiments} empty="No experiments are complete yet." />
    ),
    risky: <HypothesisTable rows={data.riskyHypotheses} empty="No hypotheses are marked risky." />,
  };
  const counts: Record<DashboardTab, number> = {
    hypotheses: data.counts.hypotheses,
    experiments: data.counts.activeExperiments,
    completed: data.counts.completeExperiments,
    risky: data.counts.risky,
  };
  return (
    <Tabs value={tab} onChange={(v) => v && setTab(v as DashboardTab)}>
      <Group justify="space-between" wrap="nowrap">
        <Tabs.List>
          {data.tabOrder.map((t) => (
            <Tabs.Tab key={t} value={t}>
              {DASHBOARD_TAB_LABELS[t]} ({counts[t]})
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {data.abilities.edit ? (
          <Group gap={2}>
            <ActionIcon variant="subtle" aria-label="Move tab left" onClick={() => move(-1)}>
              ←
            </ActionIcon>
            <ActionIcon variant="subtle" aria-label="Move tab right" onClick={() => move(1)}>
              →
            </ActionIcon>
          </Group>
        ) : null}
      </Group>
      {data.tabOrder.map((t) => (
        <Tabs.Panel key={t} value={t} pt="sm">
          {content[t]}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

const DONUT_SIZE = 140;
const BAR_HEIGHT = 160;

export function Charts(props: { data: ProjectDashboard }) {
  const { counts, evidenceByWeek } = props.data;
  const open = counts.hypotheses - counts.validated - counts.invalidated;
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
      <Paper withBorder p="sm" radius="md">
        <Text fw={600} size="sm" mb="xs">
          Hypothesis results
        </Text>
        {counts.hypotheses === 0 ? (
          <Text size="sm" c="dimmed">
            No hypotheses yet.
          </Text>
        ) : (
          <DonutChart
            title="Hypothesis results"
            size={DONUT_SIZE}
            thickness={22}
            data={[
              { name: 'Validated', value: counts.validated, color: 'green.6' },
              { name: 'Invalidated', value: counts.invalidated, color: 'red.6' },
              { name: 'No result', value: open, color: 'gray.4' },
            ]}
          />
        )}
      </Paper>
      <Paper withBorder p="sm" radius="md">
        <Text fw={600} size="sm" mb="xs">
          Experiments by phase
        </Text>
        <BarChart
          title="Experiments by phase"
          h={BAR_HEIGHT}
          dataKey="phase"
          data={(['plan', 'test', 'analyze', 'complete'] as const).map((p) => ({
            phase: EXPERIMENT_PHASE_LABELS[p],
            Experiments: counts.phases[p],
          }))}
          series={[{ name: 'Experiments', color: 'blue.6' }]}
        />
      </Paper>
      <Paper withBorder p="sm" radius="md">
        <Text fw={600} size="sm" mb="xs">
          Evidence per week
        </Text>
        {evidenceByWeek.length === 0 ? (
          <Text size="sm" c="dimmed">
            No evidence in the last twelve weeks.
          </Text>
        ) : (
          <BarChart
            title="Evidence per week"
            h={BAR_HEIGHT}
            dataKey="week"
            data={evidenceByWeek.map((w) => ({ week: w.week.slice(5), Evidence: w.count }))}
            series={[{ name: 'Evidence', color: 'teal.6' }]}
          />
        )}
      </Paper>
    </SimpleGrid>
  );
}
