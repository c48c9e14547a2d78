/**
 * The project dashboard below its title and counts (#53): the charts, the assumptions map and the
 * timeline, the tabs, the statements, market and investment, the petal diagram. Loaded after the
 * page's first screen, each part drawn in a render of its own.
 */
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  licenseAllows,
  DASHBOARD_STATEMENT_LABELS,
  DASHBOARD_STATEMENTS,
  isGenerationRunning,
  type DashboardStatement,
  type License,
} from '@assay/domain';
import { toApiError } from '../../../api/errors.ts';
import {
  generationKeys,
  regenerateProjectPart,
  useProjectGeneration,
} from '../../../api/generation.ts';
import { openConfirm } from '../../../ui/confirm.tsx';
import { useStagedParts } from '../../../ui/staged.ts';
import { showAlert } from '../../../ui/alerts.ts';
import {
  updateInvestment,
  updateMarket,
  updateStatements,
  type ProjectDashboard,
} from '../api/dashboard.ts';
import { AssumptionsSection } from './assumptions-section.tsx';
import { Charts, DashboardTabs } from './dashboard-tables.tsx';
import { LinksField, MoneyField, StatementField, useSave } from './dashboard-fields.tsx';
import { DashboardFiles } from './dashboard-files.tsx';
import { PetalDiagramSection } from './petal-diagram.tsx';
import { TimelineSection } from './timeline-section.tsx';

export function DashboardBody(props: { data: ProjectDashboard; license: string | undefined }) {
  const { data } = props;
  const projectId = data.project.id;
  const save = useSave(projectId);
  const editable = data.abilities.edit;
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
  // The charts, the sections, the tabs, the statements and the petals each in a render of its
  // own, one after the other: a phone's main thread is never held for the whole.
  const shown = useStagedParts(5) + 1;
  return (
    <>
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
    </>
  );
}
