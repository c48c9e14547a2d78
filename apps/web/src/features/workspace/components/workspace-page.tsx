/**
 * /workspace/{projectId}/canvas/{business|product}: the project canvas or a product board, with
 * filters, the activity panel and (for managers) the canvas type and template.
 */
import { Anchor, Button, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  BOARD_LABELS,
  BOARD_TYPES,
  licenseAllows,
  termsFor,
  type BoardType,
  type CanvasFilters,
  type License,
} from '@assay/domain';
import { useBootstrap } from '../../../api/bootstrap.ts';
import { toApiError } from '../../../api/errors.ts';
import { setCurrentProjectId } from '../../../api/http.ts';
import { useGenerationLimits } from '../../../api/generation.ts';
import { useLiveProject } from '../../../api/live-project.ts';
import { AssistantPanel } from '../../../ui/agent/assistant-panel.tsx';
import { ReviewSuggestionsPanel } from './review-suggestions.tsx';
import { ProjectGenerationBanner } from '../../../ui/agent/project-generation-banner.tsx';
import { showAlert } from '../../../ui/alerts.ts';
import { createHypothesis, useProductBoard, type WorkspaceProject } from '../api/canvas.ts';
import { useFilters } from '../hooks/use-filters.ts';
import { ActivityPanel } from './activity-panel.tsx';
import { SpreadsheetImportButton } from './spreadsheet-import-button.tsx';
import { TrashDrawer } from './trash-drawer.tsx';
import {
  BusinessView,
  CANVAS_TYPE_NAMES,
  tagOptions,
  useBusinessFirstScreen,
} from './business-view.tsx';
import { MigrateProjectButton } from './migrate-project.tsx';
import { EvidencePicker } from './evidence-picker.tsx';
import { FiltersBar } from './filters-bar.tsx';
import { ProductBoard } from './product-board.tsx';
import { WorkspaceRefusal } from '../../../ui/workspace-refusal.tsx';
import { useViewDrawer } from '../../../ui/view-drawer.ts';
import { useDrawnOnce } from '../../../ui/drawn-once.ts';
import { Segmented } from '../../../ui/segmented.tsx';

