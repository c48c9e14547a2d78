/**
 * /project-dashboard/{id} (and /overview): the project at a glance — counts and charts, the
 * statements, market and investment (editable by those with dashboard:write, read-only for
 * everyone else), and the hypotheses, risky, active and completed experiment tabs in the project's
 * order. Exports: PDF (dashboard or canvas) and cards as CSV.
 */
import '@mantine/charts/styles.css';
import { BarChart, DonutChart } from '@mantine/charts';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  FileButton,
  Group,
  Loader,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  TagsInput,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { AssumptionsSection } from './assumptions-section.tsx';
import { TimelineSection } from './timeline-section.tsx';
import {
  canExportCsv,
  licenseAllows,
  DASHBOARD_STATEMENT_LABELS,
  DASHBOARD_STATEMENTS,
  DASHBOARD_TAB_LABELS,
  EXPERIMENT_PHASE_LABELS,
  HYPOTHESIS_RESULT_LABELS,
  isGenerationRunning,
  type DashboardStatement,
  type DashboardTab,
  type License,
} from '@assay/domain';
import { useBootstrap } from '../../../api/bootstrap.ts';
import { toApiError } from '../../../api/errors.ts';
import { setCurrentProjectId } from '../../../api/http.ts';
import {
  generationKeys,
  regenerateProjectPart,
  useProjectGeneration,
} from '../../../api/generation.ts';
import { useLiveProject } from '../../../api/live-project.ts';
import { openConfirm } from '../../../ui/confirm.tsx';
import { showAlert } from '../../../ui/alerts.ts';
import { TimingBadge } from '../../../ui/timing-badge.tsx';
import { PetalDiagramSection } from './petal-diagram.tsx';
import { trackUpload } from '../../../ui/upload-progress.tsx';
import {
  attachDashboardFile,
  removeDashboardFile,
  reorderTabs,
  storeDashboard,
  updateInvestment,
  updateMarket,
  updateStatements,
  useDashboard,
  type DashboardExperiment,
  type DashboardFile,
  type DashboardHypothesis,
  type ProjectDashboard,
} from '../api/dashboard.ts';
import { ExportModal } from './export-modal.tsx';

