/**
 * API tokens (part 2 §7 GET /api/users/tokens, GET /api/proj/projects/{id}/token): a member's
 * personal token lets the browser extension (a clipper) post evidence into their projects; a
 * project's token lets Zapier subscribe to it. Tokens are shown to their owner again (sealed at
 * rest), found by hash, and a personal token is a long-lived session of its own.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { AppError, clipSchema } from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import { decryptSecret, encryptSecret, hashToken, randomToken } from '../../platform/crypto.ts';
import type { AppServices } from '../../services.ts';
import { sessions } from '../auth/schema.ts';
import { createCard } from '../cards/ports.ts';
import { publishCard } from '../cards/ports.ts';
import { updatePost } from '../cards/ports.ts';
import { findManagedProject } from '../projects/ports.ts';
import { parse } from '../../http/parse.ts';
import { apiTokens } from './schema.ts';

const PURPOSE = 'api-tokens';
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
/** Personal tokens start with this, so the auth hook knows them in an Authorization header. */
export const USER_TOKEN_PREFIX = 'asy_';

function presentToken(services: AppServices, row: typeof apiTokens.$inferSelect) {
  return {
    id: row.id,
    token: row.sealed ? decryptSecret(row.sealed, services.config.appSecret, PURPOSE) : '',
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** GET /api/users/tokens: the member's personal token for the browser extension (made once). */
export async function userTokens(services: AppServices, member: MemberContext) {
  const db = services.database.db;
  const mine = await db
    .select()
    .from(apiTokens)
    .where(
      and(
        eq(apiTokens.profileId, member.profileId),
        eq(apiTokens.kind, 'user'),
        isNull(apiTokens.revokedAt),
      ),
    );
  if (mine.length > 0) return { tokens: mine.map((row) => presentToken(services, row)) };
  const token = `${USER_TOKEN_PREFIX}${randomToken()}`;
  const row = await db.transaction(async (tx) => {
    await tx.insert(sessions).values({
      userId: member.auth.user.id,
      tokenHash: hashToken(token),
      userAgent: 'Assay browser extension',
      expiresAt: new Date(Date.now() + YEAR_MS),
      // Made from a session single sign-on opened: the token opens that organisation only.
      scopedOrganizationId: member.auth.session.scopedOrganizationId,
    });
    const [created] = await tx
      .insert(apiTokens)
      .values({
        organizationId: member.organization.id,
        kind: 'user',
        profileId: member.profileId,
        tokenHash: hashToken(token),
        sealed: encryptSecret(token, services.config.appSecret, PURPOSE),
      })
      .returning();
    return created!;
  });
  return { tokens: [presentToken(services, row)] };
}

/** DELETE /api/users/tokens/{id}: the token and its session stop working at once. */
export async function revokeUserToken(services: AppServices, member: MemberContext, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError('notFound');
  const db = services.database.db;
  const [row] = await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(apiTokens.id, id),
        eq(apiTokens.profileId, member.profileId),
        isNull(apiTokens.revokedAt),
      ),
    )
    .returning();
  if (!row) throw new AppError('notFound');
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(eq(sessions.tokenHash, row.tokenHash));
  return { ok: true };
}

/** GET /api/proj/projects/{id}/token: the project's token for Zapier (its admins only). */
export async function projectToken(
  services: AppServices,
  member: MemberContext,
  projectId: string,
) {
  const { project } = await findManagedProject(services, member, projectId);
  const db = services.database.db;
  const [existing] = await db
    .select()
    .from(apiTokens)
    .where(
      and(
        eq(apiTokens.projectId, project.id),
        eq(apiTokens.kind, 'project'),
        isNull(apiTokens.revokedAt),
      ),
    );
  if (existing) return presentToken(services, existing);
  const token = randomToken();
  const [created] = await db
    .insert(apiTokens)
    .values({
      organizationId: member.organization.id,
      kind: 'project',
      projectId: project.id,
      tokenHash: hashToken(token),
      sealed: encryptSecret(token, services.config.appSecret, PURPOSE),
    })
    .returning();
  return presentToken(services, created!);
}

/**
 * POST /api/extension/evidence: the clipper's one call. The page becomes a published evidence
 * post in the project, its selection and address as the summary, under the member's own rights.
 */
export async function clipEvidence(
  services: AppServices,
  member: MemberContext,
  input: unknown,
  context: RequestContext,
) {
  const data = parse(clipSchema.safeParse(input));
  const summary = [data.text, data.url ? `Source: ${data.url}` : ''].filter(Boolean).join('\n\n');
  if (!summary)
    throw new AppError('validation', {
      message: 'Please select some text or give the page address.',
    });
  const created = await createCard(
    services,
    member,
    { projectId: data.projectId, type: 'post', title: data.title, isEvidence: true },
    context,
  );
  const updated = await updatePost(
    services,
    member,
    { cardId: created.id, version: created.version, summary },
    context,
  );
  const published = await publishCard(services, member, created.id, updated.version, context);
  return { id: published.id, title: published.title, projectId: data.projectId };
}