function ProductView(props: {
  projectId: string;
  filters: CanvasFilters;
  setFilters: (f: CanvasFilters) => void;
  onProject: (p: WorkspaceProject) => void;
  project: WorkspaceProject | null;
}) {
  const [params, setParams] = useSearchParams();
  const enabled = BOARD_TYPES.filter((b) => props.project?.settings[b] !== false);
  const requested = params.get('board') as BoardType | null;
  const sectionType =
    requested && enabled.includes(requested) ? requested : (enabled[0] ?? 'timeline');
  const board = useProductBoard(props.projectId, sectionType, props.filters);
  const { onProject } = props;
  useEffect(() => {
    if (board.data) onProject(board.data.project);
  }, [board.data, onProject]);
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Tabs
          value={sectionType}
          onChange={(value) =>
            value &&
            setParams((p) => {
              p.set('board', value);
              return p;
            })
          }
        >
          <Tabs.List>
            {enabled.map((b) => (
              <Tabs.Tab key={b} value={b}>
                {BOARD_LABELS[b]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <FiltersBar
          filters={props.filters}
          onChange={props.setFilters}
          tagOptions={tagOptions(board.data?.cards ?? [])}
          product
        />
      </Group>
      {board.isError ? <WorkspaceRefusal error={board.error} projectId={props.projectId} /> : null}
      {board.data ? (
        <ProductBoard data={board.data} sectionType={sectionType} filters={props.filters} />
      ) : board.isError ? null : (
        <Loader aria-label="Loading board" />
      )}
    </Stack>
  );
}

export function WorkspacePage() {
  const { projectId = '', canvasType = 'business' } = useParams();
  const boot = useBootstrap();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [panel, setPanel] = useState(false);
  // ?activity=evidence opens the activity panel on the evidence (connecting from a hypothesis).
  const activityTab = params.get('activity');
  const panelOpen = panel || activityTab !== null;
  const closePanel = () => {
    setPanel(false);
    if (activityTab !== null)
      setParams((p) => {
        // Opened to connect from the evidence: closing it ends connect mode too.
        p.delete('activity');
        p.delete('connect');
        return p;
      });
  };
  // The trash, the agent's questions and the evidence review share the right drawer (part 2 §4).
  const drawer = useViewDrawer<'trash' | 'assistant' | 'review'>();
  const { clear: clearDrawer } = drawer;
  useEffect(() => clearDrawer(), [projectId, clearDrawer]);
  const trashDrawn = useDrawnOnce(drawer.shows('trash'));
  const assistantDrawn = useDrawnOnce(drawer.shows('assistant'));
  const activityDrawn = useDrawnOnce(panelOpen);
  const limits = useGenerationLimits();
  const agent = limits.data?.enabled ?? false;
  const [productProject, setProductProject] = useState<WorkspaceProject | null>(null);
  const [businessFilters, setBusinessFilters] = useFilters('business', projectId);
  const [productFilters, setProductFilters] = useFilters('product', projectId);
  // The header reads the project from what the business canvas's first screen waits for, and
  // takes its final shape in the render that draws that screen (#28); a state set from the
  // board's layout effect drew the whole board twice on each load (#53). A product board hands
  // its project up once loaded; until then the last one shown.
  const validId = /^[0-9a-f-]{36}$/i.test(projectId);
  const business = useBusinessFirstScreen(
    projectId,
    businessFilters,
    validId && canvasType === 'business',
  );
  const businessProject = business.ready ? (business.canvas.data?.project ?? null) : null;
  // The last project drawn stays while the board asks again (other filters): the header does
  // not empty and fill again.
  const [shownProject, setShownProject] = useState<WorkspaceProject | null>(null);
  if (businessProject && businessProject !== shownProject) setShownProject(businessProject);
  const known = shownProject?.id === projectId ? shownProject : null;
  // A product board's project only while it is this project's (another one's stays in the state
  // until this one's board has answered).
  const productOwn = productProject?.id === projectId ? productProject : null;
  const project = canvasType === 'business' ? (businessProject ?? known) : (productOwn ?? known);
  const license = boot.data?.organization?.license as License | undefined;
  const terms = termsFor(license);
  useEffect(() => {
    setCurrentProjectId(projectId);
    return () => setCurrentProjectId(undefined);
  }, [projectId]);
  const onProject = useMemo(() => (p: WorkspaceProject) => setProductProject(p), []);
  useLiveProject(projectId);

  if (!validId) return <Navigate to="/not-found" replace />;
  if (canvasType !== 'business' && canvasType !== 'product') {
    return <Navigate to={`/workspace/${projectId}/canvas/business`} replace />;
  }
  const applyTemplate = (templateId: string, hypothesisType: string) =>
    void createHypothesis({
      projectId,
      hypothesisType: hypothesisType === 'product' ? 'product' : 'business',
      board: 'canvas',
      section: 'unassigned',
      unverifiedId: `temp-${crypto.randomUUID()}`,
      templateId,
    })
      .then((card) => {
        setPanel(false);
        void queryClient.invalidateQueries({ queryKey: ['canvas', projectId] });
        void queryClient.invalidateQueries({ queryKey: ['board', projectId] });
        setParams((p) => {
          p.set('cardId', card.id);
          p.set('cardTab', 'details');
          return p;
        });
      })
      .catch((error: unknown) =>
        showAlert({ type: 'warning', message: toApiError(error).message }),
      );

  return (
    <Stack p="md" gap="md">
      {/* The title, then the actions on a line of their own: actions that appear as the project
          loads lengthen that line instead of wrapping the header and moving the board (#28). */}
      <Stack gap="xs">
        <Stack gap={0}>
          {/* Both lines keep their height while the project loads (a no-break space): the
              header does not grow, and push the board down, when it arrives. */}
          <Title order={2} data-testid="workspace-title">
            {project?.name ?? '\u00a0'}
          </Title>
          <Text size="xs" c="dimmed">
            {project ? CANVAS_TYPE_NAMES[project.canvas.type] : '\u00a0'}
          </Text>
        </Stack>
        <Group gap="xs" data-testid="workspace-actions">
          <Segmented
            aria-label="Hypotheses"
            value={canvasType}
            onChange={(value) => navigate(`/workspace/${projectId}/canvas/${value}`)}
            data={[
              {
                value: 'business',
                label: 'Business canvas',
                disabled: project?.settings.businessHypotheses === false,
              },
              {
                value: 'product',
                label: `Product ${terms.hypotheses.toLowerCase()}`,
                disabled: project?.settings.productHypotheses === false,
              },
            ]}
          />
          {project?.abilities.createEvidence ? (
            <EvidencePicker projectId={projectId} academic={license === 'academic'} agent={agent} />
          ) : null}
          {/* Every action comes with the project, in one render: one drawn before the others
              moved as they arrived (a layout shift on a phone, where the line wraps). */}
          {project ? (
            <Button variant="default" size="xs" onClick={() => setPanel(true)}>
              Activity
            </Button>
          ) : null}
          {project?.abilities.createCards ? (
            <Button variant="subtle" size="xs" onClick={() => drawer.open('trash')}>
              Trash
            </Button>
          ) : null}
          {project ? (
            <SpreadsheetImportButton
              projectId={projectId}
              canvasType={project.canvas.type}
              abilities={project.abilities}
            />
          ) : null}
          {agent && project ? (
            <Button variant="light" size="xs" onClick={() => drawer.open('assistant')}>
              Ask the agent
            </Button>
          ) : null}
          {agent && project?.abilities.createCards ? (
            <Button variant="light" size="xs" onClick={() => drawer.open('review')}>
              Review evidence
            </Button>
          ) : null}
          {/* Offered once the project is known: a project without experiments never shows it. */}
          {project &&
          project.settings.experiments !== false &&
          license &&
          licenseAllows(license, 'experiments') ? (
            <Anchor component={Link} to={`/workspace/${projectId}/experiments`} size="sm">
              Experiments
            </Anchor>
          ) : null}
          {project ? (
            <Anchor component={Link} to={`/project-dashboard/${projectId}`} size="sm">
              Dashboard
            </Anchor>
          ) : null}
          {project?.settings.publicPortal && license && licenseAllows(license, 'publicPortal') ? (
            <Anchor component={Link} to={`/workspace/${projectId}/portal`} size="sm">
              Public portal
            </Anchor>
          ) : null}
          {project?.abilities.manage ? (
            <Anchor component={Link} to={`/workspace/${projectId}/settings`} size="sm">
              Settings
            </Anchor>
          ) : null}
          {project?.abilities.migrate ? (
            <MigrateProjectButton projectId={projectId} projectName={project.name} />
          ) : null}
        </Group>
      </Stack>
      {/* Below a header that has its final shape, so the banner does not move once shown (the
          business canvas draws it above its board). */}
      {project && !limits.isLoading && canvasType !== 'business' ? (
        <ProjectGenerationBanner projectId={projectId} />
      ) : null}
      {canvasType === 'business' ? (
        <BusinessView
          agent={agent}
          experiments={!!license && licenseAllows(license, 'experiments')}
          projectId={projectId}
          filters={businessFilters}
          setFilters={setBusinessFilters}
          screen={business}
        />
      ) : (
        <ProductView
          projectId={projectId}
          filters={productFilters}
          setFilters={setProductFilters}
          onProject={onProject}
          project={project}
        />
      )}
      {/* Each drawer from its first opening on: a closed one still mounts Mantine's modal (#53). */}
      {trashDrawn ? (
        <TrashDrawer projectId={projectId} opened={drawer.shows('trash')} onClose={drawer.close} />
      ) : null}
      {activityDrawn ? (
        <ActivityPanel
          projectId={projectId}
          opened={panelOpen}
          onClose={closePanel}
          tab={activityTab ?? undefined}
          canCreate={project?.abilities.createCards ?? false}
          onUseTemplate={applyTemplate}
        />
      ) : null}
      {agent && drawer.holds('review') ? (
        <ReviewSuggestionsPanel
          projectId={projectId}
          opened={drawer.shows('review')}
          onClose={drawer.close}
        />
      ) : null}
      {agent && assistantDrawn ? (
        <AssistantPanel
          projectId={projectId}
          opened={drawer.shows('assistant')}
          onClose={drawer.close}
        />
      ) : null}
    </Stack>
  );
}
