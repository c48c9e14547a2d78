/**
 * Files on the project dashboard (part 2 §7 "POST, DELETE /api/proj/projects/{id}/media"): a file
 * uploaded through the signed flow (collection `projects`) is recorded and added to the market or
 * investment list in one transaction; removing one takes it out of both lists.
 */
import { eq, sql } from 'drizzle-orm';
import {
  AppError,
  canEditDashboard,
  DASHBOARD_MEDIA_PARTS,
  type DashboardMediaPart,
} from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { projectAccess } from '../cards/ports.ts';
import { deleteMedia, presentMedia, recordMedia } from '../media/ports.ts';
import { registerMediaSubject } from '../media/subjects-port.ts';
import { projects } from '../projects/schema.ts';

export async function addProjectMedia(
  services: AppServices,
  member: MemberContext,
  projectId: string,
  body: unknown,
  context: RequestContext,
) {
  const input = (body ?? {}) as { key?: unknown; part?: unknown };
  const part = (input.part ?? 'market') as DashboardMediaPart;
  if (!DASHBOARD_MEDIA_PARTS.includes(part))
    throw new AppError('validation', { message: 'Attach files to the market or the investment.' });
  const row = await recordMedia(
    services,
    member,
    { collection: 'projects', subjectId: projectId, key: input.key },
    context,
    async (tx, saved) => {
      const column = part === 'market' ? projects.market : projects.investment;
      await tx
        .update(projects)
        .set({
          [part]: sql`jsonb_set(${column}, '{media}', coalesce(${column}->'media', '[]'::jsonb) || ${JSON.stringify([saved.id])}::jsonb)`,
        })
        .where(eq(projects.id, projectId));
    },
  );
  return presentMedia(row);
}

export async function removeProjectMedia(
  services: AppServices,
  member: MemberContext,
  projectId: string,
  body: unknown,
  context: RequestContext,
) {
  const mediaId =
    (body as { mediaId?: unknown; id?: unknown } | null)?.mediaId ??
    (body as { id?: unknown } | null)?.id;
  if (typeof mediaId !== 'string')
    throw new AppError('validation', { message: 'Which file should go?' });
  return deleteMedia(services, member, mediaId, context, async (tx, row) => {
    if (row.collection !== 'projects' || row.subjectId !== projectId)
      throw new AppError('notFound');
    await tx
      .update(projects)
      .set({
        market: sql`jsonb_set(${projects.market}, '{media}', coalesce(${projects.market}->'media', '[]'::jsonb) - ${row.id}::text)`,
        investment: sql`jsonb_set(${projects.investment}, '{media}', coalesce(${projects.investment}->'media', '[]'::jsonb) - ${row.id}::text)`,
      })
      .where(eq(projects.id, projectId));
  });
}

/** The dashboard's files (market and investment): those who edit the dashboard (decision 009). */
export function registerDashboardMediaSubject(): void {
  registerMediaSubject('projects', {
    async mayEdit(services, member, projectId) {
      const access = await projectAccess(services, member, projectId);
      const role = { scope: access.scope, organizationRole: member.role, projectRole: access.role };
      if (!canEditDashboard(role)) throw new AppError('forbidden');
      return { projectId: access.project.id };
    },
    mayRead: (services, member, projectId) => projectAccess(services, member, projectId),
  });
}
