/**
 * Notifications (part 2 §3, §4, §7): made from domain events (a mention, a comment on my card),
 * read in the inbox by section, marked read one by one (unread count down by one) or all at once
 * (to 0), favourited, with preferences per organisation and per project (immediately or daily).
 * Each new notification reaches the member's inbox channel at once; a daily digest email carries
 * the day's unread ones to those who chose daily.
 */
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  AppError,
  isUuid,
  notificationPreferencesSchema,
  notificationSection,
  NOTIFICATION_SECTIONS,
  type NotificationAction,
  type NotificationSection,
} from '@assay/domain';
import type { MemberContext } from '../../http/member-context.ts';
import type { EventRow } from '../../platform/events/schema.ts';
import { channel } from '../../platform/realtime/bus.ts';
import type { AppServices } from '../../services.ts';
import { loadPeople, projectAccess } from '../cards/ports.ts';
import { profiles } from '../organizations/schema.ts';
import { parse } from '../../http/parse.ts';
import { projects } from '../projects/schema.ts';
import { emailImmediately } from './delivery.ts';
import { notificationPreferences, notifications, type NotificationRow } from './schema.ts';

interface NewNotification {
  profileId: string;
  action: NotificationAction;
}

/**
 * Writes notifications for an event and tells each member's inbox channel; with `email: false`
 * the event has mailed them its own way (a request to the owners).
 */
async function notify(
  services: AppServices,
  event: EventRow,
  recipients: NewNotification[],
  options: { email?: boolean } = {},
) {
  const unique = new Map<string, NewNotification>();
  for (const r of recipients) {
    // One per person per event; a mention outranks a plain comment.
    if (r.profileId === event.actorId) continue;
    if (!unique.has(r.profileId) || r.action === 'mention') unique.set(r.profileId, r);
  }
  if (unique.size === 0) return;
  // Only active members of the organisation hear of it.
  const active = await services.database.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(
      and(
        eq(profiles.organizationId, event.organizationId),
        inArray(profiles.id, [...unique.keys()]),
        sql`${profiles.role} <> 'disabled'`,
      ),
    );
  const rows = active.map(({ id }) => {
    const r = unique.get(id)!;
    return {
      organizationId: event.organizationId,
      profileId: id,
      actorProfileId: event.actorId,
      action: r.action,
      section: notificationSection(r.action),
      projectId: event.projectId,
      subjectType: event.subjectType,
      subjectId: event.subjectId && isUuid(event.subjectId) ? event.subjectId : null,
      title: String(event.changes.title ?? ''),
    };
  });
  if (rows.length === 0) return;
  const created = await services.database.db.insert(notifications).values(rows).returning();
  const actor = event.actorId
    ? (await loadPeople(services.database.db, event.organizationId, [event.actorId])).get(
        event.actorId,
      )
    : undefined;
  if (options.email !== false)
    await emailImmediately(
      services,
      created,
      actor ? `${actor.firstName} ${actor.lastName}`.trim() : 'Someone',
    );
  for (const row of created) {
    await services.bus.publish(channel('i', row.profileId), {
      event: 'notifications.create',
      id: row.id,
      subjectType: row.subjectType,
      subjectId: row.subjectId,
      projectId: row.projectId,
      actorId: row.actorProfileId,
      changes: { action: row.action, section: row.section },
      at: row.createdAt.toISOString(),
    });
  }
}

/**
 * Event handlers: comments notify the people mentioned and the card's author; newly named members
 * hear of their assignment; an experiment's author and members hear of its phase changes; a member
 * added to a project hears of the invitation.
 */
export function registerNotificationHandlers(services: AppServices) {
  services.events.on('assignments', async (event) => {
    const people = (event.changes.profiles as string[] | undefined) ?? [];
    await notify(
      services,
      event,
      people.map((profileId) => ({ profileId, action: 'assignment' as const })),
    );
  });
  // Added to a project: the new member hears of it (an invitation into the project).
  services.events.on('projects', async (event) => {
    if (event.name !== 'projects.addMember' || !event.projectId || !event.subjectId) return;
    const [project] = await services.database.db
      .select({ name: projects.name })
      .from(projects)
      .where(eq(projects.id, event.projectId));
    await notify(
      services,
      {
        ...event,
        subjectType: 'project',
        subjectId: event.projectId,
        changes: { title: project?.name ?? '' },
      },
      [{ profileId: event.subjectId, action: 'invitation' }],
    );
  });
  // A reviewer's decision on a hypothesis a cohort team marked ready: the team's editors hear it.
  services.events.on('reviews', async (event) => {
    if (event.name !== 'reviews.decide') return;
    const people = (event.changes.notify as string[] | undefined) ?? [];
    await notify(
      services,
      event,
      people.map((profileId) => ({ profileId, action: 'review' as const })),
    );
  });
  services.events.on('experiments', async (event) => {
    if (event.name !== 'experiments.phase') return;
    const people = (event.changes.notify as string[] | undefined) ?? [];
    await notify(
      services,
      event,
      people.map((profileId) => ({ profileId, action: 'phase' as const })),
    );
  });
  // A member asks the owners for a limit to be lifted or a feature: it waits in the owners' inbox
  // (they had the mail too).
  services.events.on(
    'organizations',
    async (event) => {
      if (event.name !== 'organizations.requestApproval') return;
      const owners = await services.database.db
        .select({ id: profiles.id })
        .from(profiles)
        .where(and(eq(profiles.organizationId, event.organizationId), eq(profiles.role, 'owner')));
      await notify(
        services,
        {
          ...event,
          subjectType: 'organization',
          subjectId: null,
          projectId: null,
          changes: { title: String(event.changes.feature ?? '') },
        },
        owners.map(({ id }) => ({ profileId: id, action: 'request' as const })),
        { email: false },
      );
    },
    {
      when: (_project, name) => (name === 'organizations.requestApproval' ? sql`true` : sql`false`),
    },
  );
  services.events.on('comments', async (event) => {
    if (event.name !== 'comments.create') return;
    const mentions = (event.changes.mentions as string[] | undefined) ?? [];
    const owner = event.changes.subjectOwnerId as string | null | undefined;
    await notify(services, event, [
      ...mentions.map((profileId) => ({ profileId, action: 'mention' as const })),
      ...(owner ? [{ profileId: owner, action: 'comment' as const }] : []),
    ]);
  });
}

