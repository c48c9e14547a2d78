/**
 * Loading a card or project with the member's scope in it. Another organisation's card, a private
 * project's card, or a deleted card is simply not found.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { AppError, canEditCard, isAppError, type PermissionScope, isUuid } from '@assay/domain';
import type { MemberContext } from '../../http/member-context.ts';
import type { Executor } from '../../platform/db/index.ts';
import type { AppServices } from '../../services.ts';
import { checkCohortPayment } from '../cohorts/ports.ts';
import { hiddenEngagementTypes } from '../cohorts/ports.ts';
import { profiles } from '../organizations/schema.ts';
import type { ProjectAccessRow } from '../projects/schema.ts';
import { findVisibleProject, memberProjectScope } from '../projects/ports.ts';
import { cards, evidence, hypotheses, type CardRow, type HypothesisRow } from './schema.ts';

export interface ProjectAccess {
  project: ProjectAccessRow;
  role: string | null;
  scope: PermissionScope;
  /** Whether the member opens the project's workspace (part 1 §2.5), not only its dashboard. */
  openWorkspace: boolean;
  /** False when the project came from the identity cache: read its card version anew (#53). */
  cardsVersionFresh: boolean;
}

export interface CardAccess extends ProjectAccess {
  card: CardRow;
  hypothesis: HypothesisRow | null;
}

export async function projectAccess(
  services: AppServices,
  member: MemberContext,
  projectId: string,
): Promise<ProjectAccess> {
  const { project, role, openWorkspace, cardsVersionFresh } = await findVisibleProject(
    services,
    member,
    projectId,
  );
  return {
    project,
    role,
    scope: memberProjectScope(member, project, role),
    openWorkspace,
    cardsVersionFresh,
  };
}

/**
 * The project, for work in its workspace (the canvas, its cards, experiments and lists): refused
 * to whoever may only see its dashboard (part 1 §2.5).
 */
export async function workspaceAccess(
  services: AppServices,
  member: MemberContext,
  projectId: string,
): Promise<ProjectAccess> {
  const access = await projectAccess(services, member, projectId);
  if (!access.openWorkspace) throw new AppError('workspaceClosed');
  return access;
}

/** Whether the member may edit this card (its type, creator and evidence flag, in their scope). */
export function mayEditCard(access: CardAccess, profileId: string): boolean {
  return canEditCard(
    access.scope,
    {
      type: access.card.type,
      createdBy: access.card.createdByProfileId,
      isEvidence: access.card.isEvidence,
    },
    profileId,
  );
}

/** The card, when the member may edit it; refused otherwise. */
export async function editableCardAccess(
  services: AppServices,
  member: MemberContext,
  cardId: string,
): Promise<CardAccess> {
  const access = await cardAccess(services, member, cardId);
  if (!mayEditCard(access, member.profileId)) throw new AppError('forbidden');
  return access;
}

/** A live card of the member's organisation in a project they may see. */
export async function cardAccess(
  services: AppServices,
  member: MemberContext,
  cardId: string,
  executor: Executor = services.database.db,
): Promise<CardAccess> {
  if (!isUuid(cardId)) throw new AppError('cardNotFound');
  const [row] = await executor
    .select({ card: cards, hypothesis: hypotheses })
    .from(cards)
    .leftJoin(hypotheses, eq(hypotheses.cardId, cards.id))
    .where(
      and(
        eq(cards.id, cardId),
        eq(cards.organizationId, member.organization.id),
        isNull(cards.deletedAt),
      ),
    );
  if (!row) throw new AppError('cardNotFound');
  return accessForCard(services, member, row, executor);
}

/**
 * The access to a card already read (the card and its hypothesis row, of the member's
 * organisation, not deleted): refused as cardAccess refuses. `known` is the access to its project
 * when the request has it already (a second card of the same project).
 */
export async function accessForCard(
  services: AppServices,
  member: MemberContext,
  row: { card: CardRow; hypothesis: HypothesisRow | null },
  executor: Executor = services.database.db,
  known?: ProjectAccess,
): Promise<CardAccess> {
  // A draft is its creator's until published.
  if (row.card.draft && row.card.createdByProfileId !== member.profileId && !row.card.template) {
    throw new AppError('cardNotFound');
  }
  try {
    const access =
      known && known.project.id === row.card.projectId
        ? known
        : await workspaceAccess(services, member, row.card.projectId);
    // Unpaid editors of an editor-pay cohort's team are told payment is due.
    await checkCohortPayment(executor, member, access.project);
    // An engagement the member's cohort role may not see is simply not found (part 2 §6).
    if (access.project.cohortId && row.card.type === 'interview') {
      const hidden = await hiddenEngagementTypes(executor, member, access.project);
      if (hidden.length > 0) {
        const [detail] = await executor
          .select({ engagement: evidence.engagement })
          .from(evidence)
          .where(eq(evidence.cardId, row.card.id));
        if (detail?.engagement && hidden.includes(detail.engagement.type))
          throw new AppError('cardNotFound');
      }
    }
    return { ...access, card: row.card, hypothesis: row.hypothesis };
  } catch (error) {
    if (isAppError(error) && error.code === 'projectNotFound') throw new AppError('cardNotFound');
    throw error;
  }
}

export interface Person {
  profileId: string;
  firstName: string;
  lastName: string;
  image: string | null;
  bgColor: number;
}

/** Names of the organisation's profiles by id (for created-by, updated-by, members). */
export async function loadPeople(
  executor: Executor,
  organizationId: string,
  ids: (string | null | undefined)[],
): Promise<Map<string, Person>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (wanted.length === 0) return new Map();
  const rows = await executor
    .select({
      profileId: profiles.id,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      image: profiles.image,
      bgColor: profiles.bgColor,
    })
    .from(profiles)
    .where(and(eq(profiles.organizationId, organizationId), inArray(profiles.id, wanted)));
  return new Map(rows.map((r) => [r.profileId, r]));
}
