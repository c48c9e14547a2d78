/** The canvas a project shows: its sections in order with names, lenses and hidden flags. */
import {
  CANVAS_LABELS,
  CANVAS_SECTIONS,
  SECTION_LENS,
  type CanvasSection,
  type CanvasType,
} from './canvas.ts';
import type { ProjectCanvas, ProjectCustomField } from './projects.ts';

export interface CanvasTemplate {
  id: string;
  name: string;
  protected: boolean;
  sections: Partial<Record<string, { name: string }>>;
}

export interface CanvasSectionView {
  key: CanvasSection;
  name: string;
  defaultName: string;
  lens: string | null;
  hidden: boolean;
}

export interface CanvasLayout {
  type: CanvasType;
  templateId: string | null;
  /** A protected template's names cannot be changed in the project. */
  locked: boolean;
  sections: CanvasSectionView[];
}

/**
 * Works out a project's canvas: the canvas type's labels, then the organisation template's names
 * (the project's, or the organisation default), then the project's own renames (unless the
 * template is protected); sections in the project's order; mission model only where allowed.
 */
export function canvasLayout(options: {
  canvas: ProjectCanvas;
  templates: { defaultTemplateId: string | null; templates: CanvasTemplate[] };
  missionModelAllowed: boolean;
}): CanvasLayout {
  const { canvas, templates } = options;
  let type: CanvasType = canvas.type ?? 'businessModel';
  if (type === 'missionModel' && !options.missionModelAllowed) type = 'businessModel';
  const templateId =
    canvas.templateId === undefined ? templates.defaultTemplateId : canvas.templateId;
  const template = templates.templates.find((t) => t.id === templateId) ?? null;
  const locked = template?.protected ?? false;
  const order = validOrder(canvas.order);
  return {
    type,
    templateId: template?.id ?? null,
    locked,
    sections: order.map((key) => {
      const defaultName = CANVAS_LABELS[type][key];
      const fromTemplate = template?.sections[key]?.name?.trim() || null;
      const own = locked ? null : canvas.sections?.[key]?.name?.trim() || null;
      return {
        key,
        name: own ?? fromTemplate ?? defaultName,
        defaultName: fromTemplate ?? defaultName,
        lens: key === 'unassigned' ? null : SECTION_LENS[key],
        hidden: canvas.sections?.[key]?.hidden ?? false,
      };
    }),
  };
}

/** The project's order when it names every section once, otherwise the standard order. */
export function validOrder(order: readonly string[] | undefined): CanvasSection[] {
  if (
    order &&
    order.length === CANVAS_SECTIONS.length &&
    new Set(order).size === CANVAS_SECTIONS.length &&
    order.every((k) => (CANVAS_SECTIONS as readonly string[]).includes(k))
  ) {
    return order as CanvasSection[];
  }
  return [...CANVAS_SECTIONS];
}

/** A project's custom fields: the organisation's global fields first, then its own. */
export function projectFields(
  globalFields: readonly {
    id: string;
    title: string;
    type: ProjectCustomField['type'];
    disabled: boolean;
    defaultKey: string | null;
    specifications: { options: string[] };
    metrics?: { min: number | null; max: number | null };
  }[],
  own: readonly ProjectCustomField[],
): ProjectCustomField[] {
  return [
    ...globalFields.map((g) => ({
      id: g.id,
      title: g.title,
      type: g.type,
      disabled: g.disabled,
      global: true,
      defaultKey: g.defaultKey,
      specifications: { options: [...g.specifications.options] },
      metrics: { min: g.metrics?.min ?? null, max: g.metrics?.max ?? null },
    })),
    ...own.map((f) => ({ ...f, global: false })),
  ];
}

/**
 * What is wrong with a value for a field, in words, or null: a number outside the field's bounds
 * (the organisation's global field metrics, min and max inclusive).
 */
export function fieldValueProblem(
  field: Pick<ProjectCustomField, 'title' | 'type' | 'metrics'>,
  value: unknown,
): string | null {
  if (field.type !== 'number' || typeof value !== 'number' || !field.metrics) return null;
  const { min, max } = field.metrics;
  if (min !== null && max !== null && (value < min || value > max))
    return `${field.title} must be between ${min} and ${max}.`;
  if (min !== null && value < min) return `${field.title} must be at least ${min}.`;
  if (max !== null && value > max) return `${field.title} must be at most ${max}.`;
  return null;
}

/**
 * Keeps only values of fields that exist, and for dropdowns only values among the current
 * options (part 2 §5).
 */
export function cleanFieldValues(
  fields: readonly ProjectCustomField[],
  values: Record<string, string | number | boolean | null>,
): Record<string, string | number | boolean | null> {
  const out: Record<string, string | number | boolean | null> = {};
  for (const [id, value] of Object.entries(values)) {
    const field = fields.find((f) => f.id === id);
    if (!field) continue;
    if (value === null) {
      out[id] = null;
      continue;
    }
    switch (field.type) {
      case 'dropdown':
        if (typeof value === 'string' && field.specifications.options.includes(value))
          out[id] = value;
        break;
      case 'number':
        if (typeof value === 'number' && Number.isFinite(value)) out[id] = value;
        break;
      case 'checkbox':
        if (typeof value === 'boolean') out[id] = value;
        break;
      case 'date':
        if (typeof value === 'string' && !Number.isNaN(Date.parse(value))) out[id] = value;
        break;
      default:
        if (typeof value === 'string') out[id] = value;
    }
  }
  return out;
}
