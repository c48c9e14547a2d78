/**
 * A project's workspace layout: canvas sections (rename, hide, show, reorder, type, template),
 * custom fields, product-board sections and the prioritisation method (part 2 §3 Project, §7).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import {
  AppError,
  BOARD_TYPES,
  boardSectionCreateSchema,
  boardSectionDeleteSchema,
  boardSectionUpdateSchema,
  canvasLayoutSchema,
  canvasSectionUpdateSchema,
  customFieldSchema,
  customFieldUpdateSchema,
  projectScoreSchema,
  rankBetween,
  ranksBetween,
  WORKFLOW_DEFAULTS,
  type BoardType,
  type ProjectCustomField,
} from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import type { Executor } from '../../platform/db/index.ts';
import type { AppServices } from '../../services.ts';
import { touchProjectCards } from '../cards/board-cache.ts';
import { boardSections, hypotheses } from '../cards/schema.ts';
import { findManagedProject, presentProject, saveProject } from './service.ts';
import { parse } from '../../http/parse.ts';

const SECTION_COLORS: Record<string, string> = {
  Backlog: '#868e96',
  Now: '#2f9e44',
  Next: '#1971c2',
  Future: '#7048e8',
  New: '#868e96',
  'To Do': '#1971c2',
  'In Progress': '#f08c00',
  Done: '#2f9e44',
  Complete: '#0c8599',
  Parked: '#e8590c',
  Archived: '#495057',
};

const columnKey = {
  timeline: 'timelineSection',
  productStatus: 'productStatusSection',
  productTheme: 'productThemeSection',
} as const;

const keyFor = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40) || 'section';

/** Seeds the default sections of each product board (idempotent). */
export async function seedBoardSections(
  tx: Executor,
  organizationId: string,
  projectId: string,
): Promise<void> {
  const rows = BOARD_TYPES.flatMap((sectionType) => {
    const names = WORKFLOW_DEFAULTS[sectionType];
    const ranks = ranksBetween(null, null, names.length);
    return names.map((name, i) => ({
      organizationId,
      projectId,
      sectionType,
      key: keyFor(name),
      name,
      color: SECTION_COLORS[name] ?? '#868e96',
      rank: ranks[i] as string,
      isDefault: i === 0,
      protected:
        sectionType === 'productStatus' && ['Archived', 'Parked', 'Complete'].includes(name),
    }));
  });
  if (rows.length) await tx.insert(boardSections).values(rows).onConflictDoNothing();
}

export function presentBoardSection(row: typeof boardSections.$inferSelect) {
  return {
    key: row.key,
    name: row.name,
    color: row.color,
    rank: row.rank,
    isDefault: row.isDefault,
    protected: row.protected,
  };
}

/** The sections of one product board, in order. */
export async function listBoardSections(
  database: Executor,
  projectId: string,
  sectionType: BoardType,
) {
  const rows = await database
    .select()
    .from(boardSections)
    .where(and(eq(boardSections.projectId, projectId), eq(boardSections.sectionType, sectionType)))
    .orderBy(asc(boardSections.rank));
  return rows.map(presentBoardSection);
}

async function record(
  services: AppServices,
  member: MemberContext,
  projectId: string,
  action: string,
  changes: Record<string, unknown>,
  context: RequestContext,
  work: (tx: Executor) => Promise<void>,
) {
  await services.transaction(
    async (unit) => {
      await work(unit.tx);
      await unit.record({
        name: `projects.${action}`,
        organizationId: member.organization.id,
        projectId,
        actorId: member.profileId,
        subjectType: 'project',
        subjectId: projectId,
        changes,
      });
    },
    { context },
  );
}

/** POST /api/proj/projects/{id}/sections */
export async function createBoardSection(
  services: AppServices,
  member: MemberContext,
  projectId: string,
  input: unknown,
  context: RequestContext,
) {
  await findManagedProject(services, member, projectId);
  const data = parse(boardSectionCreateSchema.safeParse(input));
  const existing = await listBoardSections(services.database.db, projectId, data.sectionType);
  if (existing.some((s) => s.name.toLowerCase() === data.name.toLowerCase())) {
    throw new AppError('validation', { message: 'A section with that name already exists.' });
  }
  const last = existing.at(-1)?.rank ?? null;
  const key = `${keyFor(data.name)}-${randomUUID().slice(0, 6)}`;
  await record(
    services,
    member,
    projectId,
    'createSection',
    { sectionType: data.sectionType, key },
    context,
    async (tx) => {
      await tx.insert(boardSections).values({
        organizationId: member.organization.id,
        projectId,
        sectionType: data.sectionType,
        key,
        name: data.name,
        color: data.color,
        rank: rankBetween(last, null),
      });
    },
  );
  return listBoardSections(services.database.db, projectId, data.sectionType);
}

