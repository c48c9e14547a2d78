/**
 * A profile's own details (part 1 §3 Profile): its onboarding, how many organisations the person
 * is in, and the job role they last gave. They are the person's own business: the person and the
 * organisation's owners and admins read them; anyone else reads null.
 */
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { canManageMembers, guidanceOf, INITIAL_ONBOARDING } from '@assay/domain';
import type { GatewayContext } from '../../gateway/context.ts';
import { requireMember, type MemberContext } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { profiles, type ProfileRow } from './schema.ts';

/** What a presented profile carries for the details below (its id and account). */
export interface ProfileRef {
  id: string;
  userId: string;
}

/** The person themselves, or an owner or admin of the organisation. */
export function mayReadDetails(member: MemberContext, profile: ProfileRef) {
  return member.profileId === profile.id || canManageMembers(member.role);
}

/** The onboarding object of §3: the project onboarding's status, the checklist, tips seen. */
export function presentOnboarding(stored: ProfileRow['onboarding']) {
  const guidance = guidanceOf(stored);
  return {
    projectOnboarding: {
      status: (stored.projectOnboarding ?? INITIAL_ONBOARDING).status,
      currentOnboardingStep: (stored.projectOnboarding ?? INITIAL_ONBOARDING).currentOnboardingStep,
    },
    showChecklist: guidance.showChecklist,
    seen: guidance.seen,
  };
}

/** The organisations the person is an active member of (disabled memberships do not count). */
export async function totalOrgCount(services: AppServices, userId: string) {
  const [row] = await services.database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(profiles)
    .where(and(eq(profiles.userId, userId), ne(profiles.role, 'disabled')));
  return row?.count ?? 0;
}

/** The job role the person gave most recently, in any of their organisations ('' when none). */
export async function latestJobRole(services: AppServices, userId: string) {
  const [row] = await services.database.db
    .select({ jobRole: profiles.jobRole })
    .from(profiles)
    .where(and(eq(profiles.userId, userId), ne(profiles.jobRole, '')))
    .orderBy(desc(profiles.updatedAt))
    .limit(1);
  return row?.jobRole ?? '';
}

/**
 * A gateway field of a profile that only the person and owners and admins read: the resolver
 * answers `read`'s value for them and null for anyone else. Other modules add their fields of the
 * profile with it (projects, cohorts, transcription use).
 */
export function profileDetail<T, P extends ProfileRef = ProfileRef>(
  read: (services: AppServices, member: MemberContext, profile: P) => T | Promise<T>,
) {
  return async (profile: P, _: unknown, context: GatewayContext) => {
    const member = await requireMember(context.services, context.request);
    return mayReadDetails(member, profile) ? read(context.services, member, profile) : null;
  };
}
