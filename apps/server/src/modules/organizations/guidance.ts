/**
 * A member's guidance (part 1 §3, part 2 §9): the getting-started checklist, each item done
 * when the member has done it in this organisation, and the first-time tips seen per card type.
 */
import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  AppError,
  CHECKLIST_ITEMS,
  CHECKLIST_LABELS,
  checklistProgress,
  guidanceOf,
  guidancePatchSchema,
  type ChecklistItem,
} from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import { mergeJsonKey } from '../../platform/db/json.ts';
import type { AppServices } from '../../services.ts';
import { cards, connections } from '../cards/schema.ts';
import { projects } from '../projects/schema.ts';
import { findProfile, saveProfile } from './profiles.ts';
import { invites, profiles } from './schema.ts';

async function checklistDone(
  services: AppServices,
  member: MemberContext,
): Promise<Record<ChecklistItem, boolean>> {
  const { db } = services.database;
  const me = member.profileId;
  const org = member.organization.id;
  const myCards = (extra: ReturnType<typeof eq>) =>
    sql`exists (${db
      .select({ one: sql`1` })
      .from(cards)
      .where(
        and(
          eq(cards.organizationId, org),
          eq(cards.createdByProfileId, me),
          eq(cards.template, false),
          isNull(cards.deletedAt),
          extra,
        ),
      )})`;
  const [row] = await db
    .select({
      createProject: sql<boolean>`exists (${db
        .select({ one: sql`1` })
        .from(projects)
        .where(and(eq(projects.organizationId, org), eq(projects.createdByProfileId, me)))})`,
      addHypothesis: myCards(eq(cards.type, 'hypothesis')),
      addEvidence: myCards(eq(cards.isEvidence, true)),
      connectEvidence: sql<boolean>`exists (${db
        .select({ one: sql`1` })
        .from(connections)
        .where(
          and(
            eq(connections.organizationId, org),
            or(eq(connections.ownerProfileId, me), eq(connections.updatedByProfileId, me)),
          ),
        )})`,
      planExperiment: myCards(eq(cards.type, 'experiment')),
      inviteTeammate: sql<boolean>`exists (${db
        .select({ one: sql`1` })
        .from(invites)
        .where(and(eq(invites.organizationId, org), eq(invites.invitedByProfileId, me)))})`,
    })
    .from(sql`(select 1) as one`);
  return Object.fromEntries(CHECKLIST_ITEMS.map((item) => [item, Boolean(row?.[item])])) as Record<
    ChecklistItem,
    boolean
  >;
}

/** The member's checklist (items with their state and progress) and tip flags. */
export async function gettingStarted(services: AppServices, member: MemberContext) {
  const { profile } = await findProfile(services, member, member.profileId);
  const guidance = guidanceOf(profile.onboarding);
  const done = await checklistDone(services, member);
  return {
    showChecklist: guidance.showChecklist,
    seen: guidance.seen,
    items: CHECKLIST_ITEMS.map((key) => ({ key, label: CHECKLIST_LABELS[key], done: done[key] })),
    progress: checklistProgress(done),
  };
}

/** Hides or shows the checklist, marks tips seen; answers the new state. */
export async function updateGuidance(
  services: AppServices,
  member: MemberContext,
  patch: unknown,
  context: RequestContext,
) {
  const parsed = guidancePatchSchema.safeParse(patch);
  if (!parsed.success) throw new AppError('validation');
  await findProfile(services, member, member.profileId);
  // Merged by the database key by key: a tip marked seen stays seen whatever else is saved at the
  // same moment (another tip, the checklist, the onboarding answers).
  let onboarding: SQL = mergeJsonKey(profiles.onboarding, 'seen', parsed.data.seen ?? {});
  if (parsed.data.showChecklist !== undefined)
    onboarding = sql`${onboarding} || ${JSON.stringify({ showChecklist: parsed.data.showChecklist })}::jsonb`;
  await saveProfile(
    services,
    member,
    member.profileId,
    { onboarding },
    { action: 'guidance', changes: parsed.data },
    context,
  );
  return gettingStarted(services, member);
}
