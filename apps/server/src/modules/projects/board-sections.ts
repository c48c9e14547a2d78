/** Product-board sections a manager adds, renames, recolours, reorders or deletes (part 2 §3 Project). */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  AppError,
  boardSectionCreateSchema,
  boardSectionDeleteSchema,
  boardSectionUpdateSchema,
  rankBetween,
  ranksBetween,
} from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import { parse } from '../../http/parse.ts';
import type { Executor } from '../../platform/db/index.ts';
import type { AppServices } from '../../services.ts';
import { touchProjectCards } from '../cards/ports.ts';
import { boardSections, hypotheses } from '../cards/schema.ts';
import { keyFor, listBoardSections } from './default-sections.ts';
import { findManagedProject } from './service.ts';

const columnKey = {
  timeline: 'timelineSection',
  productStatus: 'productStatusSection',
  productTheme: 'productThemeSection',
} as const;

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
