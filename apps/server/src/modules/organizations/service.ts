/** Organisations as accounts need them: slug checks, creation with an owner, membership. */
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { prepared } from '../../platform/db/prepared.ts';
import {
  AppError,
  effectiveLimits,
  INITIAL_ONBOARDING,
  licenseAllows,
  slugify,
  sanitizeName,
  type License,
} from '@assay/domain';
import type { Executor } from '../../platform/db/index.ts';
import type { UnitOfWork } from '../../platform/events/unit-of-work.ts';
import type { SessionUser } from '../auth/schema.ts';
import { invitationAccepted } from './invitations-port.ts';
import { invites, organizations, profiles, type OrganizationRow } from './schema.ts';

/** Slugs that name the app's own hosts and can never be an organisation. */
export const RESERVED_SLUGS = new Set([
  'app',
  'www',
  'api',
  'admin',
  'mail',
  'static',
  'assets',
  'portal',
  'sub',
]);

export async function findOrganizationBySlug(
  db: Executor,
  slug: string,
): Promise<OrganizationRow | undefined> {
  const [row] = await db
    .select()
    .from(organizations)
    .where(eq(organizations.slug, slug.toLowerCase()));
  return row;
}

/** Single sign-on is on, and the plan still has it (a downgrade turns it off). */
export function ssoOn(org: OrganizationRow): boolean {
  return org.sso && licenseAllows(org.license as License, 'singleSignOn');
}

export async function slugStatus(
  db: Executor,
  slug: string,
): Promise<{ exists: boolean; sso: boolean }> {
  const clean = slugify(slug);
  if (!clean || RESERVED_SLUGS.has(clean)) return { exists: true, sso: false };
  const org = await findOrganizationBySlug(db, clean);
  return { exists: Boolean(org), sso: org ? ssoOn(org) : false };
}

/**
 * The organisations the person belongs to, with their role and profile in each (REST and the
 * gateway's organisation list). A session single sign-on opened sees its own organisation only.
 */
export async function organizationList(
  db: Executor,
  auth: { user: { id: string }; session: { scopedOrganizationId: string | null } },
) {
  const scope = auth.session.scopedOrganizationId;
  return (await listMemberships(db, auth.user.id))
    .filter((m) => !scope || m.organization.id === scope)
    .map((m) => ({
      id: m.organization.id,
      name: m.organization.name,
      slug: m.organization.slug,
      license: m.organization.license,
      role: m.role,
      profileId: m.profileId,
    }));
}

/** Creates an organisation with the user as its owner. */
export async function createOrganization(
  unit: UnitOfWork,
  user: SessionUser,
  input: { name: string; slug: string; license: string },
): Promise<OrganizationRow> {
  const name = sanitizeName(input.name);
  const slug = slugify(input.slug || name);
  if (!name || !slug)
    throw new AppError('validation', { message: 'Your organization needs a name and an address.' });
  if (RESERVED_SLUGS.has(slug) || (await findOrganizationBySlug(unit.tx, slug))) {
    throw new AppError('organizationSlugTaken');
  }
  const [org] = await unit.tx
    .insert(organizations)
    .values({ name, slug, license: input.license })
    .returning();
  if (!org) throw new Error('organization insert returned no row');
  const [profile] = await unit.tx
    .insert(profiles)
    .values({
      organizationId: org.id,
      userId: user.id,
      role: 'owner',
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      // The creator sets the organisation up: the project onboarding starts (part 1 §4.2).
      onboarding: { projectOnboarding: INITIAL_ONBOARDING },
    })
    .returning();
  await unit.record({
    name: 'organizations.create',
    organizationId: org.id,
    actorId: profile?.id,
    subjectType: 'organization',
    subjectId: org.id,
    changes: { name, slug },
  });
  return org;
}

export interface Membership {
  organization: OrganizationRow;
  profileId: string;
  role: string;
}

export async function listMemberships(db: Executor, userId: string): Promise<Membership[]> {
  const rows = await db
    .select({
      organization: organizations,
      profileId: profiles.id,
      role: profiles.role,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      image: profiles.image,
      bgColor: profiles.bgColor,
    })
    .from(profiles)
    .innerJoin(organizations, eq(organizations.id, profiles.organizationId))
    .where(eq(profiles.userId, userId))
    .orderBy(organizations.name);
  return rows.filter((r) => r.role !== 'disabled');
}

