/**
 * Evidence cards (posts, interviews, other evidence) and the people interviewed: creation, their
 * own fields, the publish rules of part 2 §5, and the organisation's contact list.
 */
import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { intervieweeInputSchema } from '@assay/domain';
import {
  AppError,
  duplicateIntervieweeMessage,
  EVIDENCE_MESSAGES,
  intervieweeProblem,
  intervieweeUpdatesSchema,
  interviewPublishProblem,
  pageNumber,
  postPublishProblem,
  roleHas,
  updateInterviewSchema,
  updatePostSchema,
  type CreateCardInput,
} from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import type { TypedCardPart } from './typed-card.ts';
import type { Executor } from '../../platform/db/index.ts';
import type { AppServices } from '../../services.ts';
import { media } from '../media/schema.ts';
import { parse } from '../../http/parse.ts';
import type { CardAccess } from './access.ts';
import {
  cardInterviewees,
  cards,
  cardTexts,
  evidence,
  interviewees,
  type CardRow,
  type EvidenceRow,
  type IntervieweeRow,
} from './schema.ts';
import { containsPattern } from '../../platform/db/like.ts';

export const isEvidenceCard = (type: string) =>
  type === 'post' || type === 'interview' || type === 'evidenceOther' || type === 'intercom';

export function presentInterviewee(row: IntervieweeRow & { interviewCount?: number }) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    title: row.title,
    company: row.company,
    companyLocation: row.companyLocation,
    linkedin: row.linkedin,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    interviewCount: row.interviewCount ?? 0,
  };
}

/** The evidence part of a card for its detail: its row and the people interviewed. */
export async function loadEvidenceDetail(executor: Executor, cardId: string) {
  const [row] = await executor.select().from(evidence).where(eq(evidence.cardId, cardId));
  const people = await executor
    .select({ interviewee: interviewees })
    .from(cardInterviewees)
    .innerJoin(interviewees, eq(interviewees.id, cardInterviewees.intervieweeId))
    .where(eq(cardInterviewees.cardId, cardId))
    .orderBy(asc(cardInterviewees.createdAt));
  return row
    ? presentEvidence(
        row,
        people.map((p) => p.interviewee),
      )
    : null;
}

function presentEvidence(row: EvidenceRow, people: IntervieweeRow[]) {
  return {
    summary: row.summary,
    email: row.email,
    hasEmail: row.hasEmail,
    date: row.date?.toISOString() ?? null,
    engagement: row.engagement ?? null,
    conversation: row.conversation ?? null,
    videoMeeting: row.videoMeeting ?? null,
    interviewees: people.map((p) => presentInterviewee(p)),
  };
}

/** createCard for evidence types: what the evidence row adds to the new card. */
export function evidenceCardPart(member: MemberContext, data: CreateCardInput): TypedCardPart {
  return {
    isEvidence: data.type === 'post' ? (data.isEvidence ?? true) : true,
    insert: async (tx, card) => {
      await tx.insert(evidence).values({
        cardId: card.id,
        projectId: data.projectId,
        engagement:
          data.type === 'interview' && data.engagementType
            ? { profileId: member.profileId, type: data.engagementType }
            : null,
      });
    },
  };
}

async function intervieweeCount(executor: Executor, cardId: string) {
  const [row] = await executor
    .select({ n: count() })
    .from(cardInterviewees)
    .where(eq(cardInterviewees.cardId, cardId));
  return Number(row?.n ?? 0);
}

async function mediaCount(executor: Executor, cardId: string) {
  const [row] = await executor
    .select({ n: count() })
    .from(media)
    .where(and(eq(media.subjectId, cardId), eq(media.collection, 'cards')));
  return Number(row?.n ?? 0);
}

async function keyInsightsOf(executor: Executor, cardId: string) {
  const [row] = await executor
    .select({ rawText: cardTexts.rawText })
    .from(cardTexts)
    .where(and(eq(cardTexts.cardId, cardId), eq(cardTexts.field, 'keyInsights')));
  return row?.rawText ?? '';
}

/** The rule an evidence card must meet to be published, or null. */
export async function evidencePublishProblem(
  executor: Executor,
  card: CardRow,
): Promise<string | null> {
  const [row] = await executor.select().from(evidence).where(eq(evidence.cardId, card.id));
  const keyInsights = await keyInsightsOf(executor, card.id);
  if (card.type === 'interview') {
    return interviewPublishProblem({
      keyInsights,
      intervieweeCount: await intervieweeCount(executor, card.id),
      hasEngagementProfile: !!row?.engagement?.profileId,
    });
  }
  if (card.type === 'post') {
    return postPublishProblem({
      isEvidence: card.isEvidence,
      keyInsights,
      summary: row?.summary,
      hasEmail: row?.hasEmail,
      email: row?.email,
      mediaCount: await mediaCount(executor, card.id),
    });
  }
  return null;
}

