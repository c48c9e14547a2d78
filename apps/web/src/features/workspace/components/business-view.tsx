/**
 * The business canvas view of the workspace: the board (with what to test next first) or the
 * assumptions map, its filters, and for managers the canvas type and template.
 */
import { Alert, Button, Group, Loader, Paper, NativeSelect, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CANVAS_TYPES, type CanvasFilters } from '@assay/domain';
import { useAssumptionsMap } from '../../../api/assumptions.ts';
import { toApiError } from '../../../api/errors.ts';
import { useGenerationLimits, useProjectGeneration } from '../../../api/generation.ts';
import { useTestNext } from '../../../api/test-next.ts';
import { gatewayRequest } from '../../../api/gateway.ts';
import { AssumptionsMap } from '../../../ui/assumptions-map/assumptions-map.tsx';
import { ProjectGenerationBanner } from '../../../ui/agent/project-generation-banner.tsx';
import { showAlert } from '../../../ui/alerts.ts';
import { WorkspaceRefusal } from '../../../ui/workspace-refusal.tsx';
import { useStagedParts } from '../../../ui/staged.ts';
import { Segmented } from '../../../ui/segmented.tsx';
import { TestNextPanel } from '../../../ui/test-next/test-next.tsx';
import { updateCanvasLayout, useCanvas, type WorkspaceProject } from '../api/canvas.ts';
import { TEST_NEXT_LIMIT } from '../api/first-screen-data.ts';
import { CanvasBoard, useNewHypothesisKey, useOpenCard } from './canvas-board.tsx';
import { FiltersBar } from './filters-bar.tsx';

export const CANVAS_TYPE_NAMES: Record<string, string> = {
  businessModel: 'Business model canvas',
  lean: 'Lean canvas',
  missionModel: 'Mission model canvas',
};

function useCanvasTemplates(enabled: boolean) {
  return useQuery({
    queryKey: ['workspace', 'canvas-templates'],
    enabled,
    queryFn: () =>
      gatewayRequest<{
        fullOrganization: {
          canvasTemplates: { templates: { id: string; name: string; protected: boolean }[] };
        } | null;
      }>('{ fullOrganization { canvasTemplates } }').then(
        (d) => d.fullOrganization?.canvasTemplates.templates ?? [],
      ),
  });
}

function CanvasSettings(props: { project: WorkspaceProject }) {
  const queryClient = useQueryClient();
  const templates = useCanvasTemplates(true);
  const change = (input: { type?: string; templateId?: string | null }) =>
    void updateCanvasLayout({ projectId: props.project.id, ...input })
      .then(() => queryClient.invalidateQueries({ queryKey: ['canvas', props.project.id] }))
      .catch((error: unknown) =>
        showAlert({ type: 'warning', message: toApiError(error).message }),
      );
  // Native selects (#53): a Mantine Select mounts a combobox and its floating dropdown with the
  // board, and a phone shows its own picker for a native one.
  return (
    <Group gap="xs">
      <NativeSelect
        size="xs"
        aria-label="Canvas type"
        data={CANVAS_TYPES.map((t) => ({ value: t, label: CANVAS_TYPE_NAMES[t] ?? t }))}
        value={props.project.canvas.type}
        onChange={(event) => change({ type: event.currentTarget.value })}
        w={200}
      />
      {templates.data?.length ? (
        <NativeSelect
          size="xs"
          aria-label="Canvas template"
          data={[
            { value: '', label: 'No template' },
            ...templates.data.map((t) => ({
              value: t.id,
              label: t.protected ? `${t.name} (protected)` : t.name,
            })),
          ]}
          value={props.project.canvas.templateId ?? ''}
          onChange={(event) => change({ templateId: event.currentTarget.value || null })}
          w={200}
        />
      ) : null}
    </Group>
  );
}

export function tagOptions(cards: { tags: string[] }[]): string[] {
  return [...new Set(cards.flatMap((c) => c.tags))].sort();
}

/**
 * What the business canvas's first screen waits for: the board's answer, the agent's banner and
 * limits and, on the board, what to test next. The workspace's header waits for the same, so the
 * header and what sits under it take their final shape in one render and nothing moves (#28).
 * `enabled` false: nothing asked for, and never ready.
 */
export function useBusinessFirstScreen(projectId: string, filters: CanvasFilters, enabled = true) {
  const canvas = useCanvas(projectId, filters, enabled);
  const generation = useProjectGeneration(projectId);
  const [params] = useSearchParams();
  const view: 'board' | 'map' = params.get('view') === 'map' ? 'map' : 'board';
  // Asked for in either view, so a move from the map to the board finds it there.
  const testNext = useTestNext(projectId, TEST_NEXT_LIMIT, enabled);
  // Whether the agent is on decides the header's "Ask the agent".
  const limits = useGenerationLimits();
  const answered =
    enabled &&
    canvas.data !== undefined &&
    !generation.isLoading &&
    !limits.isLoading &&
    !(view === 'board' && testNext.isLoading);
  // The last answer arriving is a store update, which React draws at once, in one task; a
  // deferred value is drawn in slices that yield to the browser between them (#53: the first
  // screen was a ~250 ms task on a phone's CPU). Header and first screen read the same value.
  const ready = useDeferredValue(answered);
  return { canvas, view, ready };
}