async function unreadCount(services: AppServices, member: MemberContext) {
  const [row] = await services.database.db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.profileId, member.profileId), eq(notifications.read, false)));
  return Number(row?.n ?? 0);
}

function present(row: NotificationRow, people: Awaited<ReturnType<typeof loadPeople>>) {
  return {
    id: row.id,
    action: row.action,
    section: row.section,
    read: row.read,
    isFavorite: row.isFavorite,
    actor: row.actorProfileId ? (people.get(row.actorProfileId) ?? null) : null,
    projectId: row.projectId,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    title: row.title,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The member's notifications of a section (or all), newest first, with the unread count. */
export async function listNotifications(
  services: AppServices,
  member: MemberContext,
  section: string | null,
  favoritesOnly: boolean,
) {
  if (section !== null && !(NOTIFICATION_SECTIONS as readonly string[]).includes(section))
    throw new AppError('validation', { message: 'Choose the inbox or notifications.' });
  const rows = await services.database.db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.profileId, member.profileId),
        section ? eq(notifications.section, section as NotificationSection) : undefined,
        favoritesOnly ? eq(notifications.isFavorite, true) : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt))
    .limit(100);
  const people = await loadPeople(
    services.database.db,
    member.organization.id,
    rows.map((r) => r.actorProfileId).filter((id): id is string => !!id),
  );
  return {
    unreadCount: await unreadCount(services, member),
    notifications: rows.map((r) => present(r, people)),
  };
}

/** PUT /api/notification/glance/{id}: one read (the unread count goes down by one). */
export async function markRead(services: AppServices, member: MemberContext, id: string | null) {
  if (id !== null && !isUuid(id)) throw new AppError('notFound');
  const changed = await services.database.db
    .update(notifications)
    .set({ read: true })
    .where(
      and(
        eq(notifications.profileId, member.profileId),
        eq(notifications.read, false),
        id ? eq(notifications.id, id) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  if (id && changed.length === 0) {
    // Already read is fine; someone else's or unknown is not found.
    const [mine] = await services.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.profileId, member.profileId)));
    if (!mine) throw new AppError('notFound');
  }
  return { unreadCount: await unreadCount(services, member) };
}

export async function setNotificationFavorite(
  services: AppServices,
  member: MemberContext,
  id: string,
  favorite: boolean,
) {
  if (!isUuid(id)) throw new AppError('notFound');
  const [row] = await services.database.db
    .update(notifications)
    .set({ isFavorite: favorite })
    .where(and(eq(notifications.id, id), eq(notifications.profileId, member.profileId)))
    .returning();
  if (!row) throw new AppError('notFound');
  return present(row, new Map());
}

async function preferenceRow(
  services: AppServices,
  member: MemberContext,
  projectId: string | null,
) {
  const [row] = await services.database.db
    .select()
    .from(notificationPreferences)
    .where(
      and(
        eq(notificationPreferences.profileId, member.profileId),
        projectId
          ? eq(notificationPreferences.projectId, projectId)
          : isNull(notificationPreferences.projectId),
      ),
    );
  return row ?? null;
}

/** GET preferences: the project's own, else the organisation's, else immediately by email. */
export async function getPreferences(
  services: AppServices,
  member: MemberContext,
  projectId: string | null,
) {
  if (projectId) await projectAccess(services, member, projectId);
  const own = await preferenceRow(services, member, projectId);
  const fallback = projectId ? await preferenceRow(services, member, null) : null;
  const row = own ?? fallback;
  return {
    projectId,
    frequency: row?.frequency ?? 'immediately',
    email: row?.email ?? true,
    inherited: !own,
  };
}

export async function putPreferences(
  services: AppServices,
  member: MemberContext,
  projectId: string | null,
  body: unknown,
) {
  if (projectId) await projectAccess(services, member, projectId);
  const data = parse(notificationPreferencesSchema.safeParse(body));
  const existing = await preferenceRow(services, member, projectId);
  if (existing) {
    await services.database.db
      .update(notificationPreferences)
      .set({ ...data, updatedAt: new Date() })
      .where(eq(notificationPreferences.id, existing.id));
  } else {
    await services.database.db.insert(notificationPreferences).values({
      organizationId: member.organization.id,
      profileId: member.profileId,
      projectId,
      ...data,
    });
  }
  return getPreferences(services, member, projectId);
}