/** What the empty-draft rule needs of an evidence card. */
export async function evidenceDraftContent(executor: Executor, cardId: string) {
  const [row] = await executor.select().from(evidence).where(eq(evidence.cardId, cardId));
  return {
    summary: row?.summary ?? '',
    intervieweeCount: await intervieweeCount(executor, cardId),
    mediaCount: await mediaCount(executor, cardId),
  };
}

type CardChange = {
  card?: Partial<CardRow>;
  evidence?: Partial<EvidenceRow>;
  changes: Record<string, unknown>;
};

/** updatePost (posts and other evidence): title, summary, email, evidence or not, tags, reviewed. */
export function postChange(
  input: unknown,
  access: CardAccess,
): { cardId: string; version: number; apply: () => CardChange } {
  const data = parse(updatePostSchema.safeParse(input));
  return {
    cardId: data.cardId,
    version: data.version,
    apply: () => {
      // Other evidence and customer chats share a post's fields; only a post can stop being evidence.
      if (!['post', 'evidenceOther', 'intercom'].includes(access.card.type)) {
        throw new AppError('cardNotFound');
      }
      const card: Partial<CardRow> = {};
      const row: Partial<EvidenceRow> = {};
      if (data.title !== undefined) card.title = data.title.replace(/\s+/g, ' ').trim();
      if (data.isEvidence !== undefined && access.card.type === 'post')
        card.isEvidence = data.isEvidence;
      if (data.tags !== undefined) card.tags = [...new Set(data.tags)];
      if (data.reviewed !== undefined) card.reviewed = data.reviewed;
      if (data.evidenceKind !== undefined) card.evidenceKind = data.evidenceKind;
      if (data.summary !== undefined) row.summary = data.summary;
      if (data.email !== undefined) {
        row.email = data.email;
        row.hasEmail = !!data.email?.trim();
      }
      return {
        card,
        evidence: row,
        changes: { fields: Object.keys(data).filter((k) => k !== 'cardId' && k !== 'version') },
      };
    },
  };
}

/** Adds a person to an interview (new, or an existing contact) with the spec's messages. */
async function addInterviewee(
  executor: Executor,
  member: MemberContext,
  cardId: string,
  input: { id: string } | ReturnType<typeof intervieweeInputSchema.parse>,
) {
  const present = await executor
    .select({ id: interviewees.id, name: interviewees.name })
    .from(cardInterviewees)
    .innerJoin(interviewees, eq(interviewees.id, cardInterviewees.intervieweeId))
    .where(eq(cardInterviewees.cardId, cardId));
  let intervieweeId: string;
  if ('id' in input) {
    const [existing] = await executor
      .select()
      .from(interviewees)
      .where(
        and(eq(interviewees.id, input.id), eq(interviewees.organizationId, member.organization.id)),
      );
    if (!existing) throw new AppError('notFound');
    if (present.some((p) => p.id === existing.id)) {
      throw new AppError('validation', { message: duplicateIntervieweeMessage(existing.name) });
    }
    intervieweeId = existing.id;
  } else {
    const problem = intervieweeProblem(
      input.name,
      present.map((p) => p.name),
    );
    if (problem) throw new AppError('validation', { message: problem });
    const [created] = await executor
      .insert(interviewees)
      .values({ ...input, name: input.name.trim(), organizationId: member.organization.id })
      .returning();
    if (!created) throw new Error('interviewee insert returned no row');
    intervieweeId = created.id;
  }
  await executor.insert(cardInterviewees).values({ cardId, intervieweeId });
  return intervieweeId;
}

