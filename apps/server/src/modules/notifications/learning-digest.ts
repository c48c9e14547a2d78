/**
 * The weekly "what to test next" mail (issue #24): to each member who works on a project (its
 * owners, admins and collaborators), once a week, the hypotheses the project should test next,
 * each with why, and a link to the project. Nothing is sent when nothing is open, nor to those who
 * turned email off for the project or the organisation. A (member, project) pair is claimed with
 * one conditional upsert before its mail is queued, so parallel senders (two app instances on the
 * same timer) send it once.
 */
import { and, eq, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { learningSettingsOf } from '@assay/domain';
import { organizationOrigin } from '../../http/hosts.ts';
import type { AppServices } from '../../services.ts';
import { testNextForProject } from '../cards/ports.ts';
import { organizations, profiles } from '../organizations/schema.ts';
import { projectMembers, projects } from '../projects/schema.ts';
import { learningDigests, notificationPreferences } from './schema.ts';

export const LEARNING_DIGEST_EVERY_MS = 7 * 24 * 60 * 60 * 1000;
const WORKING_ROLES = new Set(['owner', 'admin', 'collaborator']);
const SHOWN = 3;

/** Claims the week's digest of a project for a member: true only for the one caller that wins. */
async function claim(services: AppServices, profileId: string, projectId: string, now: Date) {
  const due = new Date(now.getTime() - LEARNING_DIGEST_EVERY_MS);
  const won = await services.database.db
    .insert(learningDigests)
    .values({ profileId, projectId, sentAt: now })
    .onConflictDoUpdate({
      target: [learningDigests.profileId, learningDigests.projectId],
      set: { sentAt: now },
      setWhere: sql`${learningDigests.sentAt} <= ${due.toISOString()}`,
    })
    .returning({ profileId: learningDigests.profileId });
  return won.length > 0;
}

/** Whether the member has email on for this project (its own preference, else the organisation's). */
async function emailOn(services: AppServices, profileId: string, projectId: string) {
  const rows = await services.database.db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.profileId, profileId));
  const own = rows.find((r) => r.projectId === projectId) ?? rows.find((r) => r.projectId === null);
  return own?.email ?? true;
}

/**
 * Sends every weekly digest that is due (in one organisation, when given); answers how many
 * were sent. Pairs already sent this week are left out before anything is computed, so the
 * timer's other runs of the week cost one query.
 */
export async function sendWeeklyLearningDigests(
  services: AppServices,
  now = new Date(),
  scope: { organizationId?: string } = {},
): Promise<number> {
  const db = services.database.db;
  const due = new Date(now.getTime() - LEARNING_DIGEST_EVERY_MS);
  // Who works on which active project (owners, admins and collaborators, not disabled) and has
  // not had this week's mail.
  const pairs = await db
    .select({
      profileId: projectMembers.profileId,
      projectId: projectMembers.projectId,
      email: profiles.email,
    })
    .from(projectMembers)
    .innerJoin(profiles, eq(profiles.id, projectMembers.profileId))
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .leftJoin(
      learningDigests,
      and(
        eq(learningDigests.profileId, projectMembers.profileId),
        eq(learningDigests.projectId, projectMembers.projectId),
      ),
    )
    .where(
      and(
        or(isNull(learningDigests.sentAt), lte(learningDigests.sentAt, due)),
        scope.organizationId ? eq(projects.organizationId, scope.organizationId) : undefined,
        inArray(projectMembers.role, [...WORKING_ROLES]),
        ne(profiles.role, 'disabled'),
        eq(profiles.organizationId, projects.organizationId),
        eq(projects.status, 'active'),
        eq(projects.kind, 'project'),
      ),
    );
  const wanted = [...new Set(pairs.map((p) => p.projectId))];
  if (wanted.length === 0) return 0;
  const live = await db
    .select({
      id: projects.id,
      name: projects.name,
      organizationId: projects.organizationId,
      cardsVersion: projects.cardsVersion,
      settings: projects.settings,
      slug: organizations.slug,
      learning: organizations.learning,
    })
    .from(projects)
    .innerJoin(organizations, eq(organizations.id, projects.organizationId))
    .where(inArray(projects.id, wanted));
  const byId = new Map(live.map((p) => [p.id, p]));
  const lists = new Map<string, Awaited<ReturnType<typeof testNextForProject>>>();
  const listOf = async (project: (typeof live)[number]) => {
    let list = lists.get(project.id);
    if (!list) {
      list =
        project.settings.businessHypotheses === false
          ? []
          : await testNextForProject(
              db,
              {
                organizationId: project.organizationId,
                projectId: project.id,
                cardsVersion: project.cardsVersion,
              },
              learningSettingsOf(project.learning),
              SHOWN,
            );
      lists.set(project.id, list);
    }
    return list;
  };

  let sent = 0;
  for (const pair of pairs) {
    const project = byId.get(pair.projectId);
    if (!project || !pair.email) continue;
    const list = await listOf(project);
    if (list.length === 0) continue;
    if (!(await emailOn(services, pair.profileId, project.id))) continue;
    if (!(await claim(services, pair.profileId, project.id, now))) continue;
    const link = `${organizationOrigin(services.config, project.slug)}/workspace/${project.id}/canvas/business`;
    await services.mailer.send({
      to: pair.email,
      subject: `What to test next in ${project.name}`.slice(0, 200),
      text: [
        `This week in ${project.name}, these hypotheses matter and their evidence is thin or disputed:`,
        '',
        ...list.map((item, i) => `${i + 1}. ${item.title || 'Untitled'}\n   ${item.reasonText}`),
        '',
        `Plan an experiment, write interview questions or give each an owner: ${link}`,
        '',
        'You get this once a week for the projects you work on; turn email off in your notification settings to stop it.',
      ].join('\n'),
    });
    sent += 1;
  }
  return sent;
}