function Stat(props: { label: string; value: number; testId: string }) {
  return (
    <Paper withBorder p="sm" radius="md" data-testid={props.testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {props.label}
      </Text>
      <Text size="xl" fw={700} data-testid="stat-value">
        {props.value}
      </Text>
    </Paper>
  );
}

function useSave(projectId: string) {
  const queryClient = useQueryClient();
  return (run: () => Promise<ProjectDashboard>) =>
    run()
      .then((data) => storeDashboard(queryClient, data))
      .catch((error: unknown) => {
        showAlert({ message: toApiError(error).message });
        // What was saved before stays; the screen shows it again.
        void queryClient.invalidateQueries({ queryKey: ['dashboard', projectId] });
      });
}

/** A text that saves when the person leaves it, or plain text for readers. */
function StatementField(props: {
  label: string;
  value: string;
  editable: boolean;
  onSave: (value: string) => void;
}) {
  const [value, setValue] = useState(props.value);
  useEffect(() => setValue(props.value), [props.value]);
  if (!props.editable) {
    return (
      <div>
        <Text size="sm" fw={600}>
          {props.label}
        </Text>
        <Text size="sm" c={props.value ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-wrap' }}>
          {props.value || 'Not written yet.'}
        </Text>
      </div>
    );
  }
  return (
    <Textarea
      label={props.label}
      autosize
      minRows={2}
      value={value}
      onChange={(e) => setValue(e.currentTarget.value)}
      onBlur={() => value !== props.value && props.onSave(value)}
    />
  );
}

function MoneyField(props: {
  label: string;
  value: number | null;
  editable: boolean;
  onSave: (value: number | null) => void;
}) {
  const [value, setValue] = useState<string | number>(props.value ?? '');
  useEffect(() => setValue(props.value ?? ''), [props.value]);
  const saved = props.value ?? '';
  return (
    <NumberInput
      label={props.label}
      prefix="$"
      thousandSeparator=","
      min={0}
      readOnly={!props.editable}
      value={value}
      onChange={setValue}
      onBlur={() => {
        if (value === saved) return;
        props.onSave(value === '' ? null : Number(value));
      }}
    />
  );
}

function DashboardFiles(props: {
  projectId: string;
  part: 'market' | 'investment';
  files: DashboardFile[];
  editable: boolean;
}) {
  const queryClient = useQueryClient();
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: ['dashboard', props.projectId] });
  const upload = (files: File[]) => {
    for (const file of files) {
      const track = trackUpload(file.name);
      void attachDashboardFile(props.projectId, props.part, file, (p) => track.progress(p))
        .then(() => {
          track.done();
          refresh();
        })
        .catch((error: unknown) => track.failed(toApiError(error).message));
    }
  };
  return (
    <Stack gap={4} role="group" aria-label={`${props.part} files`}>
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          Files
        </Text>
        {props.editable ? (
          <FileButton multiple onChange={upload}>
            {(buttonProps) => (
              <Button size="compact-xs" variant="default" {...buttonProps}>
                Attach files
              </Button>
            )}
          </FileButton>
        ) : null}
      </Group>
      {props.files.length === 0 ? (
        <Text size="xs" c="dimmed">
          No files.
        </Text>
      ) : (
        props.files.map((f) => (
          <Group key={f.id} justify="space-between" wrap="nowrap" data-testid="dashboard-file">
            <Anchor href={f.url} size="sm" target="_blank" rel="noreferrer">
              {f.filename}
            </Anchor>
            {props.editable ? (
              <ActionIcon
                size="sm"
                variant="subtle"
                color="red"
                aria-label={`Remove ${f.filename}`}
                onClick={() =>
                  void removeDashboardFile(props.projectId, f.id)
                    .then(refresh)
                    .catch((error: unknown) => showAlert({ message: toApiError(error).message }))
                }
              >
                ×
              </ActionIcon>
            ) : null}
          </Group>
        ))
      )}
    </Stack>
  );
}

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

function DashboardTabs(props: { data: ProjectDashboard }) {
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

function Charts(props: { data: ProjectDashboard }) {
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
            size={140}
            thickness={22}
            withLabelsLine={false}
            withLabels
            data={[
              { name: 'Validated', value: counts.validated, color: 'green.6' },
              { name: 'Invalidated', value: counts.invalidated, color: 'red.6' },
              { name: 'No result', value: open, color: 'gray.4' },
            ].filter((d) => d.value > 0)}
          />
        )}
      </Paper>
      <Paper withBorder p="sm" radius="md">
        <Text fw={600} size="sm" mb="xs">
          Experiments by phase
        </Text>
        <BarChart
          h={160}
          dataKey="phase"
          data={(['plan', 'test', 'analyze', 'complete'] as const).map((p) => ({
            phase: EXPERIMENT_PHASE_LABELS[p],
            Experiments: counts.phases[p],
          }))}
          series={[{ name: 'Experiments', color: 'blue.6' }]}
          yAxisProps={{ allowDecimals: false }}
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
            h={160}
            dataKey="week"
            data={evidenceByWeek.map((w) => ({ week: w.week.slice(5), Evidence: w.count }))}
            series={[{ name: 'Evidence', color: 'teal.6' }]}
            yAxisProps={{ allowDecimals: false }}
          />
        )}
      </Paper>
    </SimpleGrid>
  );
}