export function BusinessView(props: {
  agent: boolean;
  /** Whether the plan keeps experiments (the project's own setting is checked here). */
  experiments: boolean;
  projectId: string;
  filters: CanvasFilters;
  setFilters: (f: CanvasFilters) => void;
  /**
   * The first screen, read once by the page for its header and this view: two readings of it
   * could become ready in different renders, the header's actions then arriving after the view
   * was drawn and pushing it down (#53, a layout shift of 0.18 on a phone).
   */
  screen: ReturnType<typeof useBusinessFirstScreen>;
}) {
  const { canvas, view, ready } = props.screen;
  const [, setParams] = useSearchParams();
  // What sits above the board first, the board in a render of its own once that is painted
  // (#53): on a phone the first screen is the header, the banner and what to test next, and the
  // board's drawing (a 1,000-card canvas: ~600 ms on a phone's CPU) no longer holds their paint.
  const shown = useStagedParts(2, ready);
  useNewHypothesisKey(ready && view === 'board' ? canvas.data?.project : undefined, props.filters);
  if (canvas.isError) return <WorkspaceRefusal error={canvas.error} projectId={props.projectId} />;
  // The board appears once what sits above it is known, so nothing moves it afterwards (#28).
  if (!ready || !canvas.data) return <Loader aria-label="Loading canvas" />;
  return (
    <Stack gap="sm">
      {/* Drawn before the board, never after it: a banner drawn later would push it down. */}
      <ProjectGenerationBanner projectId={props.projectId} />
      <Group justify="space-between">
        <Text size="sm" c="dimmed" data-testid="canvas-count">
          {canvas.data.cards.length} {canvas.data.cards.length === 1 ? 'hypothesis' : 'hypotheses'}
        </Text>
        <Group gap="xs">
          <Segmented
            size="xs"
            aria-label="Canvas view"
            value={view}
            onChange={(value) =>
              setParams((p) => {
                if (value === 'map') p.set('view', 'map');
                else p.delete('view');
                return p;
              })
            }
            data={[
              { value: 'board', label: 'Board' },
              { value: 'map', label: 'Assumptions map' },
            ]}
          />
          {view === 'board' && canvas.data.project.abilities.manage ? (
            <CanvasSettings project={canvas.data.project} />
          ) : null}
          {view === 'board' ? (
            <FiltersBar
              filters={props.filters}
              onChange={props.setFilters}
              tagOptions={tagOptions(canvas.data.cards)}
            />
          ) : null}
        </Group>
      </Group>
      {view === 'map' ? (
        <CanvasMap projectId={props.projectId} />
      ) : (
        <>
          <TestNextOnCanvas
            projectId={props.projectId}
            agent={props.agent}
            experiments={props.experiments && canvas.data.project.settings.experiments !== false}
          />
          {shown >= 2 ? (
            <CanvasBoard data={canvas.data} filters={props.filters} agent={props.agent} />
          ) : null}
        </>
      )}
    </Stack>
  );
}

const TEST_NEXT_HIDDEN = 'assay.testNext.hidden';

/** The project's home shows what to test next first (issue #24); a person may fold it away. */
function TestNextOnCanvas(props: { projectId: string; agent: boolean; experiments: boolean }) {
  const openCard = useOpenCard();
  const [hidden, setHidden] = useState(() => localStorage.getItem(TEST_NEXT_HIDDEN) === '1');
  const toggle = () => {
    localStorage.setItem(TEST_NEXT_HIDDEN, hidden ? '0' : '1');
    setHidden(!hidden);
  };
  return (
    <Paper withBorder p="sm" radius="md">
      <Group justify="flex-end" mb={hidden ? 0 : -28}>
        <Button size="compact-xs" variant="subtle" onClick={toggle}>
          {hidden ? 'Show what to test next' : 'Hide'}
        </Button>
      </Group>
      {hidden ? null : (
        <TestNextPanel
          projectId={props.projectId}
          agent={props.agent}
          experiments={props.experiments}
          limit={TEST_NEXT_LIMIT}
          onOpen={(card) => openCard(card.id)}
        />
      )}
    </Paper>
  );
}

/** The canvas as an assumptions map (issue #24): a dot opens its card here, as on the board. */
function CanvasMap(props: { projectId: string }) {
  const map = useAssumptionsMap(props.projectId);
  const openCard = useOpenCard();
  if (map.isError) return <Alert color="red">{toApiError(map.error).message}</Alert>;
  if (!map.data) return <Loader aria-label="Loading the assumptions map" />;
  return <AssumptionsMap projectId={props.projectId} data={map.data} onOpen={openCard} />;
}
