/** The full organisation (every field of part 1 §3) and its updates by owners and admins. */
import { eq } from 'drizzle-orm';
import {
  AppError,
  canChangePlan,
  canEditOrganization,
  canManageMembers,
  ALL_FEATURES,
  canViewAccessLogs,
  organizationHasFeature,
  effectiveLimits,
  isLimitReached,
  learningSettingsOf,
  organizationBillingStatus,
  organizationUpdateSchema,
  PROFILE_DISPLAY_NAMES,
  PROJECT_DEFAULTS,
  type License,
} from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import type { Executor } from '../../platform/db/index.ts';
import type { AppServices } from '../../services.ts';
import { countMembers } from './members.ts';
import { organizations, type OrganizationRow } from './schema.ts';
import { findMembership } from './service.ts';
import { signedImageUrl } from '../media/ports.ts';

const DEFAULT_PROMPT_SCOPE = { enabled: false, groups: [] };

/** The organisation as the client sees it, with its derived flags and what this member may do. */
export function presentOrganization(
  org: OrganizationRow,
  member: { role: string; profileId: string },
  usage: { profiles: number },
  featureSlugs: Record<string, string[]> = {},
) {
  const license = org.license as License;
  return {
    id: org.id,
    slug: org.slug,
    sso: org.sso,
    name: org.name,
    image: org.image,
    location: org.location,
    license,
    generation: org.generation,
    allowSupport: org.allowSupport,
    fromProjectId: org.fromProjectId,
    limits: effectiveLimits(license, org.limits),
    profileLimitReached: isLimitReached(
      usage.profiles,
      effectiveLimits(license, org.limits).profile,
    ),
    billing: canChangePlan(member.role) ? org.billing : null,
    tags: org.tags,
    resources: org.resources,
    profileDisplayNames: { ...PROFILE_DISPLAY_NAMES, ...org.profileDisplayNames },
    projectDefaults: { ...PROJECT_DEFAULTS, ...org.projectDefaults },
    canvasTemplates: org.canvasTemplates,
    globalFields: org.globalFields,
    promptSettings: {
      project: org.promptSettings.project ?? DEFAULT_PROMPT_SCOPE,
      portfolio: org.promptSettings.portfolio ?? DEFAULT_PROMPT_SCOPE,
    },
    globalContext: org.globalContext,
    assistant: { active: false, vectorized: false, processing: false, ...org.assistant },
    learning: learningSettingsOf(org.learning),
    scope: org.scope,
    ...organizationBillingStatus(org.billing),
    features: organizationFeatures(org, featureSlugs),
    membership: { profileId: member.profileId, role: member.role },
    abilities: {
      edit: canEditOrganization(member.role),
      manageMembers: canManageMembers(member.role),
      changePlan: canChangePlan(member.role),
      viewAccessLogs: canViewAccessLogs(member.role, license),
    },
  };
}

/** The organisation's global fields, for any member (cards show them; number bounds hold). */
export function globalFieldsOf(member: MemberContext) {
  return member.organization.globalFields.map((field) => ({
    ...field,
    global: true,
    metrics: { min: field.metrics?.min ?? null, max: field.metrics?.max ?? null },
  }));
}

/** The organisation as presented, with its usage counted. */
export async function describeOrganization(
  services: AppServices,
  org: OrganizationRow,
  member: { role: string; profileId: string },
) {
  const counts = await countMembers(services.database.db, org.id);
  return {
    ...presentOrganization(org, member, { profiles: counts.total }, services.config.featureSlugs),
    signedURL: signedImageUrl(services, org.image),
  };
}

async function findOrganization(db: Executor, by: { slug?: string | null; id?: string | null }) {
  if (by.id) {
    if (!/^[0-9a-f-]{36}$/i.test(by.id)) return undefined;
    return (await db.select().from(organizations).where(eq(organizations.id, by.id)))[0];
  }
  if (by.slug)
    return (
      await db.select().from(organizations).where(eq(organizations.slug, by.slug.toLowerCase()))
    )[0];
  return undefined;
}

/** The full organisation load by slug or id, for its members only. */
export async function loadFullOrganization(
  services: AppServices,
  auth: { user: { id: string }; session: { scopedOrganizationId: string | null } },
  by: { slug?: string | null; id?: string | null },
) {
  const org = await findOrganization(services.database.db, by);
  // A session single sign-on opened reads its own organisation only (#47 item 4).
  const scope = auth.session.scopedOrganizationId;
  const membership =
    org && (!scope || scope === org.id)
      ? await findMembership(services.database.db, auth.user.id, org.id)
      : undefined;
  if (!org || !membership) throw new AppError('notFound');
  return describeOrganization(services, org, membership);
}

/** Applies a validated patch; owners and admins only. */
export async function updateOrganization(
  services: AppServices,
  member: MemberContext,
  organizationId: string,
  input: unknown,
  context: RequestContext,
) {
  if (organizationId !== member.organization.id) throw new AppError('notFound');
  if (!canEditOrganization(member.role)) throw new AppError('forbidden');
  const parsed = organizationUpdateSchema.safeParse(input);
  if (!parsed.success) {
    throw new AppError('validation', {
      message: parsed.error.issues[0]?.message ?? 'Please check the form.',
    });
  }
  const patch = parsed.data;
  if (Object.keys(patch).length === 0)
    return describeOrganization(services, member.organization, member);
  const updated = await services.transaction(
    async (unit) => {
      const [row] = await unit.tx
        .update(organizations)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(organizations.id, organizationId))
        .returning();
      if (!row) throw new AppError('notFound');
      await unit.record({
        name: 'organizations.update',
        organizationId,
        actorId: member.profileId,
        subjectType: 'organization',
        subjectId: organizationId,
        changes: { fields: Object.keys(patch) },
      });
      return row;
    },
    { context },
  );
  return describeOrganization(services, updated, member);
}

/** Updates one item of the resources menu (PUT …/resources/{resourceId}). */
export async function updateResource(
  services: AppServices,
  member: MemberContext,
  organizationId: string,
  resourceId: string,
  input: { title?: unknown; link?: unknown },
  context: RequestContext,
) {
  const items = member.organization.resources.items;
  const index = items.findIndex((i) => i.id === resourceId);
  const current = items[index];
  if (!current) throw new AppError('notFound');
  const next = items.map((item, i) =>
    i === index
      ? {
          id: item.id,
          title: typeof input.title === 'string' ? input.title : item.title,
          link: typeof input.link === 'string' ? input.link : item.link,
        }
      : item,
  );
  return updateOrganization(
    services,
    member,
    organizationId,
    { resources: { disabled: member.organization.resources.disabled, items: next } },
    context,
  );
}

/** The features an organisation's plan and settings turn on. */
export function organizationFeatures(
  org: Pick<OrganizationRow, 'license' | 'slug' | 'generation'>,
  featureSlugs: Record<string, string[]> = {},
) {
  return ALL_FEATURES.filter((feature) =>
    organizationHasFeature(
      { license: org.license as License, slug: org.slug, generation: org.generation },
      feature,
      featureSlugs,
    ),
  );
}