/** PUT /api/proj/projects/{id}/sections: rename or recolour one, or reorder all (keys). */
export async function updateBoardSection(
  services: AppServices,
  member: MemberContext,
  projectId: string,
  input: unknown,
  context: RequestContext,
) {
  await findManagedProject(services, member, projectId);
  const data = parse(boardSectionUpdateSchema.safeParse(input));
  const existing = await listBoardSections(services.database.db, projectId, data.sectionType);
  const where = (key: string) =>
    and(
      eq(boardSections.projectId, projectId),
      eq(boardSections.sectionType, data.sectionType),
      eq(boardSections.key, key),
    );
  if ('keys' in data) {
    const known = new Set(existing.map((s) => s.key));
    if (data.keys.length !== known.size || !data.keys.every((k) => known.has(k))) {
      throw new AppError('validation', { message: 'The new order must name every section once.' });
    }
    const ranks = ranksBetween(null, null, data.keys.length);
    await record(
      services,
      member,
      projectId,
      'reorderSections',
      { sectionType: data.sectionType },
      context,
      async (tx) => {
        for (const [i, key] of data.keys.entries()) {
          await tx
            .update(boardSections)
            .set({ rank: ranks[i] as string })
            .where(where(key));
        }
      },
    );
  } else {
    const section = existing.find((s) => s.key === data.key);
    if (!section) throw new AppError('notFound');
    if (section.protected && data.name !== undefined && data.name !== section.name) {
      throw new AppError('validation', { message: 'This section cannot be renamed.' });
    }
    await record(
      services,
      member,
      projectId,
      'updateSection',
      { sectionType: data.sectionType, key: data.key },
      context,
      async (tx) => {
        await tx
          .update(boardSections)
          .set({
            ...(data.name !== undefined ? { name: data.name } : {}),
            ...(data.color !== undefined ? { color: data.color } : {}),
          })
          .where(where(data.key));
      },
    );
  }
  return listBoardSections(services.database.db, projectId, data.sectionType);
}

/**
 * DELETE /api/proj/projects/{id}/sections: the section's cards move to the board's default
 * section (protected and default sections stay).
 */
export async function deleteBoardSection(
  services: AppServices,
  member: MemberContext,
  projectId: string,
  input: unknown,
  context: RequestContext,
) {
  await findManagedProject(services, member, projectId);
  const data = parse(boardSectionDeleteSchema.safeParse(input));
  const existing = await listBoardSections(services.database.db, projectId, data.sectionType);
  const section = existing.find((s) => s.key === data.key);
  if (!section) throw new AppError('notFound');
  if (section.protected || section.isDefault) {
    throw new AppError('validation', { message: 'This section cannot be deleted.' });
  }
  const fallback = existing.find((s) => s.isDefault)?.key ?? null;
  await record(
    services,
    member,
    projectId,
    'deleteSection',
    { sectionType: data.sectionType, key: data.key },
    context,
    async (tx) => {
      const column = {
        timeline: hypotheses.timelineSection,
        productStatus: hypotheses.productStatusSection,
        productTheme: hypotheses.productThemeSection,
      }[data.sectionType];
      await tx
        .update(hypotheses)
        .set({ [columnKey[data.sectionType]]: fallback })
        .where(and(eq(hypotheses.projectId, projectId), eq(column, data.key)));
      await touchProjectCards(tx, projectId);
      await tx
        .delete(boardSections)
        .where(
          and(
            eq(boardSections.projectId, projectId),
            eq(boardSections.sectionType, data.sectionType),
            eq(boardSections.key, data.key),
          ),
        );
    },
  );
  return listBoardSections(services.database.db, projectId, data.sectionType);
}

/** Canvas section rename, hide and show. */
export async function updateCanvasSection(
  services: AppServices,
  member: MemberContext,
  input: unknown,
  context: RequestContext,
) {
  const data = parse(canvasSectionUpdateSchema.safeParse(input));
  const { project, role } = await findManagedProject(services, member, data.projectId);
  const current = project.canvas.sections?.[data.section] ?? {};
  const next = {
    ...current,
    ...(data.name !== undefined ? { name: data.name || null } : {}),
    ...(data.hidden !== undefined ? { hidden: data.hidden } : {}),
  };
  const row = await saveProject(
    services,
    member,
    data.projectId,
    {
      canvas: { ...project.canvas, sections: { ...project.canvas.sections, [data.section]: next } },
    },
    'canvasSection',
    { section: data.section, ...next },
    context,
  );
  return presentProject(row, member, role);
}

