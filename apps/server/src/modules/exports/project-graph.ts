/**
 * A project's whole graph as the export writes it (#29): read page by page, never all at once —
 * the cards with their texts and type parts, the connections with their ratings, the comments
 * with their likes, and the files. Every record names its own id; the import gives new ones.
 */
import { and, asc, count, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { Executor } from '../../platform/db/index.ts';
import {
  boardSections,
  cardInterviewees,
  cards,
  cardTexts,
  connections,
  evidence,
  experiments,
  hypotheses,
  interviewees,
} from '../cards/schema.ts';
import { commentLikes, comments } from '../comments/schema.ts';
import { media } from '../media/schema.ts';
import { profiles } from '../organizations/schema.ts';

/** Cards read per page. */
const PAGE = 250;

export interface GraphScope {
  organizationId: string;
  projectId: string;
}

/** Published, live cards of the project (drafts are their author's own and stay behind). */
const liveCards = (scope: GraphScope) =>
  and(
    eq(cards.projectId, scope.projectId),
    eq(cards.organizationId, scope.organizationId),
    isNull(cards.deletedAt),
    eq(cards.draft, false),
    eq(cards.template, false),
  );

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export async function boardSectionsOf(db: Executor, scope: GraphScope) {
  const rows = await db
    .select()
    .from(boardSections)
    .where(eq(boardSections.projectId, scope.projectId))
    .orderBy(asc(boardSections.sectionType), asc(boardSections.rank));
  return rows.map((s) => ({
    id: s.id,
    board: s.sectionType,
    key: s.key,
    name: s.name,
    color: s.color,
    rank: s.rank,
    isDefault: s.isDefault,
    protected: s.protected,
  }));
}

type CardRow = typeof cards.$inferSelect;

/** One card as project.json holds it. */
function exportedCard(
  c: CardRow,
  parts: {
    hypothesis: typeof hypotheses.$inferSelect | undefined;
    evidence: typeof evidence.$inferSelect | undefined;
    experiment: typeof experiments.$inferSelect | undefined;
    texts: (typeof cardTexts.$inferSelect)[];
    people: (typeof interviewees.$inferSelect)[];
  },
) {
  const { hypothesis: h, evidence: e, experiment: x } = parts;
  return {
    id: c.id,
    type: c.type,
    title: c.title,
    isEvidence: c.isEvidence,
    evidenceKind: c.evidenceKind,
    tags: c.tags,
    fields: c.fields,
    origin: c.origin,
    version: c.version,
    publishedAt: iso(c.publishedAt),
    createdAt: iso(c.createdAt),
    updatedAt: iso(c.updatedAt),
    texts: Object.fromEntries(
      parts.texts.map((t) => [t.field, { text: t.text, generated: t.generated }]),
    ),
    hypothesis: h
      ? {
          type: h.hypothesisType,
          canvas: { section: h.canvasSection, rank: h.canvasRank },
          timeline: { section: h.timelineSection, rank: h.timelineRank },
          productStatus: { section: h.productStatusSection, rank: h.productStatusRank },
          productTheme: { section: h.productThemeSection, rank: h.productThemeRank },
          businessStatus: h.businessStatus,
          risky: h.risky,
          importance: h.importance,
          result: h.result,
          resultReason: h.resultReason,
          summary: h.summary,
          productScore: h.productScore,
        }
      : null,
    evidence: e
      ? {
          summary: e.summary,
          date: iso(e.date),
          conversation: e.conversation,
          videoMeeting: e.videoMeeting,
          interviewees: parts.people.map((p) => ({
            id: p.id,
            name: p.name,
            email: p.email,
            phone: p.phone,
            title: p.title,
            company: p.company,
            companyLocation: p.companyLocation,
            linkedin: p.linkedin,
            notes: p.notes,
          })),
        }
      : null,
    experiment: x
      ? {
          type: x.experimentType,
          phase: x.phase,
          rank: x.rank,
          phaseEnteredAt: iso(x.phaseEnteredAt),
          durations: x.durations,
          completedAt: iso(x.completedAt),
          dueDate: iso(x.dueDate),
          success: x.success,
          successCriteria: x.successCriteria,
          analyze: x.analyze,
          keyLearnings: x.keyLearnings,
        }
      : null,
  };
}

export type ExportedCard = ReturnType<typeof exportedCard>;

/** The cards, a page at a time, each whole: its texts, its hypothesis, evidence or experiment part. */
export async function* cardPages(db: Executor, scope: GraphScope) {
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const page = await db
      .select()
      .from(cards)
      .where(and(liveCards(scope), gt(cards.id, after)))
      .orderBy(asc(cards.id))
      .limit(PAGE);
    if (page.length === 0) return;
    after = page.at(-1)!.id;
    const ids = page.map((c) => c.id);
    const [texts, ideas, found, tests, people] = await Promise.all([
      db.select().from(cardTexts).where(inArray(cardTexts.cardId, ids)),
      db.select().from(hypotheses).where(inArray(hypotheses.cardId, ids)),
      db.select().from(evidence).where(inArray(evidence.cardId, ids)),
      db.select().from(experiments).where(inArray(experiments.cardId, ids)),
      db
        .select({ cardId: cardInterviewees.cardId, person: interviewees })
        .from(cardInterviewees)
        .innerJoin(interviewees, eq(interviewees.id, cardInterviewees.intervieweeId))
        .where(
          and(
            inArray(cardInterviewees.cardId, ids),
            eq(interviewees.organizationId, scope.organizationId),
          ),
        ),
    ]);
    const byCard = <T extends { cardId: string }>(rows: T[]) => {
      const map = new Map<string, T[]>();
      for (const row of rows) map.set(row.cardId, [...(map.get(row.cardId) ?? []), row]);
      return map;
    };
    const textsOf = byCard(texts);
    const peopleOf = byCard(people);
    const ideaOf = new Map(ideas.map((h) => [h.cardId, h]));
    const evidenceOf = new Map(found.map((e) => [e.cardId, e]));
    const experimentOf = new Map(tests.map((e) => [e.cardId, e]));
    yield page.map((c) =>
      exportedCard(c, {
        hypothesis: ideaOf.get(c.id),
        evidence: evidenceOf.get(c.id),
        experiment: experimentOf.get(c.id),
        texts: textsOf.get(c.id) ?? [],
        people: (peopleOf.get(c.id) ?? []).map((p) => p.person),
      }),
    );
  }
}