export async function findMembership(db: Executor, userId: string, organizationId: string) {
  const query = prepared(db, 'membership', (d) =>
    d
      .select({
        organization: organizations,
        profileId: profiles.id,
        role: profiles.role,
        firstName: profiles.firstName,
        lastName: profiles.lastName,
        image: profiles.image,
        bgColor: profiles.bgColor,
      })
      .from(profiles)
      .innerJoin(organizations, eq(organizations.id, profiles.organizationId))
      .where(
        and(
          eq(profiles.userId, sql.placeholder('userId')),
          eq(profiles.organizationId, sql.placeholder('organizationId')),
        ),
      )
      .prepare('membership'),
  );
  const [row] = await query.execute({ userId, organizationId });
  return row && row.role !== 'disabled' ? row : undefined;
}

/** Pending, unexpired invitations for an email. */
export async function pendingInvites(db: Executor, email: string) {
  return db
    .select({ invite: invites, organization: organizations })
    .from(invites)
    .innerJoin(organizations, eq(organizations.id, invites.organizationId))
    .where(
      and(
        eq(invites.email, email.toLowerCase()),
        eq(invites.status, 'pending'),
        gt(invites.expiresAt, new Date()),
      ),
    );
}

/**
 * Joins the organisation through the user's pending invitation; ref 7 when the invitation has
 * expired or been rescinded (or never existed). Idempotent for an existing member.
 */
export async function joinOrganization(
  unit: UnitOfWork,
  user: SessionUser,
  organizationId: string,
) {
  const existing = await findMembership(unit.tx, user.id, organizationId);
  if (existing) return existing;
  const [pending] = (await pendingInvites(unit.tx, user.email)).filter(
    (p) => p.invite.organizationId === organizationId,
  );
  if (!pending) throw new AppError('joinFailed');
  await unit.tx
    .update(invites)
    .set({ status: 'accepted' })
    .where(eq(invites.id, pending.invite.id));
  const [profile] = await unit.tx
    .insert(profiles)
    .values({
      organizationId,
      userId: user.id,
      role: pending.invite.role,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
    })
    .returning();
  if (!profile) throw new Error('profile insert returned no row');
  await invitationAccepted(unit.tx, {
    organizationId,
    profileId: profile.id,
    projects: pending.invite.projects,
    cohorts: pending.invite.cohorts,
  });
  await unit.record({
    name: 'profiles.create',
    organizationId,
    actorId: profile.id,
    subjectType: 'profile',
    subjectId: profile.id,
    changes: { role: profile.role, via: 'invite' },
  });
  return { organization: pending.organization, profileId: profile.id, role: profile.role };
}

/**
 * Just-in-time membership through single sign-on (issue #25): a person the organisation's
 * identity provider vouched for joins with the role its settings name — accepting their pending
 * invitation instead when they have one — within the plan's member limit.
 */
export async function joinBySso(
  unit: UnitOfWork,
  user: SessionUser,
  organization: OrganizationRow,
  role: string,
) {
  const invited = (await pendingInvites(unit.tx, user.email)).some(
    (p) => p.invite.organizationId === organization.id,
  );
  if (invited) return joinOrganization(unit, user, organization.id);
  const limit = effectiveLimits(organization.license as License, organization.limits).profile;
  if (limit !== null) {
    const [active] = await unit.tx
      .select({ n: sql<number>`count(*)::int` })
      .from(profiles)
      .where(and(eq(profiles.organizationId, organization.id), ne(profiles.role, 'disabled')));
    if ((active?.n ?? 0) >= limit) throw new AppError('profileLimitReached');
  }
  const [profile] = await unit.tx
    .insert(profiles)
    .values({
      organizationId: organization.id,
      userId: user.id,
      role,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
    })
    .onConflictDoNothing()
    .returning();
  // Two sign-ins of one new person at once: the other made the profile.
  if (!profile) {
    const existing = await findMembership(unit.tx, user.id, organization.id);
    // A disabled member stays out.
    if (!existing) throw new AppError('ssoNotAMember');
    return existing;
  }
  await unit.record({
    name: 'profiles.create',
    organizationId: organization.id,
    actorId: profile.id,
    subjectType: 'profile',
    subjectId: profile.id,
    changes: { role, via: 'sso' },
  });
  return { organization, profileId: profile.id, role };
}

/** A profile's project onboarding, if it has one. */
export async function findProfileOnboarding(db: Executor, profileId: string) {
  const [row] = await db
    .select({ onboarding: profiles.onboarding })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  return row?.onboarding.projectOnboarding;
}