function Loaded(props: { data: ProjectDashboard; license: string | undefined }) {
  const { data } = props;
  const projectId = data.project.id;
  const save = useSave(projectId);
  const [exporting, setExporting] = useState(false);
  const editable = data.abilities.edit;
  const c = data.counts;
  const statement = (key: DashboardStatement) => (value: string) =>
    void save(() => updateStatements(projectId, { [key]: value }));
  const agent = useProjectGeneration(projectId);
  const queryClient = useQueryClient();
  const regenerate = (part: 'marketData' | 'petalDiagram') => {
    const a = agent.data;
    if (!a || !editable || !a.abilities.generate) return undefined;
    if (part === 'marketData' && !a.abilities.regenerateMarket) return undefined;
    const state = a[part];
    const what = part === 'marketData' ? 'market analysis' : 'petal diagram';
    return {
      label: `Regenerate the ${what}`,
      busy: Boolean(state && isGenerationRunning(state.status)),
      onClick: () =>
        openConfirm({
          title: `Regenerate the ${what}?`,
          message:
            part === 'marketData'
              ? 'The agent rewrites the market notes and analysis you have not changed. What you wrote yourself stays as it is.'
              : 'The agent replaces the petals it drew that nobody has changed. Petals you added or edited stay.',
          confirmLabel: 'Regenerate',
          onConfirm: () =>
            void regenerateProjectPart(projectId, part)
              .then(() => queryClient.invalidateQueries({ queryKey: generationKeys.all }))
              .catch((error: unknown) => showAlert({ message: toApiError(error).message })),
        }),
    };
  };
  const marketRegeneration = regenerate('marketData');
  const generated = data.generatedStatements ?? {};
  return (
    <Stack p="md" gap="md">
      <Group justify="space-between">
        <Stack gap={0}>
          <Title order={2} data-testid="dashboard-title">
            {data.project.name}
          </Title>
          <Text size="sm" c="dimmed">
            Project dashboard{editable ? '' : ' · read only'}
          </Text>
        </Stack>
        <Group gap="xs">
          {data.abilities.openWorkspace ? (
            <>
              <Anchor component={Link} to={`/workspace/${projectId}/canvas/business`} size="sm">
                Canvas
              </Anchor>
              <Anchor component={Link} to={`/workspace/${projectId}/experiments`} size="sm">
                Experiments
              </Anchor>
            </>
          ) : null}
          {props.license && canExportCsv(props.license) ? (
            <Button
              component="a"
              variant="default"
              size="xs"
              href={`/api/proj/projects/${projectId}/export/cards.csv`}
              download
            >
              Export cards (CSV)
            </Button>
          ) : null}
          <Button size="xs" onClick={() => setExporting(true)}>
            Export PDF
          </Button>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4, lg: 8 }} spacing="sm">
        <Stat label="Hypotheses" value={c.hypotheses} testId="count-hypotheses" />
        <Stat label="Validated" value={c.validated} testId="count-validated" />
        <Stat label="Invalidated" value={c.invalidated} testId="count-invalidated" />
        <Stat label="Risky" value={c.risky} testId="count-risky" />
        <Stat label="Experiments" value={c.experiments} testId="count-experiments" />
        <Stat label="Active" value={c.activeExperiments} testId="count-active" />
        <Stat label="Completed" value={c.completeExperiments} testId="count-complete" />
        <Stat label="Evidence" value={c.evidence} testId="count-evidence" />
      </SimpleGrid>
      <Charts data={data} />
      <AssumptionsSection
        projectId={projectId}
        experiments={!!props.license && licenseAllows(props.license as License, 'experiments')}
      />
      <TimelineSection projectId={projectId} />
      <Paper withBorder p="md" radius="md">
        <DashboardTabs data={data} />
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder p="md" radius="md">
          <Title order={4} mb="sm">
            The project
          </Title>
          <Stack gap="sm">
            {DASHBOARD_STATEMENTS.map((key) => (
              <Stack key={key} gap={2}>
                <StatementField
                  label={DASHBOARD_STATEMENT_LABELS[key]}
                  value={data.statements[key]}
                  editable={editable}
                  onSave={statement(key)}
                />
                {key !== 'description' &&
                generated[key] &&
                generated[key] !== data.statements[key] ? (
                  <Group gap={6} wrap="nowrap" align="flex-start">
                    <Text size="xs" c="dimmed" lineClamp={2} style={{ flex: 1 }}>
                      The agent&apos;s version: {generated[key]}
                    </Text>
                    {editable ? (
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        onClick={() => statement(key)(generated[key] ?? '')}
                      >
                        Use it
                      </Button>
                    ) : null}
                  </Group>
                ) : null}
              </Stack>
            ))}
          </Stack>
        </Paper>
        <Stack gap="md">
          <Paper withBorder p="md" radius="md">
            <Group justify="space-between" mb="sm">
              <Title order={4}>Market</Title>
              {marketRegeneration ? (
                <Button
                  size="xs"
                  variant="light"
                  loading={marketRegeneration.busy}
                  onClick={marketRegeneration.onClick}
                >
                  {marketRegeneration.label}
                </Button>
              ) : null}
            </Group>
            <Stack gap="sm">
              <SimpleGrid cols={3} spacing="xs">
                <MoneyField
                  label="Total"
                  value={data.market.total}
                  editable={editable}
                  onSave={(total) => void save(() => updateMarket(projectId, { total }))}
                />
                <MoneyField
                  label="Served"
                  value={data.market.served}
                  editable={editable}
                  onSave={(served) => void save(() => updateMarket(projectId, { served }))}
                />
                <MoneyField
                  label="Target"
                  value={data.market.target}
                  editable={editable}
                  onSave={(target) => void save(() => updateMarket(projectId, { target }))}
                />
              </SimpleGrid>
              <StatementField
                label="Notes"
                value={data.market.notes}
                editable={editable}
                onSave={(notes) => void save(() => updateMarket(projectId, { notes }))}
              />
              <StatementField
                label="Analysis"
                value={data.market.analysis}
                editable={editable}
                onSave={(analysis) => void save(() => updateMarket(projectId, { analysis }))}
              />
              <TagsInput
                label="Links"
                placeholder={editable ? 'Paste a https:// link and press Enter' : undefined}
                readOnly={!editable}
                value={data.market.links}
                onChange={(links) => void save(() => updateMarket(projectId, { links }))}
              />
              <DashboardFiles
                projectId={projectId}
                part="market"
                files={data.market.files}
                editable={editable}
              />
            </Stack>
          </Paper>
          <Paper withBorder p="md" radius="md">
            <Title order={4} mb="sm">
              Investment
            </Title>
            <Stack gap="sm">
              <SimpleGrid cols={2} spacing="xs">
                <MoneyField
                  label="Total"
                  value={data.investment.total}
                  editable={editable}
                  onSave={(total) => void save(() => updateInvestment(projectId, { total }))}
                />
                <MoneyField
                  label="To date"
                  value={data.investment.toDate}
                  editable={editable}
                  onSave={(toDate) => void save(() => updateInvestment(projectId, { toDate }))}
                />
              </SimpleGrid>
              <StatementField
                label="Notes"
                value={data.investment.notes}
                editable={editable}
                onSave={(notes) => void save(() => updateInvestment(projectId, { notes }))}
              />
              <DashboardFiles
                projectId={projectId}
                part="investment"
                files={data.investment.files}
                editable={editable}
              />
            </Stack>
          </Paper>
        </Stack>
      </SimpleGrid>
      <PetalDiagramSection data={data} save={save} regenerate={regenerate('petalDiagram')} />
      <ExportModal projectId={projectId} opened={exporting} onClose={() => setExporting(false)} />
    </Stack>
  );
}

export function DashboardPage() {
  const { id = '' } = useParams();
  const boot = useBootstrap();
  const dashboard = useDashboard(id);
  useLiveProject(id);
  useEffect(() => {
    setCurrentProjectId(id);
    return () => setCurrentProjectId(undefined);
  }, [id]);
  if (!/^[0-9a-f-]{36}$/i.test(id)) return <Navigate to="/not-found" replace />;
  if (dashboard.isError) {
    const error = toApiError(dashboard.error);
    if (error.statusCode === 404) return <Navigate to="/not-found" replace />;
    return (
      <Alert color="red" m="md">
        {error.message}
      </Alert>
    );
  }
  if (!dashboard.data) return <Loader m="md" aria-label="Loading dashboard" />;
  return <Loaded data={dashboard.data} license={boot.data?.organization?.license} />;
}
