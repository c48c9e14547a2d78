/**
 * Personal access tokens (issue #52): a person's token for their own AI assistant. Each is a
 * session of its person opened for one organisation (so every call passes the same checks as the
 * app, and the person's role and membership are read afresh on every use) plus a row here with its
 * name, reach (read or write) and expiry. Only the token's hash is kept: it is shown once.
 */
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  ACCESS_TOKENS,
  AppError,
  personalAccessTokenBody,
  type AccessLevel,
  type AccessToken,
} from '@assay/domain';
import type { AuthContext } from '../auth/ports.ts';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import { hashToken, randomToken } from '../../platform/crypto.ts';
import type { AppServices } from '../../services.ts';
import { sessions } from '../auth/schema.ts';
import { findMembership } from '../organizations/ports.ts';
import { organizations, profiles } from '../organizations/schema.ts';
import { parse } from '../../http/parse.ts';
import { apiTokens } from './schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const MANAGERS = new Set(['owner', 'admin']);

const tokenColumns = {
  token: apiTokens,
  organizationName: organizations.name,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
};

function present(row: {
  token: typeof apiTokens.$inferSelect;
  organizationName: string;
  firstName: string;
  lastName: string;
}): AccessToken {
  const t = row.token;
  return {
    id: t.id,
    name: t.name ?? '',
    access: t.access === 'write' ? 'write' : 'read',
    organization: { id: t.organizationId, name: row.organizationName },
    person: { profileId: t.profileId ?? '', firstName: row.firstName, lastName: row.lastName },
    createdAt: t.createdAt.toISOString(),
    expiresAt: (t.expiresAt ?? t.createdAt).toISOString(),
    lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
  };
}

/** Live access tokens: not revoked, not expired. */
const live = () =>
  and(
    eq(apiTokens.kind, 'access'),
    isNull(apiTokens.revokedAt),
    gt(apiTokens.expiresAt, sql`now()`),
  );

function listed(services: AppServices) {
  return services.database.db
    .select(tokenColumns)
    .from(apiTokens)
    .innerJoin(organizations, eq(organizations.id, apiTokens.organizationId))
    .innerJoin(profiles, eq(profiles.id, apiTokens.profileId));
}

