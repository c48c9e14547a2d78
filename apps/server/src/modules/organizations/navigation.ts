/** Favourites, collections and the side navigation (part 1 §2.5, §9.3; part 2 §3 Collection, §4). */
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  AppError,
  canManageMembers,
  FAVORITE_SUBJECT_TYPES,
  LIMITS,
  licenseAllows,
  sortFavorites,
  type License,
} from '@assay/domain';
import {
  memberHasFeature,
  requireFeature,
  type MemberContext,
  type RequestContext,
} from '../../http/member-context.ts';
import { cohortAccess } from '../cohorts/ports.ts';
import { listCohorts } from '../cohorts/ports.ts';
import type { AppServices } from '../../services.ts';
import { listProjects } from '../projects/ports.ts';
import {
  collectionProjects,
  collections,
  favorites,
  type CollectionRow,
} from './navigation-schema.ts';

const FAVORITE_TYPES = [...FAVORITE_SUBJECT_TYPES, 'cards'] as const;

function requireCollections(member: MemberContext) {
  requireFeature(member, 'collections');
}

async function visibleProjectIds(services: AppServices, member: MemberContext) {
  const list = await listProjects(services, member);
  return new Map(list.projects.map((p) => [p.id, p]));
}

export async function createFavorite(
  services: AppServices,
  member: MemberContext,
  input: { subjectType: string; subjectId: string },
) {
  if (!(FAVORITE_TYPES as readonly string[]).includes(input.subjectType)) {
    throw new AppError('validation', { message: 'That cannot be a favourite.' });
  }
  if (
    input.subjectType === 'projects' &&
    !(await visibleProjectIds(services, member)).has(input.subjectId)
  ) {
    throw new AppError('projectNotFound');
  }
  if (input.subjectType === 'collections') await findCollection(services, member, input.subjectId);
  if (input.subjectType === 'cohorts') await cohortAccess(services, member, input.subjectId);
  const [row] = await services.database.db
    .insert(favorites)
    .values({ organizationId: member.organization.id, profileId: member.profileId, ...input })
    .onConflictDoUpdate({
      target: [favorites.profileId, favorites.subjectType, favorites.subjectId],
      set: { subjectId: sql`excluded.subject_id` },
    })
    .returning();
  return row?.id ?? '';
}

export async function deleteFavorite(
  services: AppServices,
  member: MemberContext,
  input: { id?: string | null; subjectType?: string | null; subjectId?: string | null },
) {
  const conditions = [eq(favorites.profileId, member.profileId)];
  if (input.id) conditions.push(eq(favorites.id, input.id));
  else if (input.subjectType && input.subjectId) {
    conditions.push(
      eq(favorites.subjectType, input.subjectType),
      eq(favorites.subjectId, input.subjectId),
    );
  } else throw new AppError('validation', { message: 'Say which favourite to remove.' });
  await services.database.db.delete(favorites).where(and(...conditions));
  return true;
}

/** The side navigation: favourites, up to 5 collections, up to 10 active projects by name. */
export async function sideNavigation(services: AppServices, member: MemberContext) {
  const license = member.organization.license as License;
  const projects = await visibleProjectIds(services, member);
  const allCollections = licenseAllows(license, 'collections')
    ? await services.database.db
        .select()
        .from(collections)
        .where(eq(collections.organizationId, member.organization.id))
        .orderBy(sql`lower(${collections.name})`)
    : [];
  // Cohorts take the projects' place on the academic license.
  const cohortList = memberHasFeature(member, 'homepageCohorts')
    ? await listCohorts(services, member)
    : [];
  const favoriteRows = await services.database.db
    .select()
    .from(favorites)
    .where(eq(favorites.profileId, member.profileId));
  const names = new Map<string, string>();
  for (const p of projects.values()) names.set(`projects:${p.id}`, p.name);
  for (const c of allCollections) names.set(`collections:${c.id}`, c.name);
  for (const c of cohortList) names.set(`cohorts:${c.id}`, c.name);
  const favoriteList = sortFavorites(
    favoriteRows
      .filter((f) => names.has(`${f.subjectType}:${f.subjectId}`))
      .map((f) => ({
        id: f.id,
        subjectType: f.subjectType,
        subjectId: f.subjectId,
        projectId: f.subjectType === 'projects' ? f.subjectId : null,
        name: names.get(`${f.subjectType}:${f.subjectId}`) ?? '',
        path: f.subjectType === 'projects' ? (projects.get(f.subjectId)?.openPath ?? null) : null,
      })),
  );
  const favoriteKeys = new Set(favoriteRows.map((f) => `${f.subjectType}:${f.subjectId}`));
  return {
    favorites: favoriteList,
    collections: allCollections.slice(0, LIMITS.sideNavCollections).map((c) => ({
      id: c.id,
      name: c.name,
      isFavorite: favoriteKeys.has(`collections:${c.id}`),
    })),
    projects:
      license === 'academic'
        ? []
        : [...projects.values()]
            .filter((p) => p.status === 'active')
            .slice(0, LIMITS.sideNavProjects)
            .map((p) => ({
              id: p.id,
              name: p.name,
              isFavorite: favoriteKeys.has(`projects:${p.id}`),
              path: p.openPath,
            })),
    cohorts: cohortList.map((c) => ({
      id: c.id,
      name: c.name,
      isFavorite: favoriteKeys.has(`cohorts:${c.id}`),
    })),
  };
}

