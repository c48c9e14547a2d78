/**
 * /project-dashboard/{id} (and /overview): the project at a glance — counts and charts, the
 * statements, market and investment (editable by those with dashboard:write, read-only for
 * everyone else), and the hypotheses, risky, active and completed experiment tabs in the project's
 * order. Exports: PDF (dashboard or canvas) and cards as CSV.
 */
import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { AssumptionsSection } from './assumptions-section.tsx';
import { TimelineSection } from './timeline-section.tsx';
import {
  canExportCsv,
  ERRORS,
  licenseAllows,
  DASHBOARD_STATEMENT_LABELS,
  DASHBOARD_STATEMENTS,
  isGenerationRunning,
  type DashboardStatement,
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
import { useStagedParts } from '../../../ui/staged.ts';
import { showAlert } from '../../../ui/alerts.ts';
import { PetalDiagramSection } from './petal-diagram.tsx';
import {
  updateInvestment,
  updateMarket,
  updateStatements,
  useDashboard,
  type ProjectDashboard,
} from '../api/dashboard.ts';
import { ExportModal } from './export-modal.tsx';
import { Charts, DashboardTabs, Stat } from './dashboard-tables.tsx';
import { LinksField, MoneyField, StatementField, useSave } from './dashboard-fields.tsx';
import { DashboardFiles } from './dashboard-files.tsx';

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
              .catch((error: unknown) =>
                showAlert({ type: 'warning', message: toApiError(error).message }),
              ),
        }),
    };
  };
  const marketRegeneration = regenerate('marketData');
  const generated = data.generatedStatements ?? {};
  // The title and counts first; the charts, the sections, the tabs, the statements and the petals
  // each in a render of their own after it: a phone's main thread is never held for the whole.
  const shown = useStagedParts(6);
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
          {data.abilities.openWorkspace ? null : (
            // Why there is no canvas here (part 1 §2.5): the workspace is its members'.
            <Text size="sm" mt={4} data-testid="workspace-closed">
              {ERRORS.workspaceClosed.message}
            </Text>
          )}
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
          {props.license && canExportCsv(props.license) && data.abilities.openWorkspace ? (
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
      {shown >= 2 ? <Charts data={data} /> : null}
      {shown >= 3 ? (
        <>
          <AssumptionsSection
            projectId={projectId}
            experiments={!!props.license && licenseAllows(props.license as License, 'experiments')}
          />
          <TimelineSection projectId={projectId} />
        </>
      ) : null}
      {shown >= 4 ? (
        <Paper withBorder p="md" radius="md">
          <DashboardTabs data={data} />
        </Paper>
      ) : null}
      {shown >= 5 ? (
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
                <LinksField
                  value={data.market.links}
                  editable={editable}
                  onSave={(links) => void save(() => updateMarket(projectId, { links }))}
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
      ) : null}
      {shown >= 6 ? (
        <PetalDiagramSection data={data} save={save} regenerate={regenerate('petalDiagram')} />
      ) : null}
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
