/**
 * The cards of an imported project (#29 item 2): every card of the file with its texts and its
 * hypothesis, evidence or experiment part, the people interviewed (new contacts of the importing
 * organisation), the product boards' sections and the rated connections — all under new ids, in
 * the caller's transaction. Authorship passes to the one who imports; what named the old
 * organisation's people (card members, reviews, mentions) stays behind, as in migrateProject.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { findQuote } from '@assay/domain';
import type {
  ChatConversation,
  ExperimentAnalysis,
  ProductScore,
  ProjectExportFile,
  SuccessCriterion,
  VideoMeeting,
} from '@assay/domain';
import type { Executor } from '../../platform/db/index.ts';
import type { ProjectCopyTarget } from './project-copy.ts';
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
} from './schema.ts';

const date = (value: string | null) => (value ? new Date(value) : null);

/** Rows per insert statement (PostgreSQL takes at most 65,535 parameters in one). */
const BATCH = 500;

async function insertAll<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/** Inserts the file's graph into the new project; answers how many connections it made. */
export async function insertProjectGraph(
  tx: Executor,
  target: ProjectCopyTarget,
  graph: Pick<ProjectExportFile, 'boardSections' | 'cards' | 'connections'>,
  /** The new id of each of the file's cards (every card of the file has one). */
  ids: ReadonlyMap<string, string>,
): Promise<{ connections: number }> {
  const now = new Date();
  const owned = { organizationId: target.organizationId, projectId: target.projectId };
  // The new project has its default sections already: the file's replace them key by key.
  await insertAll(graph.boardSections, (batch) =>
    tx
      .insert(boardSections)
      .values(
        batch.map((s) => ({
          ...owned,
          sectionType: s.board,
          key: s.key,
          name: s.name,
          color: s.color,
          rank: s.rank,
          isDefault: s.isDefault,
          protected: s.protected,
        })),
      )
      .onConflictDoUpdate({
        target: [boardSections.projectId, boardSections.sectionType, boardSections.key],
        set: {
          name: sql`excluded.name`,
          color: sql`excluded.color`,
          rank: sql`excluded.rank`,
          isDefault: sql`excluded.is_default`,
          protected: sql`excluded.protected`,
        },
      }),
  );

  const newId = (id: string) => ids.get(id)!;
  await insertAll(graph.cards, (batch) =>
    tx.insert(cards).values(
      batch.map((c) => ({
        ...owned,
        id: newId(c.id),
        type: c.type,
        title: c.title,
        draft: false,
        isEvidence: c.isEvidence,
        evidenceKind: c.evidenceKind,
        tags: c.tags,
        fields: c.fields,
        origin: c.origin,
        version: 1,
        publishedAt: date(c.publishedAt) ?? now,
        createdAt: now,
        updatedAt: now,
        createdByProfileId: target.profileId,
        updatedByProfileId: target.profileId,
      })),
    ),
  );
  const withPart = <K extends 'hypothesis' | 'evidence' | 'experiment'>(key: K) =>
    graph.cards.flatMap((c) => (c[key] ? [{ id: newId(c.id), part: c[key]! }] : []));
  await insertAll(withPart('hypothesis'), (batch) =>
    tx.insert(hypotheses).values(
      batch.map(({ id, part: h }) => ({
        cardId: id,
        projectId: target.projectId,
        hypothesisType: h.type,
        canvasSection: h.canvas.section ?? 'unassigned',
        canvasRank: h.canvas.rank ?? 'a0',
        timelineSection: h.timeline.section,
        timelineRank: h.timeline.rank,
        productStatusSection: h.productStatus.section,
        productStatusRank: h.productStatus.rank,
        productThemeSection: h.productTheme.section,
        productThemeRank: h.productTheme.rank,
        businessStatus: h.businessStatus,
        risky: h.risky,
        importance: h.importance,
        result: h.result,
        resultReason: h.resultReason,
        resultUpdatedBy: h.result !== 'none' ? target.profileId : null,
        summary: h.summary,
        productScore: h.productScore as ProductScore,
      })),
    ),
  );
  const found = withPart('evidence');
  await insertAll(found, (batch) =>
    tx.insert(evidence).values(
      batch.map(({ id, part: e }) => ({
        cardId: id,
        projectId: target.projectId,
        summary: e.summary,
        date: date(e.date),
        conversation: (e.conversation ?? null) as ChatConversation | null,
        videoMeeting: (e.videoMeeting ?? null) as VideoMeeting | null,
      })),
    ),
  );
  await insertAll(withPart('experiment'), (batch) =>
    tx.insert(experiments).values(
      batch.map(({ id, part: x }) => ({
        cardId: id,
        projectId: target.projectId,
        experimentType: x.type,
        phase: x.phase,
        rank: x.rank,
        phaseEnteredAt: date(x.phaseEnteredAt) ?? now,
        durations: x.durations,
        completedAt: date(x.completedAt),
        dueDate: date(x.dueDate),
        success: x.success,
        successCriteria: x.successCriteria as unknown as SuccessCriterion[],
        analyze: x.analyze as unknown as ExperimentAnalysis,
        keyLearnings: x.keyLearnings,
      })),
    ),
  );
  const texts = graph.cards.flatMap((c) =>
    Object.entries(c.texts).map(([field, t]) => ({
      cardId: newId(c.id),
      field,
      text: t.text,
      // Plain text for search, as the editor would have kept it.
      rawText: t.text
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
      generated: t.generated,
      migrated: true,
      updatedAt: now,
      updatedByProfileId: target.profileId,
    })),
  );
  await insertAll(texts, (batch) => tx.insert(cardTexts).values(batch));

  // The people interviewed, once each, as new contacts of the importing organisation.
  const people = new Map<string, string>();
  const contacts: (typeof interviewees.$inferInsert)[] = [];
  const links: (typeof cardInterviewees.$inferInsert)[] = [];
  for (const { id, part } of found)
    for (const person of part.interviewees) {
      if (!people.has(person.id)) {
        const { id: oldId, ...details } = person;
        people.set(oldId, randomUUID());
        contacts.push({
          ...details,
          id: people.get(oldId)!,
          organizationId: target.organizationId,
        });
      }
      links.push({ cardId: id, intervieweeId: people.get(person.id)! });
    }
  await insertAll(contacts, (batch) => tx.insert(interviewees).values(batch));
  await insertAll(links, (batch) =>
    tx.insert(cardInterviewees).values(batch).onConflictDoNothing(),
  );

  // A connection's quote comes along only when it is found in one of its cards' texts (#49: a
  // quote shown as proof is one the evidence holds, word for word).
  const plainOf = new Map(
    graph.cards.map((c) => [
      c.id,
      Object.values(c.texts)
        .map((t) => t.text.replace(/<[^>]*>/g, ' '))
        .join('\n'),
    ]),
  );
  const checkedQuote = (c: (typeof graph.connections)[number]) =>
    c.quote &&
    [c.firstCardId, c.secondCardId].some((id) => findQuote(c.quote, plainOf.get(id) ?? ''))
      ? c.quote
      : null;

  // Connections between two cards of the file, each pair once, stored in id order.
  const pairs = new Map<string, (typeof graph.connections)[number]>();
  for (const c of graph.connections) {
    if (!ids.has(c.firstCardId) || !ids.has(c.secondCardId) || c.firstCardId === c.secondCardId)
      continue;
    const [first, second] = [newId(c.firstCardId), newId(c.secondCardId)].sort() as [
      string,
      string,
    ];
    pairs.set(`${first}:${second}`, {
      ...c,
      firstCardId: first,
      secondCardId: second,
      quote: checkedQuote(c),
    });
  }
  await insertAll([...pairs.values()], (batch) =>
    tx.insert(connections).values(
      batch.map((c) => ({
        ...owned,
        firstCardId: c.firstCardId,
        secondCardId: c.secondCardId,
        rating: c.rating,
        quote: c.quote ?? null,
        ownerProfileId: target.profileId,
        updatedByProfileId: target.profileId,
        createdAt: now,
        updatedAt: now,
      })),
    ),
  );
  return { connections: pairs.size };
}
