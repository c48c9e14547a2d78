/** A generation's state asked for by its id, and a failed one run again. */
import { type MemberContext, type RequestContext } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { cardAccess, projectAccess, workspaceAccess } from '../cards/ports.ts';
import {
  ownGeneration,
  presentGeneration,
  requireAgent,
  retryGeneration as retry,
} from './service.ts';
import { mayWriteCards, requireEditable } from './guards.ts';

/** Retries a failed generation of a project the member may write in. */
export async function retryGeneration(
  services: AppServices,
  member: MemberContext,
  id: string,
  context: RequestContext,
) {
  return retry(services, member, id, context, async (row) => {
    requireAgent(member);
    if (row.cardId) requireEditable(await cardAccess(services, member, row.cardId), member);
    else mayWriteCards(await workspaceAccess(services, member, row.projectId));
  });
}

/** A generation's status (the browser polls it when realtime is unavailable). */
export async function generationStatus(services: AppServices, member: MemberContext, id: string) {
  const row = await ownGeneration(services, member, id);
  await projectAccess(services, member, row.projectId);
  return { ...presentGeneration(row), result: row.result ?? null, parts: row.parts ?? {} };
}