/** Canvas type, template and section order. */
export async function updateCanvasLayout(
  services: AppServices,
  member: MemberContext,
  input: unknown,
  context: RequestContext,
) {
  const data = parse(canvasLayoutSchema.safeParse(input));
  const { project, role } = await findManagedProject(services, member, data.projectId);
  if (data.order && new Set(data.order).size !== data.order.length) {
    throw new AppError('validation', { message: 'The new order must name every section once.' });
  }
  const templates = member.organization.canvasTemplates.templates;
  if (data.templateId && !templates.some((t) => t.id === data.templateId)) {
    throw new AppError('notFound');
  }
  const row = await saveProject(
    services,
    member,
    data.projectId,
    {
      canvas: {
        ...project.canvas,
        ...(data.type ? { type: data.type } : {}),
        ...(data.templateId !== undefined ? { templateId: data.templateId } : {}),
        ...(data.order ? { order: data.order } : {}),
      },
    },
    'canvasLayout',
    { fields: Object.keys(data).filter((k) => k !== 'projectId') },
    context,
  );
  return presentProject(row, member, role);
}

/** Custom fields: create, update, delete and reorder (the project's own; global ones are the organisation's). */
export async function changeCustomFields(
  services: AppServices,
  member: MemberContext,
  projectId: string,
  change:
    | { kind: 'create'; input: unknown }
    | { kind: 'update'; id: string; input: unknown }
    | { kind: 'delete'; id: string }
    | { kind: 'reorder'; ids: string[] },
  context: RequestContext,
) {
  const { project, role } = await findManagedProject(services, member, projectId);
  let fields: ProjectCustomField[] = [...project.customFields];
  const find = (id: string) => {
    const field = fields.find((f) => f.id === id);
    if (!field) throw new AppError('notFound');
    return field;
  };
  switch (change.kind) {
    case 'create': {
      const data = parse(customFieldSchema.safeParse(change.input));
      if (fields.length >= 50) {
        throw new AppError('validation', { message: 'A project can have up to 50 custom fields.' });
      }
      fields.push({
        id: randomUUID(),
        title: data.title,
        type: data.type,
        disabled: data.disabled,
        global: false,
        defaultKey: null,
        specifications: { options: [...new Set(data.options)] },
      });
      break;
    }
    case 'update': {
      const data = parse(customFieldUpdateSchema.safeParse(change.input));
      const field = find(change.id);
      fields = fields.map((f) =>
        f.id === field.id
          ? {
              ...f,
              ...(data.title !== undefined ? { title: data.title } : {}),
              ...(data.type !== undefined ? { type: data.type } : {}),
              ...(data.disabled !== undefined ? { disabled: data.disabled } : {}),
              ...(data.options !== undefined
                ? { specifications: { options: [...new Set(data.options)] } }
                : {}),
            }
          : f,
      );
      break;
    }
    case 'delete':
      find(change.id);
      fields = fields.filter((f) => f.id !== change.id);
      break;
    case 'reorder': {
      const ids = change.ids.filter((id) => fields.some((f) => f.id === id));
      if (ids.length !== fields.length || new Set(ids).size !== ids.length) {
        throw new AppError('validation', { message: 'The new order must name every field once.' });
      }
      fields = ids.map((id) => find(id));
      break;
    }
  }
  const row = await saveProject(
    services,
    member,
    projectId,
    { customFields: fields },
    `customField.${change.kind}`,
    { kind: change.kind },
    context,
  );
  return presentProject(row, member, role);
}

/** PUT /api/proj/projects/{id}/score: the prioritisation method of the product board. */
export async function updateProjectScore(
  services: AppServices,
  member: MemberContext,
  projectId: string,
  input: unknown,
  context: RequestContext,
) {
  const { role } = await findManagedProject(services, member, projectId);
  const data = parse(projectScoreSchema.safeParse(input));
  const row = await saveProject(
    services,
    member,
    projectId,
    { prioritization: data.prioritization },
    'score',
    data,
    context,
  );
  return presentProject(row, member, role);
}
