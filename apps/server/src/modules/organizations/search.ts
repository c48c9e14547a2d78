/**
 * The project and collection search (part 2 §7): the projects the member may see and the
 * organisation's collections (on plans that have them) whose names hold the words, accents and
 * case aside; an empty search lists them all. Sorted by name, at most 50 of each.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { licenseAllows, stripAccents, type License } from '@assay/domain';
import type { MemberContext } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { listProjects } from '../projects/ports.ts';
import { collections } from './navigation-schema.ts';

const MOST = 50;
const fold = (text: string) => stripAccents(text).toLowerCase();

export async function searchProjectsAndCollections(
  services: AppServices,
  member: MemberContext,
  search: string | null | undefined,
) {
  const words = fold((search ?? '').trim().slice(0, 100));
  const holds = (name: string) => words === '' || fold(name).includes(words);
  const byName = (a: { name: string }, b: { name: string }) =>
    a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });
  const { projects } = await listProjects(services, member);
  const groups = licenseAllows(member.organization.license as License, 'collections')
    ? await services.database.db
        .select({ id: collections.id, name: collections.name })
        .from(collections)
        .where(eq(collections.organizationId, member.organization.id))
        .orderBy(asc(sql`lower(${collections.name})`))
    : [];
  return {
    projects: projects
      .filter((p) => holds(p.name))
      .sort(byName)
      .slice(0, MOST)
      .map((p) => ({ id: p.id, name: p.name, status: p.status })),
    collections: groups.filter((c) => holds(c.name)).slice(0, MOST),
  };
}