async function findCollection(
  services: AppServices,
  member: MemberContext,
  id: string,
): Promise<CollectionRow> {
  requireCollections(member);
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError('notFound');
  const [row] = await services.database.db
    .select()
    .from(collections)
    .where(and(eq(collections.id, id), eq(collections.organizationId, member.organization.id)));
  if (!row) throw new AppError('notFound');
  return row;
}

function requireCollectionManager(member: MemberContext) {
  requireCollections(member);
  if (!canManageMembers(member.role)) throw new AppError('forbidden');
}

function parseCollection(input: { name?: unknown; description?: unknown }, partial: boolean) {
  const name = typeof input.name === 'string' ? input.name.trim().slice(0, 100) : undefined;
  const description =
    typeof input.description === 'string' ? input.description.trim().slice(0, 2000) : undefined;
  if ((!partial || name !== undefined) && !name) {
    throw new AppError('validation', { message: 'Your collection needs a name.' });
  }
  return {
    ...(name !== undefined ? { name } : {}),
    ...(description !== undefined ? { description } : {}),
  };
}

export async function createCollection(
  services: AppServices,
  member: MemberContext,
  input: { name?: unknown; description?: unknown },
  context: RequestContext,
) {
  requireCollectionManager(member);
  const values = parseCollection(input, false);
  return services.transaction(
    async (unit) => {
      const [row] = await unit.tx
        .insert(collections)
        .values({
          organizationId: member.organization.id,
          name: values.name ?? '',
          description: values.description ?? '',
          createdByProfileId: member.profileId,
        })
        .returning();
      if (!row) throw new Error('collection insert returned no row');
      await unit.record({
        name: 'collections.create',
        organizationId: member.organization.id,
        actorId: member.profileId,
        subjectType: 'collection',
        subjectId: row.id,
        changes: { name: row.name },
      });
      return row;
    },
    { context },
  );
}

export async function updateCollection(
  services: AppServices,
  member: MemberContext,
  id: string,
  input: { name?: unknown; description?: unknown },
  context: RequestContext,
) {
  requireCollectionManager(member);
  await findCollection(services, member, id);
  const values = parseCollection(input, true);
  return services.transaction(
    async (unit) => {
      const [row] = await unit.tx
        .update(collections)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(collections.id, id))
        .returning();
      if (!row) throw new AppError('notFound');
      await unit.record({
        name: 'collections.update',
        organizationId: member.organization.id,
        actorId: member.profileId,
        subjectType: 'collection',
        subjectId: id,
        changes: { fields: Object.keys(values) },
      });
      return row;
    },
    { context },
  );
}

export async function deleteCollection(
  services: AppServices,
  member: MemberContext,
  id: string,
  context: RequestContext,
) {
  requireCollectionManager(member);
  await findCollection(services, member, id);
  await services.transaction(
    async (unit) => {
      await unit.tx
        .delete(favorites)
        .where(and(eq(favorites.subjectType, 'collections'), eq(favorites.subjectId, id)));
      await unit.tx.delete(collections).where(eq(collections.id, id));
      await unit.record({
        name: 'collections.delete',
        organizationId: member.organization.id,
        actorId: member.profileId,
        subjectType: 'collection',
        subjectId: id,
      });
    },
    { context },
  );
}

export async function setCollectionProject(
  services: AppServices,
  member: MemberContext,
  id: string,
  projectId: string,
  add: boolean,
  context: RequestContext,
) {
  requireCollectionManager(member);
  await findCollection(services, member, id);
  if (!(await visibleProjectIds(services, member)).has(projectId))
    throw new AppError('projectNotFound');
  await services.transaction(
    async (unit) => {
      if (add)
        await unit.tx
          .insert(collectionProjects)
          .values({ collectionId: id, projectId })
          .onConflictDoNothing();
      else
        await unit.tx
          .delete(collectionProjects)
          .where(
            and(
              eq(collectionProjects.collectionId, id),
              eq(collectionProjects.projectId, projectId),
            ),
          );
      await unit.record({
        name: add ? 'collections.addProject' : 'collections.removeProject',
        organizationId: member.organization.id,
        projectId,
        actorId: member.profileId,
        subjectType: 'collection',
        subjectId: id,
      });
    },
    { context },
  );
}

/** A collection's projects (those the member may see) and their total. */
export async function collectionProjectList(
  services: AppServices,
  member: MemberContext,
  id: string,
) {
  const collection = await findCollection(services, member, id);
  const links = await services.database.db
    .select()
    .from(collectionProjects)
    .where(eq(collectionProjects.collectionId, id));
  const visible = await visibleProjectIds(services, member);
  const list = links.map((l) => visible.get(l.projectId)).filter((p) => p !== undefined);
  return { collection, total: list.length, projects: list };
}

/** Removes every favourite of a project (when the project is deleted). */
export async function forgetProjectFavorites(services: AppServices, projectIds: string[]) {
  if (projectIds.length === 0) return;
  await services.database.db
    .delete(favorites)
    .where(and(eq(favorites.subjectType, 'projects'), inArray(favorites.subjectId, projectIds)));
}

/** Deleted projects leave no favourites behind. */
export function registerNavigationHandlers(services: AppServices) {
  services.events.on('projects', async (event) => {
    if (event.name === 'projects.delete' && event.projectId)
      await forgetProjectFavorites(services, [event.projectId]);
  });
}
