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
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { canExportCsv, ERRORS } from '@assay/domain';
import { useBootstrap } from '../../../api/bootstrap.ts';
import { toApiError } from '../../../api/errors.ts';
import { setCurrentProjectId } from '../../../api/http.ts';
import { useLiveProject } from '../../../api/live-project.ts';
import { dashboardQueryOptions, type ProjectDashboard } from '../api/dashboard-query.ts';
import { useStagedParts } from '../../../ui/staged.ts';
import { Stat } from './dashboard-stat.tsx';

// What is below the counts, and the export dialog, load after the first screen (#53): the page
// draws its title and counts with only this file's code.
const DashboardBody = lazy(() =>
  import('./dashboard-body.tsx').then((m) => ({ default: m.DashboardBody })),
);
const ExportModal = lazy(() =>
  import('./export-modal.tsx').then((m) => ({ default: m.ExportModal })),
);

function Loaded(props: { data: ProjectDashboard; license: string | undefined }) {
  const { data } = props;
  const projectId = data.project.id;
  // The export dialog's code loads when it is first asked for, and stays.
  const [exporting, setExporting] = useState(false);
  const [exportAsked, setExportAsked] = useState(false);
  const editable = data.abilities.edit;
  const c = data.counts;
  // The rest's code is asked for once the title and counts are on the screen, not before.
  const shown = useStagedParts(2);
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
          <Button
            size="xs"
            onClick={() => {
              setExportAsked(true);
              setExporting(true);
            }}
          >
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
      {shown >= 2 ? (
        <Suspense fallback={null}>
          <DashboardBody data={data} license={props.license} />
        </Suspense>
      ) : null}
      {exportAsked ? (
        <Suspense fallback={null}>
          <ExportModal
            projectId={projectId}
            opened={exporting}
            onClose={() => setExporting(false)}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}

export function DashboardPage() {
  const { id = '' } = useParams();
  const boot = useBootstrap();
  const dashboard = useQuery(dashboardQueryOptions(id));
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