/** POST /api/auth/tokens: a new token for one of the person's organisations, shown this once. */
export async function createAccessToken(
  services: AppServices,
  auth: AuthContext,
  body: unknown,
  context: RequestContext,
) {
  const input = parse(personalAccessTokenBody.safeParse(body));
  // A session single sign-on opened speaks for its own organisation only.
  const scope = auth.session.scopedOrganizationId;
  if (scope && scope !== input.organizationId) throw new AppError('notFound');
  const membership = await findMembership(services.database.db, auth.user.id, input.organizationId);
  if (!membership) throw new AppError('notFound');
  const token = `${ACCESS_TOKENS.prefix}${randomToken()}`;
  const expiresAt = new Date(
    Date.now() + (input.expiresInDays ?? ACCESS_TOKENS.defaultDays) * DAY_MS,
  );
  const created = await services.transaction(
    async ({ tx, record }) => {
      // One person's creations wait for each other here, so the limit holds under a burst.
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`access-tokens:${auth.user.id}`}))`,
      );
      const [count] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(apiTokens)
        .innerJoin(profiles, eq(profiles.id, apiTokens.profileId))
        .where(and(eq(profiles.userId, auth.user.id), live()));
      if ((count?.n ?? 0) >= ACCESS_TOKENS.perPerson) throw new AppError('accessTokenLimit');
      await tx.insert(sessions).values({
        userId: auth.user.id,
        tokenHash: hashToken(token),
        userAgent: `Access token: ${input.name}`,
        expiresAt,
        scopedOrganizationId: input.organizationId,
      });
      const [row] = await tx
        .insert(apiTokens)
        .values({
          organizationId: input.organizationId,
          kind: 'access',
          profileId: membership.profileId,
          tokenHash: hashToken(token),
          name: input.name,
          access: input.access,
          expiresAt,
        })
        .returning();
      await record({
        name: 'sessions.accessTokenCreate',
        organizationId: input.organizationId,
        actorId: membership.profileId,
        subjectType: 'profile',
        subjectId: membership.profileId,
        changes: { token: input.name, access: input.access },
      });
      return row!;
    },
    { context },
  );
  return {
    token,
    accessToken: present({
      token: created,
      organizationName: membership.organization.name,
      firstName: membership.firstName,
      lastName: membership.lastName,
    }),
  };
}

/** GET /api/auth/tokens: the person's live tokens, in every organisation. */
export async function myAccessTokens(services: AppServices, auth: AuthContext) {
  const rows = await listed(services)
    .where(and(eq(profiles.userId, auth.user.id), live()))
    .orderBy(desc(apiTokens.createdAt));
  const scope = auth.session.scopedOrganizationId;
  return {
    tokens: rows.filter((r) => !scope || r.token.organizationId === scope).map(present),
  };
}

/** GET /api/organizations/access-tokens: every live token of the organisation (owners, admins). */
export async function organizationAccessTokens(services: AppServices, member: MemberContext) {
  if (!MANAGERS.has(member.role)) throw new AppError('forbidden');
  const rows = await listed(services)
    .where(and(eq(apiTokens.organizationId, member.organization.id), live()))
    .orderBy(desc(apiTokens.createdAt));
  return { tokens: rows.map(present) };
}

async function revoke(
  services: AppServices,
  where: ReturnType<typeof and>,
  actor: { organizationId?: string; profileId?: string },
  context: RequestContext,
) {
  return services.transaction(
    async ({ tx, record }) => {
      const [row] = await tx
        .update(apiTokens)
        .set({ revokedAt: new Date() })
        .where(and(where, live()))
        .returning();
      if (!row) throw new AppError('notFound');
      // Its session ends with it: the next call with the token is refused.
      await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(eq(sessions.tokenHash, row.tokenHash));
      await record({
        name: 'sessions.accessTokenRevoke',
        organizationId: row.organizationId,
        actorId: actor.profileId ?? row.profileId,
        subjectType: 'profile',
        subjectId: row.profileId,
        changes: { token: row.name },
      });
      return { ok: true };
    },
    { context },
  );
}

/** DELETE /api/auth/tokens/{id}: the person revokes one of their tokens. */
export async function revokeMyAccessToken(
  services: AppServices,
  auth: AuthContext,
  id: string,
  context: RequestContext,
) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError('notFound');
  const mine = services.database.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.userId, auth.user.id));
  return revoke(
    services,
    and(eq(apiTokens.id, id), sql`${apiTokens.profileId} in (${mine})`),
    {},
    context,
  );
}

/** DELETE /api/organizations/access-tokens/{id}: an owner or admin revokes a member's token. */
export async function revokeOrganizationAccessToken(
  services: AppServices,
  member: MemberContext,
  id: string,
  context: RequestContext,
) {
  if (!MANAGERS.has(member.role)) throw new AppError('forbidden');
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError('notFound');
  return revoke(
    services,
    and(eq(apiTokens.id, id), eq(apiTokens.organizationId, member.organization.id)),
    { profileId: member.profileId },
    context,
  );
}

export interface AccessTokenUse {
  id: string;
  name: string;
  access: AccessLevel;
  organizationId: string;
  profileId: string;
}

/**
 * The live access token an Authorization header carries, or null. Its last use is noted (at most
 * once a minute); the session it opens is resolved by the caller like any other.
 */
export async function findAccessToken(
  services: AppServices,
  raw: string | undefined,
): Promise<AccessTokenUse | null> {
  if (!raw?.startsWith(ACCESS_TOKENS.prefix) || raw.length > 200) return null;
  const db = services.database.db;
  const [row] = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.tokenHash, hashToken(raw)), live()));
  if (!row?.profileId) return null;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 60_000) {
    await db.update(apiTokens).set({ lastUsedAt: new Date() }).where(eq(apiTokens.id, row.id));
  }
  return {
    id: row.id,
    name: row.name ?? '',
    access: row.access === 'write' ? 'write' : 'read',
    organizationId: row.organizationId,
    profileId: row.profileId,
  };
}

/** A use of a token (a tool called, a resource read) goes into the organisation's access log. */
export async function recordAccessTokenUse(
  services: AppServices,
  use: AccessTokenUse,
  what: string,
  context: RequestContext,
) {
  await services.transaction(
    ({ record }) =>
      record({
        name: 'sessions.accessTokenUse',
        organizationId: use.organizationId,
        actorId: use.profileId,
        subjectType: 'profile',
        subjectId: use.profileId,
        changes: { token: use.name, access: use.access, call: what },
      }),
    { context },
  );
}
