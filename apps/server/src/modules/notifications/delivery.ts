/**
 * Notification emails: sent at once to members whose preference is "immediately" (with email on),
 * and once a day as a digest of the unread ones to members who chose "daily". The digest runs from
 * a timer; each member gets at most one digest in 24 hours, and a notification is carried once.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { NotificationFrequency } from '@assay/domain';
import { organizationOrigin } from '../../http/hosts.ts';
import type { AppServices } from '../../services.ts';
import { organizations, profiles } from '../organizations/schema.ts';
import { sendWeeklyLearningDigests } from './learning-digest.ts';
import { notificationPreferences, notifications, type NotificationRow } from './schema.ts';

const ACTION_TEXT: Record<string, string> = {
  mention: 'mentioned you on',
  comment: 'commented on',
  assignment: 'assigned you to',
  phase: 'moved',
  invitation: 'invited you to',
  review: 'reviewed',
  request: 'asks the owners for',
};

export const DIGEST_EVERY_MS = 24 * 60 * 60 * 1000;
/** How often the digest timer looks for members due a digest. */
export const DIGEST_CHECK_MS = 15 * 60 * 1000;

/** Each member's effective preference for a project: the project's own, else the organisation's. */
async function preferencesOf(
  services: AppServices,
  profileIds: string[],
  projectId: string | null,
) {
  const rows = profileIds.length
    ? await services.database.db
        .select()
        .from(notificationPreferences)
        .where(inArray(notificationPreferences.profileId, profileIds))
    : [];
  const result = new Map<string, { frequency: NotificationFrequency; email: boolean }>();
  for (const id of profileIds) {
    const own = rows.find((r) => r.profileId === id && projectId && r.projectId === projectId);
    const org = rows.find((r) => r.profileId === id && r.projectId === null);
    const row = own ?? org;
    result.set(id, {
      frequency: (row?.frequency as NotificationFrequency | undefined) ?? 'immediately',
      email: row?.email ?? true,
    });
  }
  return result;
}

async function recipients(services: AppServices, profileIds: string[]) {
  if (profileIds.length === 0)
    return new Map<string, { email: string; slug: string; orgName: string }>();
  const rows = await services.database.db
    .select({
      id: profiles.id,
      email: profiles.email,
      slug: organizations.slug,
      orgName: organizations.name,
    })
    .from(profiles)
    .innerJoin(organizations, eq(organizations.id, profiles.organizationId))
    .where(inArray(profiles.id, profileIds));
  return new Map(rows.map((r) => [r.id, r]));
}

function line(row: NotificationRow, actor: string) {
  return `${actor} ${ACTION_TEXT[row.action] ?? row.action} ${row.title || 'a card'}`;
}

/** Emails the new notifications of members who hear of them immediately. */
export async function emailImmediately(
  services: AppServices,
  rows: NotificationRow[],
  actorName: string,
) {
  if (rows.length === 0) return;
  const ids = rows.map((r) => r.profileId);
  const prefs = await preferencesOf(services, ids, rows[0]?.projectId ?? null);
  const people = await recipients(services, ids);
  for (const row of rows) {
    const pref = prefs.get(row.profileId);
    const person = people.get(row.profileId);
    if (!pref || !person || pref.frequency !== 'immediately' || !pref.email) continue;
    const link = `${organizationOrigin(services.config, person.slug)}/inbox/`;
    await services.mailer
      .send({
        to: person.email,
        subject: `${line(row, actorName)}`.slice(0, 200),
        text: `${line(row, actorName)}.\n\nOpen your inbox: ${link}\n`,
      })
      .catch((error: unknown) => services.logger.warn({ err: error }, 'notification email failed'));
  }
}

/** Sends every due daily digest; answers how many were sent. */
export async function sendDailyDigests(services: AppServices, now = new Date()): Promise<number> {
  const db = services.database.db;
  const pending = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.read, false), isNull(notifications.digestedAt)));
  const byMember = new Map<string, NotificationRow[]>();
  for (const row of pending)
    byMember.set(row.profileId, [...(byMember.get(row.profileId) ?? []), row]);
  if (byMember.size === 0) return 0;
  const ids = [...byMember.keys()];
  const prefs = await preferencesOf(services, ids, null);
  const people = await recipients(services, ids);
  const since = new Date(now.getTime() - DIGEST_EVERY_MS).toISOString();
  const recent = await db
    .select({ id: notifications.profileId })
    .from(notifications)
    .where(and(inArray(notifications.profileId, ids), sql`${notifications.digestedAt} > ${since}`));
  const digestedLately = new Set(recent.map((r) => r.id));
  let sent = 0;
  for (const [profileId, rows] of byMember) {
    const pref = prefs.get(profileId);
    const person = people.get(profileId);
    if (!pref || !person || pref.frequency !== 'daily' || !pref.email) continue;
    if (digestedLately.has(profileId)) continue;
    const actors = await recipientsNames(services, rows);
    const link = `${organizationOrigin(services.config, person.slug)}/inbox/`;
    await services.mailer.send({
      to: person.email,
      subject: `Your daily Assay digest: ${rows.length} new in ${person.orgName}`,
      text: `${rows.map((r) => `- ${line(r, actors.get(r.actorProfileId ?? '') ?? 'Someone')}`).join('\n')}\n\nOpen your inbox: ${link}\n`,
    });
    await db
      .update(notifications)
      .set({ digestedAt: now.toISOString() })
      .where(
        inArray(
          notifications.id,
          rows.map((r) => r.id),
        ),
      );
    sent += 1;
  }
  return sent;
}

async function recipientsNames(services: AppServices, rows: NotificationRow[]) {
  const ids = [...new Set(rows.map((r) => r.actorProfileId).filter((id): id is string => !!id))];
  if (ids.length === 0) return new Map<string, string>();
  const found = await services.database.db
    .select({ id: profiles.id, first: profiles.firstName, last: profiles.lastName })
    .from(profiles)
    .where(inArray(profiles.id, ids));
  return new Map(found.map((p) => [p.id, `${p.first} ${p.last}`.trim()]));
}

/**
 * Starts the digest timer (with the job queue on, so one process of a test run does not): the
 * daily notification digest and the weekly "what to test next" mail.
 */
export function startDigestTimer(services: AppServices): () => void {
  const timer = setInterval(() => {
    void sendDailyDigests(services).catch((error: unknown) =>
      services.logger.error({ err: error }, 'daily digest failed'),
    );
    void sendWeeklyLearningDigests(services).catch((error: unknown) =>
      services.logger.error({ err: error }, 'weekly learning digest failed'),
    );
  }, DIGEST_CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