/** Connections between two exported cards, with their ratings. */
export async function connectionsOf(db: Executor, scope: GraphScope) {
  const live = db.select({ id: cards.id }).from(cards).where(liveCards(scope));
  const rows = await db
    .select()
    .from(connections)
    .where(
      and(
        eq(connections.projectId, scope.projectId),
        eq(connections.organizationId, scope.organizationId),
        inArray(connections.firstCardId, live),
        inArray(connections.secondCardId, live),
      ),
    )
    .orderBy(asc(connections.id));
  return rows.map((c) => ({
    id: c.id,
    firstCardId: c.firstCardId,
    secondCardId: c.secondCardId,
    rating: c.rating,
    quote: c.quote,
    createdAt: iso(c.createdAt),
  }));
}

export type Connection = Awaited<ReturnType<typeof connectionsOf>>[number];

/** Comments on the project and on its exported cards, with their authors' names and likes. */
export async function commentsOf(db: Executor, scope: GraphScope) {
  const live = db.select({ id: cards.id }).from(cards).where(liveCards(scope));
  const likes = db
    .select({ commentId: commentLikes.commentId, n: count().as('n') })
    .from(commentLikes)
    .groupBy(commentLikes.commentId)
    .as('likes');
  const rows = await db
    .select({
      comment: comments,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      likes: likes.n,
    })
    .from(comments)
    .innerJoin(profiles, eq(profiles.id, comments.ownerProfileId))
    .leftJoin(likes, eq(likes.commentId, comments.id))
    .where(
      and(
        eq(comments.organizationId, scope.organizationId),
        isNull(comments.deletedAt),
        or(
          and(eq(comments.subjectType, 'project'), eq(comments.subjectId, scope.projectId)),
          and(eq(comments.subjectType, 'card'), inArray(comments.subjectId, live)),
        ),
      ),
    )
    .orderBy(asc(comments.createdAt), asc(comments.id));
  return rows.map(({ comment: c, firstName, lastName, likes: n }) => ({
    id: c.id,
    subjectType: c.subjectType,
    subjectId: c.subjectId,
    replyTo: c.connectedCommentId,
    body: c.body,
    author: `${firstName} ${lastName}`.trim(),
    likes: Number(n ?? 0),
    createdAt: iso(c.createdAt),
  }));
}

/** The files of the exported cards: where each goes in the archive and its storage key. */
export async function filesOf(db: Executor, scope: GraphScope) {
  const live = db.select({ id: cards.id }).from(cards).where(liveCards(scope));
  const rows = await db
    .select()
    .from(media)
    .where(
      and(
        eq(media.organizationId, scope.organizationId),
        eq(media.collection, 'cards'),
        inArray(media.subjectId, live),
      ),
    )
    .orderBy(asc(media.uploadedAt), asc(media.id));
  return rows.map((m) => ({
    id: m.id,
    cardId: m.subjectId,
    filename: m.filename,
    contentType: m.contentType,
    size: m.size,
    summary: m.summary,
    /** Its place in the archive. */
    path: `media/${m.id}/${m.filename.replace(/[\\/]/g, '_')}`,
    storageKey: m.path,
  }));
}