/** updateInterview: title, date, engagement, people interviewed (add, remove), tags, reviewed. */
export function interviewChange(input: unknown, access: CardAccess, member: MemberContext) {
  const data = parse(updateInterviewSchema.safeParse(input));
  return {
    cardId: data.cardId,
    version: data.version,
    apply: async (executor: Executor): Promise<CardChange> => {
      if (access.card.type !== 'interview') throw new AppError('cardNotFound');
      const card: Partial<CardRow> = {};
      const row: Partial<EvidenceRow> = {};
      if (data.title !== undefined) card.title = data.title.replace(/\s+/g, ' ').trim();
      if (data.tags !== undefined) card.tags = [...new Set(data.tags)];
      if (data.evidenceKind !== undefined) card.evidenceKind = data.evidenceKind;
      if (data.reviewed !== undefined) card.reviewed = data.reviewed;
      if (data.date !== undefined) row.date = data.date ? new Date(data.date) : null;
      if (data.engagement !== undefined) row.engagement = data.engagement;
      if (data.addInterviewee)
        await addInterviewee(executor, member, access.card.id, data.addInterviewee);
      if (data.removeIntervieweeId) {
        const remaining = await intervieweeCount(executor, access.card.id);
        // A published interview keeps at least one person interviewed.
        if (!access.card.draft && remaining <= 1) {
          throw new AppError('validation', { message: EVIDENCE_MESSAGES.lastInterviewee });
        }
        await executor
          .delete(cardInterviewees)
          .where(
            and(
              eq(cardInterviewees.cardId, access.card.id),
              eq(cardInterviewees.intervieweeId, data.removeIntervieweeId),
            ),
          );
      }
      return {
        card,
        evidence: row,
        changes: { fields: Object.keys(data).filter((k) => k !== 'cardId' && k !== 'version') },
      };
    },
  };
}

/** GET /api/canvas/interviewees: the organisation's contacts, filtered, with interview counts. */
export async function listInterviewees(
  services: AppServices,
  member: MemberContext,
  query: { search?: string; page?: string; pageSize?: string },
) {
  const pageSize = Math.min(Math.max(Number(query.pageSize ?? 50) || 50, 1), 200);
  const page = pageNumber(query.page, 0);
  const conditions: SQL[] = [eq(interviewees.organizationId, member.organization.id)];
  const search = (query.search ?? '').trim().slice(0, 100);
  if (search) {
    const pattern = containsPattern(search);
    conditions.push(
      or(
        ilike(interviewees.name, pattern),
        ilike(interviewees.email, pattern),
        ilike(interviewees.company, pattern),
      ) as SQL,
    );
  }
  const [total] = await services.database.db
    .select({ n: count() })
    .from(interviewees)
    .where(and(...conditions));
  const rows = await services.database.db
    .select({
      interviewee: interviewees,
      interviewCount: sql<number>`(select count(*)::int from ${cardInterviewees} ci join ${cards} c on c.id = ci.card_id where ci.interviewee_id = "interviewees"."id" and c.deleted_at is null)`,
    })
    .from(interviewees)
    .where(and(...conditions))
    .orderBy(asc(sql`lower(${interviewees.name})`), asc(interviewees.id))
    .limit(pageSize)
    .offset(page * pageSize);
  return {
    total: Number(total?.n ?? 0),
    interviewees: rows.map((r) =>
      presentInterviewee({ ...r.interviewee, interviewCount: r.interviewCount }),
    ),
  };
}

/** PUT /api/canvas/organizations/{id}/interviewees: several contacts changed at once. */
export async function updateInterviewees(
  services: AppServices,
  member: MemberContext,
  organizationId: string,
  input: unknown,
  context: RequestContext,
) {
  if (organizationId !== member.organization.id) throw new AppError('notFound');
  if (!roleHas(member.role, 'partialCard:write')) throw new AppError('forbidden');
  const data = parse(intervieweeUpdatesSchema.safeParse(input));
  const ids = data.intervieweeUpdates.map((u) => u.id);
  const known = await services.database.db
    .select({ id: interviewees.id })
    .from(interviewees)
    .where(
      and(eq(interviewees.organizationId, member.organization.id), inArray(interviewees.id, ids)),
    );
  if (known.length !== new Set(ids).size) throw new AppError('notFound');
  for (const update of data.intervieweeUpdates) {
    if (update.name !== undefined && !update.name.trim()) {
      throw new AppError('validation', { message: EVIDENCE_MESSAGES.intervieweeName });
    }
  }
  await services.transaction(
    async (unit) => {
      for (const { id, ...patch } of data.intervieweeUpdates) {
        if (Object.keys(patch).length === 0) continue;
        await unit.tx
          .update(interviewees)
          .set(patch)
          .where(
            and(eq(interviewees.id, id), eq(interviewees.organizationId, member.organization.id)),
          );
      }
      await unit.record({
        name: 'interviewees.update',
        organizationId: member.organization.id,
        actorId: member.profileId,
        subjectType: 'interviewees',
        subjectId: member.organization.id,
        changes: { count: data.intervieweeUpdates.length },
      });
    },
    { context },
  );
  return listInterviewees(services, member, {});
}
