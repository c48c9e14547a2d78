/** Access-log entries, written from committed events (through the job queue when it runs). */
import type { AppServices } from '../../services.ts';
import type { Executor } from '../../platform/db/index.ts';
import type { EventRow } from '../../platform/events/schema.ts';
import { accessLogs } from './schema.ts';

/** Event namespaces that leave a trace in the access log, and the service named for them. */
const LOGGED: Record<string, string> = {
  sessions: 'auth',
  profiles: 'organizations',
  invites: 'organizations',
  organizations: 'organizations',
  projects: 'projects',
  billing: 'billing',
};

export function accessLogEntry(event: EventRow) {
  const [namespace = '', action = ''] = event.name.split('.');
  return {
    organizationId: event.organizationId,
    profileId: event.subjectType === 'profile' ? event.subjectId : event.actorId,
    actorId: event.actorId,
    projectId: event.projectId,
    service: LOGGED[namespace] ?? namespace,
    action,
    entity: event.subjectType ?? namespace,
    optionals: event.changes,
    ip: event.context.ip ?? null,
    device: event.context.device ?? null,
  };
}

/** Writes an event's access-log entry when its namespace is logged (a command run outside the server). */
export async function logAccess(db: Executor, event: EventRow): Promise<void> {
  const namespace = event.name.split('.')[0] ?? '';
  if (namespace in LOGGED) await db.insert(accessLogs).values(accessLogEntry(event));
}

export function registerAccessLogHandlers(services: AppServices) {
  for (const namespace of Object.keys(LOGGED)) {
    services.events.on(namespace, async (event) => {
      await services.database.db.insert(accessLogs).values(accessLogEntry(event));
    });
  }
}
