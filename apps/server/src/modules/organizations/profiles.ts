/** Profile editing (own, or anyone's for owners and admins) and the portfolio-access flag. */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  AppError,
  canEditProfile,
  canManageMembers,
  INITIAL_ONBOARDING,
  onboardingInScope,
  onboardingPatchSchema,
  profileUpdateSchema,
  type OnboardingState,
} from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { users } from '../auth/schema.ts';
import { presentMember } from './members.ts';
import { presentOnboarding } from './profile-details.ts';
import { profiles, type ProfileRow } from './schema.ts';

export async function findProfile(services: AppServices, member: MemberContext, profileId: string) {
  const [row] = await services.database.db
    .select({ profile: profiles, mfaEnabled: sql<boolean>`${users.mfaSecret} is not null` })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(eq(profiles.id, profileId), eq(profiles.organizationId, member.organization.id)));
  if (!row) throw new AppError('notFound');
  return row;
}

/** Writes a profile change and its event in one transaction. */
export async function saveProfile(
  services: AppServices,
  member: MemberContext,
  profileId: string,
  set: {
    [
      K in
        'firstName' | 'lastName' | 'bgColor' | 'info' | 'portfolioAccess' | 'onboarding' | 'jobRole'
    ]?: ProfileRow[K] | SQL;
  },
  event: { action: string; changes: Record<string, unknown> },
  context: RequestContext,
): Promise<ProfileRow> {
  return services.transaction(
    async (unit) => {
      const [row] = await unit.tx
        .update(profiles)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(profiles.id, profileId))
        .returning();
      if (!row) throw new AppError('notFound');
      await unit.record({
        name: `profiles.${event.action}`,
        organizationId: member.organization.id,
        actorId: member.profileId,
        subjectType: 'profile',
        subjectId: profileId,
        changes: event.changes,
      });
      return row;
    },
    { context },
  );
}

/** The full profile, as the member page shows it. */
export function presentProfile(row: ProfileRow & { mfaEnabled?: boolean }) {
  return {
    ...presentMember(row),
    userId: row.userId,
    // The account signs in with its email address: that is its username (part 1 §3).
    username: row.email,
    jobRole: row.jobRole,
    onboarding: presentOnboarding(row.onboarding),
    bgColor: row.bgColor,
    image: row.image,
    portfolioAccess: row.portfolioAccess,
    info: {
      title: row.info.title ?? '',
      department: row.info.department ?? '',
      aboutMe: row.info.aboutMe ?? '',
      phone: row.info.phone ?? '',
      nickname: row.info.nickname ?? '',
      linkedin: row.info.linkedin ?? '',
    },
  };
}

export async function getProfile(
  services: AppServices,
  member: MemberContext,
  profileId?: string | null,
) {
  const row = await findProfile(services, member, profileId ?? member.profileId);
  return presentProfile({ ...row.profile, mfaEnabled: row.mfaEnabled });
}

export async function updateProfile(
  services: AppServices,
  member: MemberContext,
  profileId: string | null | undefined,
  input: unknown,
  context: RequestContext,
) {
  const targetId = profileId ?? member.profileId;
  const current = await findProfile(services, member, targetId);
  if (!canEditProfile({ role: member.role, profileId: member.profileId }, targetId))
    throw new AppError('forbidden');
  const parsed = profileUpdateSchema.safeParse(input);
  if (!parsed.success) {
    throw new AppError('validation', {
      message: parsed.error.issues[0]?.message ?? 'Please check the form.',
    });
  }
  const patch = parsed.data;
  const updated = await saveProfile(
    services,
    member,
    targetId,
    {
      ...(patch.firstName !== undefined ? { firstName: patch.firstName } : {}),
      ...(patch.lastName !== undefined ? { lastName: patch.lastName } : {}),
      ...(patch.bgColor !== undefined ? { bgColor: patch.bgColor } : {}),
      ...(patch.jobRole !== undefined ? { jobRole: patch.jobRole } : {}),
      ...(patch.info ? { info: { ...current.profile.info, ...patch.info } } : {}),
    },
    { action: 'update', changes: { fields: Object.keys(patch) } },
    context,
  );
  return presentProfile({ ...updated, mfaEnabled: current.mfaEnabled });
}

/**
 * A member's own project onboarding (part 1 §4.2; the gateway's "update profile onboarding"):
 * the step reached, the answers, and the status, turned off when the last step is done.
 */
export async function updateProfileOnboarding(
  services: AppServices,
  member: MemberContext,
  profileId: string,
  patch: unknown,
  context: RequestContext,
) {
  if (profileId !== member.profileId) throw new AppError('forbidden');
  const parsed = onboardingPatchSchema.safeParse(patch);
  if (!parsed.success) throw new AppError('validation');
  // The organisation's scope gates the set-up questions (§6): without it, the introduction only.
  const step = parsed.data.currentOnboardingStep;
  if (step && step !== 'introduction' && !onboardingInScope(member.organization.scope))
    throw new AppError('onboardingOutOfScope');
  // Answers are saved as they are given, several at once: each patch reads and writes the
  // profile's onboarding under the row's lock, so none undoes another (nothing answered is lost).
  const projectOnboarding = await services.transaction(
    async (unit) => {
      const [row] = await unit.tx
        .select({ onboarding: profiles.onboarding })
        .from(profiles)
        .where(and(eq(profiles.id, profileId), eq(profiles.organizationId, member.organization.id)))
        .for('update');
      if (!row) throw new AppError('notFound');
      const before = row.onboarding.projectOnboarding ?? INITIAL_ONBOARDING;
      const next: OnboardingState = {
        ...before,
        ...parsed.data,
        selectedOptions: parsed.data.selectedOptions
          ? (parsed.data.selectedOptions as OnboardingState['selectedOptions'])
          : before.selectedOptions,
      };
      await unit.tx
        .update(profiles)
        .set({ onboarding: { ...row.onboarding, projectOnboarding: next }, updatedAt: new Date() })
        .where(eq(profiles.id, profileId));
      await unit.record({
        name: 'profiles.onboarding',
        organizationId: member.organization.id,
        actorId: member.profileId,
        subjectType: 'profile',
        subjectId: profileId,
        changes: { step: next.currentOnboardingStep, status: next.status },
      });
      return next;
    },
    { context },
  );
  return projectOnboarding;
}

/** Portfolio access is granted by owners and admins. */
export async function setPortfolioAccess(
  services: AppServices,
  member: MemberContext,
  profileId: string,
  portfolioAccess: boolean,
  context: RequestContext,
) {
  if (!canManageMembers(member.role)) throw new AppError('forbidden');
  const current = await findProfile(services, member, profileId);
  const updated = await saveProfile(
    services,
    member,
    profileId,
    { portfolioAccess },
    { action: 'portfolioAccess', changes: { portfolioAccess } },
    context,
  );
  return presentProfile({ ...updated, mfaEnabled: current.mfaEnabled });
}
