/**
 * migrateProject (part 2 §7): a project taken into an organisation of its own — a team that
 * leaves its course, a side project that becomes a company. The caller becomes the owner of a new
 * organisation on the Garage AI tier, created from the project (fromProjectId, so its onboarding
 * goes straight to checkout, part 1 §2.4); the project is copied there with its cards, evidence,
 * experiments, connections and files. The original stays where it was, untouched.
 *
 * Who may: those who manage the project, and the students of a cohort's team (their course may be
 * over and their access read-only: taking their work with them is the point). Once per person and
 * project: forty clicks at once make one organisation.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { AppError, canMigrateProject, migrateProjectSchema, slugify } from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import { parse } from '../../http/parse.ts';
import type { AppServices } from '../../services.ts';
import { copyProjectCards } from '../cards/ports.ts';
import { copyCardFiles } from '../media/ports.ts';
import { createOrganization, findOrganizationBySlug } from '../organizations/ports.ts';
import { organizations, profiles } from '../organizations/schema.ts';
import { projectMembers, projects } from './schema.ts';
import { findVisibleProject } from './service.ts';

/** The first free address for the name: name, name-2, … name-20, then a random tail. */
async function freeSlug(services: AppServices, name: string): Promise<string> {
  const base = slugify(name) || 'team';
  for (let n = 1; n <= 20; n += 1) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (!(await findOrganizationBySlug(services.database.db, slug))) return slug;
  }
  return `${base}-${randomUUID().slice(0, 6)}`;
}

export async function migrateProject(
  services: AppServices,
  member: MemberContext,
  input: unknown,
  context: RequestContext,
) {
  const data = parse(migrateProjectSchema.safeParse(input));
  const found = await findVisibleProject(services, member, data.projectId);
  const source = found.project;
  const mayTake = canMigrateProject({
    organizationRole: member.role,
    projectRole: found.role,
    kind: source.kind,
    cohortId: source.cohortId,
  });
  if (!mayTake) throw new AppError('forbidden');
  const user = member.auth.user;
  const slug = await freeSlug(services, data.name);

  const made = await services.transaction(
    async (unit) => {
      // One at a time per person and project, then: not twice.
      await unit.tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`migrate:${source.id}:${user.id}`}))`,
      );
      const [already] = await unit.tx
        .select({ id: organizations.id })
        .from(organizations)
        .innerJoin(profiles, eq(profiles.organizationId, organizations.id))
        .where(
          and(
            eq(organizations.fromProjectId, source.id),
            eq(profiles.userId, user.id),
            eq(profiles.role, 'owner'),
          ),
        )
        .limit(1);
      if (already) throw new AppError('projectAlreadyMigrated');
      const org = await createOrganization(unit, user, {
        name: data.name,
        slug,
        license: 'garage',
      });
      await unit.tx
        .update(organizations)
        .set({ fromProjectId: source.id })
        .where(eq(organizations.id, org.id));
      const [owner] = await unit.tx
        .select({ id: profiles.id })
        .from(profiles)
        .where(and(eq(profiles.organizationId, org.id), eq(profiles.userId, user.id)));
      if (!owner) throw new Error('the new organisation has no owner profile');
      const projectId = randomUUID();
      await unit.tx.insert(projects).values({
        ...source,
        id: projectId,
        organizationId: org.id,
        status: 'active',
        email: null,
        cohortId: null,
        isSample: false,
        cardsVersion: 0,
        createdByProfileId: owner.id,
        createdAt: new Date(),
        updatedAt: new Date(),
      });
      await unit.tx
        .insert(projectMembers)
        .values({ organizationId: org.id, projectId, profileId: owner.id, role: 'owner' });
      const cardIds = await copyProjectCards(
        unit.tx,
        { organizationId: member.organization.id, projectId: source.id },
        { organizationId: org.id, projectId, profileId: owner.id },
      );
      await unit.record({
        name: 'projects.migrate',
        organizationId: member.organization.id,
        projectId: source.id,
        actorId: member.profileId,
        subjectType: 'project',
        subjectId: source.id,
        changes: { organizationId: org.id, cards: cardIds.size },
      });
      return { org, projectId, ownerId: owner.id, cardIds };
    },
    { context },
  );
  const files = await copyCardFiles(
    services,
    { organizationId: member.organization.id },
    { organizationId: made.org.id, projectId: made.projectId, profileId: made.ownerId },
    made.cardIds,
  );
  return {
    organizationId: made.org.id,
    slug: made.org.slug,
    name: made.org.name,
    projectId: made.projectId,
    cards: made.cardIds.size,
    files,
  };
}
