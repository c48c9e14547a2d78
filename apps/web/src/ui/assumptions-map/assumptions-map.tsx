/**
 * The assumptions map (issue #24): every hypothesis a dot, placed by how much it matters (up) and
 * how much evidence it has (across), coloured by what that evidence says, in four named
 * quadrants. Drag a dot up or down to say how much it matters — or focus it and use the arrow
 * keys; Enter or a click opens the card. Filters by section, tag and owner; the list under the
 * map says the same in words, quadrant by quadrant.
 */
import { Anchor, Group, NativeSelect, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import {
  ASSUMPTION_QUADRANT_LABELS,
  ASSUMPTION_QUADRANTS,
  type AssumptionQuadrant,
} from '@assay/domain';
import {
  setImportance,
  type AssumptionPoint,
  type AssumptionsMapData,
} from '../../api/assumptions.ts';
import { toApiError } from '../../api/errors.ts';
import { showAlert } from '../alerts.ts';
import { CONFIDENCE_LOOK, confidenceSummary } from '../confidence.ts';
import classes from './assumptions-map.module.css';

const WIDTH = 640;
const HEIGHT = 400;
const PAD = { left: 28, right: 8, top: 8, bottom: 24 };
const PLOT_W = WIDTH - PAD.left - PAD.right;
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;
const STEP = 0.05;

/** Where each quadrant sits: [x, y] of its top-left in halves of the plot. */
const PLACE: Record<AssumptionQuadrant, [number, number]> = {
  testNow: [0, 0],
  validated: [1, 0],
  deprioritised: [0, 1],
  keepTesting: [1, 1],
};
const CORNER_TEXT: Record<AssumptionQuadrant, string> = {
  testNow: ASSUMPTION_QUADRANT_LABELS.testNow,
  validated: `${ASSUMPTION_QUADRANT_LABELS.validated} (or keep testing while unsettled)`,
  deprioritised: ASSUMPTION_QUADRANT_LABELS.deprioritised,
  keepTesting: ASSUMPTION_QUADRANT_LABELS.keepTesting,
};

/** A small, stable offset per card so dots with the same figures do not hide each other. */
function jitter(id: string): [number, number] {
  let h = 0;
  for (const c of id) h = (h * 31 + c.charCodeAt(0)) | 0;
  return [((h & 0xff) / 255 - 0.5) * 0.05, (((h >> 8) & 0xff) / 255 - 0.5) * 0.04];
}

const clamp = (n: number) => Math.min(1, Math.max(0, Math.round(n * 100) / 100));

function position(point: AssumptionPoint, importance: number) {
  const [dx, dy] = jitter(point.id);
  const x = PAD.left + (0.03 + clamp(point.evidence + dx) * 0.94) * PLOT_W;
  const y = PAD.top + (1 - (0.03 + clamp(importance + dy) * 0.94)) * PLOT_H;
  return { x, y };
}

interface Drag {
  id: string;
  startY: number;
  startImportance: number;
  importance: number;
  moved: boolean;
}

export function AssumptionsMap(props: {
  projectId: string;
  data: AssumptionsMapData;
  onOpen: (cardId: string) => void;
}) {
  const queryClient = useQueryClient();
  const svg = useRef<SVGSVGElement>(null);
  const [section, setSection] = useState<string | null>(null);
  const [tag, setTag] = useState<string | null>(null);
  const [owner, setOwner] = useState<string | null>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  /** Importance set here and not yet in the refetched map. */
  const [moved, setMoved] = useState<Record<string, number>>({});

  const sectionName = useMemo(
    () => new Map(props.data.sections.map((s) => [s.key, s.name])),
    [props.data.sections],
  );
  const tags = useMemo(
    () => [...new Set(props.data.points.flatMap((p) => p.tags))].sort(),
    [props.data.points],
  );
  const points = props.data.points.filter(
    (p) =>
      (!section || p.section === section) &&
      (!tag || p.tags.includes(tag)) &&
      (!owner || p.members.includes(owner)),
  );
  const importanceOf = (p: AssumptionPoint) =>
    drag?.id === p.id ? drag.importance : (moved[p.id] ?? p.importance);

  const save = (point: AssumptionPoint, importance: number) => {
    setMoved((m) => ({ ...m, [point.id]: importance }));
    setImportance(queryClient, props.projectId, point, importance)
      .catch((error: unknown) => showAlert({ type: 'warning', message: toApiError(error).message }))
      .finally(() =>
        setMoved((m) => {
          const { [point.id]: _, ...rest } = m;
          return rest;
        }),
      );
  };

  /** Pointer y in the SVG's own units (it scales with the page). */
  const svgY = (clientY: number) => {
    const box = svg.current?.getBoundingClientRect();
    return box ? ((clientY - box.top) / box.height) * HEIGHT : clientY;
  };
  const down = (point: AssumptionPoint) => (event: PointerEvent<SVGGElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    const importance = importanceOf(point);
    setDrag({
      id: point.id,
      startY: svgY(event.clientY),
      startImportance: importance,
      importance,
      moved: false,
    });
  };
  const move = (event: PointerEvent<SVGGElement>) => {
    if (!drag) return;
    const dy = svgY(event.clientY) - drag.startY;
    if (Math.abs(dy) < 3 && !drag.moved) return;
    const point = props.data.points.find((p) => p.id === drag.id);
    if (!point?.canEdit) return;
    setDrag({
      ...drag,
      moved: true,
      importance: clamp(drag.startImportance - dy / (PLOT_H * 0.94)),
    });
  };
  const up = (point: AssumptionPoint) => () => {
    const finished = drag;
    setDrag(null);
    if (!finished || finished.id !== point.id) return;
    if (!finished.moved) props.onOpen(point.id);
    else if (finished.importance !== finished.startImportance) save(point, finished.importance);
  };
  const key = (point: AssumptionPoint) => (event: KeyboardEvent<SVGGElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      props.onOpen(point.id);
      return;
    }
    if (!point.canEdit || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    save(point, clamp(importanceOf(point) + (event.key === 'ArrowUp' ? STEP : -STEP)));
  };

  const describe = (p: AssumptionPoint, importance: number) =>
    `${p.title || 'Untitled'}: ${ASSUMPTION_QUADRANT_LABELS[p.quadrant]}. Matters ${Math.round(importance * 100)} of 100${p.importanceSet ? '' : ' (from its section and risk)'}. ${CONFIDENCE_LOOK[p.confidence.state].label}: ${confidenceSummary(p.confidence)}${p.canEdit ? ' Arrow keys move it up or down.' : ''}`;

  return (
    <Stack gap="sm" data-testid="assumptions-map">
      <Group gap="xs" wrap="wrap">
        {/* Native selects: a phone's own picker, and no floating dropdown measured as the map
            first draws (#53: Mantine's Select re-rendered the map synchronously, in a task of
            60–70 ms even unthrottled). */}
        <NativeSelect
          size="xs"
          label="Section"
          value={section ?? ''}
          onChange={(e) => setSection(e.currentTarget.value || null)}
          data={[
            { value: '', label: 'All sections' },
            ...props.data.sections.map((s) => ({ value: s.key, label: s.name })),
          ]}
          w={180}
        />
        <NativeSelect
          size="xs"
          label="Tag"
          value={tag ?? ''}
          onChange={(e) => setTag(e.currentTarget.value || null)}
          data={[{ value: '', label: 'All tags' }, ...tags]}
          w={150}
        />
        <NativeSelect
          size="xs"
          label="Owner"
          value={owner ?? ''}
          onChange={(e) => setOwner(e.currentTarget.value || null)}
          data={[
            { value: '', label: 'Anyone' },
            ...props.data.people.map((p) => ({ value: p.id, label: p.name })),
          ]}
          w={170}
        />
      </Group>
      <svg
        ref={svg}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className={classes.map}
        role="group"
        aria-label="Assumptions map: how much each hypothesis matters (up) by how much evidence it has (across)"
      >
        {ASSUMPTION_QUADRANTS.map((q) => {
          const [col, row] = PLACE[q];
          return (
            <g key={q}>
              <rect
                x={PAD.left + (col * PLOT_W) / 2}
                y={PAD.top + (row * PLOT_H) / 2}
                width={PLOT_W / 2}
                height={PLOT_H / 2}
                className={classes[q]}
              />
              <text
                x={PAD.left + (col * PLOT_W) / 2 + 8}
                y={PAD.top + (row * PLOT_H) / 2 + (row === 0 ? 16 : PLOT_H / 2 - 8)}
                className={classes.corner}
              >
                {CORNER_TEXT[q]}
              </text>
            </g>
          );
        })}
        <text x={PAD.left} y={HEIGHT - 6} className={classes.axis}>
          Little evidence
        </text>
        <text x={WIDTH - PAD.right} y={HEIGHT - 6} textAnchor="end" className={classes.axis}>
          Much evidence →
        </text>
        <text transform={`translate(14 ${PAD.top + PLOT_H}) rotate(-90)`} className={classes.axis}>
          Matters less
        </text>
        <text
          transform={`translate(14 ${PAD.top}) rotate(-90)`}
          textAnchor="end"
          className={classes.axis}
        >
          Matters most →
        </text>
        {points.map((p) => {
          const importance = importanceOf(p);
          const { x, y } = position(p, importance);
          const look = CONFIDENCE_LOOK[p.confidence.state];
          return (
            <g
              key={p.id}
              role="button"
              tabIndex={0}
              data-testid="map-dot"
              data-card-id={p.id}
              data-quadrant={p.quadrant}
              data-state={p.confidence.state}
              data-importance={importance}
              aria-label={describe(p, importance)}
              className={p.canEdit ? classes.dot : `${classes.dot} ${classes.readOnly}`}
              onPointerDown={down(p)}
              onPointerMove={move}
              onPointerUp={up(p)}
              onPointerCancel={() => setDrag(null)}
              onKeyDown={key(p)}
            >
              <title>{describe(p, importance)}</title>
              <circle
                cx={x}
                cy={y}
                r={p.risky ? 9 : 7}
                fill={`var(--mantine-color-${look.color}-6)`}
                className={p.confidence.state === 'untested' ? classes.untested : undefined}
              />
            </g>
          );
        })}
      </svg>
      <div className={classes.lists}>
        {ASSUMPTION_QUADRANTS.map((q) => {
          const inQuadrant = points.filter((p) => p.quadrant === q);
          return (
            <Stack key={q} gap={4} data-testid={`quadrant-${q}`}>
              <Title order={5}>
                {ASSUMPTION_QUADRANT_LABELS[q]} ({inQuadrant.length})
              </Title>
              {inQuadrant.length === 0 ? (
                <Text size="xs" c="dimmed">
                  None.
                </Text>
              ) : (
                inQuadrant
                  .sort((a, b) => b.importance - a.importance)
                  .map((p) => (
                    <UnstyledButton key={p.id} onClick={() => props.onOpen(p.id)}>
                      <Anchor component="span" size="sm" lineClamp={2}>
                        {p.title || 'Untitled'}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {sectionName.get(p.section ?? '') ?? p.section} ·{' '}
                        {CONFIDENCE_LOOK[p.confidence.state].label}
                      </Text>
                    </UnstyledButton>
                  ))
              )}
            </Stack>
          );
        })}
      </div>
    </Stack>
  );
}
