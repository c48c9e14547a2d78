/**
 * A project's cards copied into another project (migrateProject takes a project into an
 * organisation of its own): every published card that is not in the trash, with its hypothesis,
 * experiment or evidence part, its texts (marked migrated), the people interviewed, and the rated
 * connections between the cards copied. What belonged to the old organisation's people (card
 * members, reviews, integration links, mentions) stays behind; authorship passes to the one who
 * copies. Runs inside the caller's transaction.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
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
} from './schema.ts';

export interface ProjectCopyTarget {
  organizationId: string;
  projectId: string;
  profileId: string;
}

/** Copies the cards; answers the old card id → new card id map (for their files). */
export async function copyProjectCards(
  tx: Executor,
  source: { organizationId: string; projectId: string },
  target: ProjectCopyTarget,
): Promise<Map<string, string>> {
  const now = new Date();
  const sections = await tx
    .select()
    .from(boardSections)
    .where(eq(boardSections.projectId, source.projectId));
  if (sections.length)
    await tx
      .insert(boardSections)
      .values(sections.map((s) => ({ ...s, id: randomUUID(), projectId: target.projectId })));

  const rows = await tx
    .select()
    .from(cards)
    .where(
      and(
        eq(cards.projectId, source.projectId),
        eq(cards.organizationId, source.organizationId),
        isNull(cards.deletedAt),
        eq(cards.draft, false),
      ),
    );
  const ids = new Map(rows.map((c) => [c.id, randomUUID()]));
  if (rows.length === 0) return ids;
  const newId = (id: string) => ids.get(id) ?? id;
  const oldIds = [...ids.keys()];
  const owned = { organizationId: target.organizationId, projectId: target.projectId };

  await tx.insert(cards).values(
    rows.map((c) => ({
      ...c,
      ...owned,
      id: newId(c.id),
      version: 1,
      origin: 'migrated',
      viewed: false,
      createdByProfileId: target.profileId,
      updatedByProfileId: target.profileId,
      createdAt: now,
      updatedAt: now,
    })),
  );
  const ideas = await tx.select().from(hypotheses).where(inArray(hypotheses.cardId, oldIds));
  if (ideas.length)
    await tx.insert(hypotheses).values(
      ideas.map((h) => ({
        ...h,
        cardId: newId(h.cardId),
        projectId: target.projectId,
        members: [],
        jiraLink: null,
        trelloIds: [],
        reviewState: 'none',
        reviewNote: null,
        reviewedBy: null,
        reviewedAt: null,
        reviewRequestedAt: null,
        resultUpdatedBy: h.resultUpdatedBy ? target.profileId : null,
      })),
    );
  const tests = await tx.select().from(experiments).where(inArray(experiments.cardId, oldIds));
  if (tests.length)
    await tx.insert(experiments).values(
      tests.map((e) => ({
        ...e,
        cardId: newId(e.cardId),
        projectId: target.projectId,
        members: [],
      })),
    );
  const found = await tx.select().from(evidence).where(inArray(evidence.cardId, oldIds));
  if (found.length)
    await tx.insert(evidence).values(
      found.map((e) => ({
        ...e,
        cardId: newId(e.cardId),
        projectId: target.projectId,
        engagement: null,
      })),
    );
  const texts = await tx.select().from(cardTexts).where(inArray(cardTexts.cardId, oldIds));
  if (texts.length)
    await tx.insert(cardTexts).values(
      texts.map((t) => ({
        ...t,
        cardId: newId(t.cardId),
        mentions: [],
        migrated: true,
        updatedAt: now,
        updatedByProfileId: target.profileId,
      })),
    );

  // The people interviewed come along, once each, as the new organisation's contacts.
  const links = await tx
    .select()
    .from(cardInterviewees)
    .where(inArray(cardInterviewees.cardId, oldIds));
  if (links.length) {
    const people = await tx
      .select()
      .from(interviewees)
      .where(
        and(
          eq(interviewees.organizationId, source.organizationId),
          inArray(
            interviewees.id,
            links.map((l) => l.intervieweeId),
          ),
        ),
      );
    const personIds = new Map(people.map((p) => [p.id, randomUUID()]));
    await tx.insert(interviewees).values(
      people.map((p) => ({
        ...p,
        id: personIds.get(p.id) ?? randomUUID(),
        organizationId: target.organizationId,
      })),
    );
    const kept = links.filter((l) => personIds.has(l.intervieweeId));
    if (kept.length)
      await tx.insert(cardInterviewees).values(
        kept.map((l) => ({
          ...l,
          cardId: newId(l.cardId),
          intervieweeId: personIds.get(l.intervieweeId) ?? l.intervieweeId,
        })),
      );
  }

  // Connections between two cards that both came along, with their ratings.
  const pairs = await tx
    .select()
    .from(connections)
    .where(
      and(eq(connections.projectId, source.projectId), inArray(connections.firstCardId, oldIds)),
    );
  const both = pairs.filter((p) => ids.has(p.secondCardId));
  if (both.length)
    await tx.insert(connections).values(
      both.map((p) => {
        const [first, second] = [newId(p.firstCardId), newId(p.secondCardId)].sort();
        return {
          ...p,
          ...owned,
          id: randomUUID(),
          firstCardId: first as string,
          secondCardId: second as string,
          ownerProfileId: target.profileId,
          updatedByProfileId: target.profileId,
          createdAt: now,
          updatedAt: now,
        };
      }),
    );
  return ids;
}
