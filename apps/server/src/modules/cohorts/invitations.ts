/** Inviting people into a cohort (part 2 §5): by email, in bulk from a CSV, and joining when an organisation invitation names the cohort. */
import { and, eq, inArray } from 'drizzle-orm';
import Papa from 'papaparse';
import {
  AppError,
  checkInvitationRows,
  CSV_MESSAGES,
  invitableCohortRoles,
  isCsvFile,
  type CohortRole,
  type CsvInvitation,
  type TeamRole,
} from '@assay/domain';
import {
  memberHasFeature,
  type MemberContext,
  type RequestContext,
} from '../../http/member-context.ts';
import type { Executor } from '../../platform/db/index.ts';
import type { AppServices } from '../../services.ts';
import { insertInvites } from '../organizations/ports.ts';
import { onInvitationAccepted } from '../organizations/invitations-port.ts';
import { profiles } from '../organizations/schema.ts';
import { projectMembers } from '../projects/schema.ts';
import { cohortMembers, cohorts } from './schema.ts';
import { teamsOf } from './access.ts';
import { managedCohort } from './access.ts';

export interface CohortInvitation {
  email: string;
  firstName?: string;
  lastName?: string;
  cohortRole: CohortRole | null;
  team: { id: string; role: TeamRole } | null;
}

/**
 * Invites people to the cohort: members of the organisation join at once; others get an
 * invitation (already pending ones are skipped). Errored invitations are reported by email.
 */
export async function inviteToCohort(
  services: AppServices,
  member: MemberContext,
  cohortId: string,
  invitations: CohortInvitation[],
  context: RequestContext,
) {
  const { cohort } = await managedCohort(services, member, cohortId);
  const db = services.database.db;
  const teamIds = new Set((await teamsOf(db, cohort.id)).map((t) => t.team.id));
  const allowed = invitableCohortRoles(memberHasFeature(member, 'cohortGuests'));
  const errors: { email: string; message: string }[] = [];
  const valid = invitations.filter((i) => {
    if (i.team && !teamIds.has(i.team.id)) {
      errors.push({ email: i.email, message: 'That team is not part of this cohort.' });
      return false;
    }
    if (i.cohortRole && !allowed.includes(i.cohortRole)) {
      errors.push({ email: i.email, message: `${i.cohortRole} is not a valid role` });
      return false;
    }
    return true;
  });
  const emails = valid.map((i) => i.email.toLowerCase());
  const existing = emails.length
    ? await db
        .select({ id: profiles.id, email: profiles.email })
        .from(profiles)
        .where(
          and(eq(profiles.organizationId, member.organization.id), inArray(profiles.email, emails)),
        )
    : [];
  const byEmail = new Map(existing.map((p) => [p.email, p.id]));
  const joined: string[] = [];
  await services.transaction(
    async (unit) => {
      for (const invitation of valid) {
        const profileId = byEmail.get(invitation.email.toLowerCase());
        if (!profileId) continue;
        await addToCohort(unit.tx, member.organization.id, profileId, cohort.id, invitation);
        joined.push(invitation.email);
      }
      if (joined.length)
        await unit.record({
          name: 'cohorts.members.add',
          organizationId: member.organization.id,
          actorId: member.profileId,
          subjectType: 'cohort',
          subjectId: cohort.id,
          changes: { count: joined.length },
        });
    },
    { context },
  );
  const outside = valid.filter((i) => !byEmail.has(i.email.toLowerCase()));
  const invited = await insertInvites(
    services,
    member,
    outside.map((i) => ({
      email: i.email,
      role: 'collaborator',
      projects: i.team
        ? [{ id: i.team.id, role: i.team.role === 'guest' ? 'commenter' : i.team.role }]
        : [],
      cohorts: i.cohortRole ? [{ id: cohort.id, role: i.cohortRole }] : [],
    })),
    context,
  );
  return {
    joined,
    invited: invited.invites.map((i) => i.email),
    errors: [...errors, ...invited.errors],
  };
}

/** Adds a profile to the cohort (a cohort role) or to one of its teams (a team role). */
export async function addToCohort(
  executor: Executor,
  organizationId: string,
  profileId: string,
  cohortId: string,
  invitation: Pick<CohortInvitation, 'cohortRole' | 'team'>,
) {
  if (invitation.cohortRole) {
    await executor
      .insert(cohortMembers)
      .values({ organizationId, cohortId, profileId, role: invitation.cohortRole })
      .onConflictDoUpdate({
        target: [cohortMembers.cohortId, cohortMembers.profileId],
        set: { role: invitation.cohortRole },
      });
  }
  if (invitation.team) {
    // Coaches are commenters flagged as guests.
    const isGuest = invitation.team.role === 'guest';
    const role = isGuest ? 'commenter' : invitation.team.role;
    await executor
      .insert(projectMembers)
      .values({ organizationId, projectId: invitation.team.id, profileId, role, isGuest })
      .onConflictDoUpdate({
        target: [projectMembers.projectId, projectMembers.profileId],
        set: { role, isGuest },
      });
  }
}

/** Joins the cohorts an accepted invitation names. */
async function joinCohortsFromInvite(
  executor: Executor,
  organizationId: string,
  profileId: string,
  entries: { id: string; role: string }[],
) {
  for (const entry of entries) {
    const [cohort] = await executor
      .select({ id: cohorts.id })
      .from(cohorts)
      .where(and(eq(cohorts.id, entry.id), eq(cohorts.organizationId, organizationId)));
    if (!cohort) continue;
    await addToCohort(executor, organizationId, profileId, cohort.id, {
      cohortRole: entry.role as CohortRole,
      team: null,
    });
  }
}

/** An accepted invitation that names cohorts joins them in its transaction (decision 009). */
export function registerCohortInvitationJoins(): void {
  onInvitationAccepted('cohorts', (tx, accepted) =>
    joinCohortsFromInvite(tx, accepted.organizationId, accepted.profileId, accepted.cohorts),
  );
}

/**
 * importCohortCsv: a CSV of invitations (email, role, team, first and last name). Only CSV files
 * are accepted; when any row is wrong nothing is sent and every row's message is returned.
 */
export async function importCohortCsv(
  services: AppServices,
  member: MemberContext,
  cohortId: string,
  file: { filename: string; text: string },
  context: RequestContext,
) {
  const { cohort } = await managedCohort(services, member, cohortId);
  if (!isCsvFile({ name: file.filename }))
    throw new AppError('validation', { message: CSV_MESSAGES.onlyCsv });
  const parsed = Papa.parse<string[]>(file.text.replace(/^\uFEFF/, ''), {
    skipEmptyLines: 'greedy',
  });
  const teams = (await teamsOf(services.database.db, cohort.id)).map(({ team }) => ({
    id: team.id,
    name: team.name,
    isSample: team.isSample,
  }));
  const { invitations, errors } = checkInvitationRows(parsed.data, teams);
  if (errors.length > 0) return { joined: [], invited: [], rowErrors: errors, errors: [] };
  const result = await inviteToCohort(
    services,
    member,
    cohort.id,
    invitations.map((i: CsvInvitation) => ({
      email: i.email,
      firstName: i.firstName,
      lastName: i.lastName,
      cohortRole: i.cohortRole,
      team: i.team,
    })),
    context,
  );
  return { ...result, rowErrors: [] as string[] };
}
