/**
 * A project's workspace layout: canvas sections (rename, hide, show, reorder, type, template),
 * custom fields and the prioritisation method (part 2 §3 Project, §7).
 */
import { randomUUID } from 'node:crypto';
import {
  AppError,
  canvasLayoutSchema,
  canvasSectionUpdateSchema,
  customFieldSchema,
  customFieldUpdateSchema,
  projectScoreSchema,
  type ProjectCustomField,
} from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import { parse } from '../../http/parse.ts';
import type { AppServices } from '../../services.ts';
import { findManagedProject, presentProject, saveProject } from './service.ts';

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
