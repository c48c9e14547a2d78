/**
 * The agent reading an evidence card (#49): key insights with their quotes (the keyInsights
 * completion) and rated connection suggestions with their quotes and reasons. Both go through
 * readEvidenceChecked, so no quote reaches a card that is not in the evidence word for word.
 * A suggestion dismissed for this version of the evidence is not made again; one already
 * connected is not suggested.
 */
import { createHash } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { AppError, type EvidenceReadingInput } from '@assay/domain';
import type { UnitOfWork } from '../../platform/events/unit-of-work.ts';
import type { AppServices } from '../../services.ts';
import {
  cards,
  connections,
  evidence as evidenceParts,
  experiments,
  hypotheses,
} from '../cards/schema.ts';
import { readEvidenceChecked } from './evidence-reading.ts';
import { cardText, type Finish, type Run } from './run-context.ts';
import { connectionSuggestions, evidenceReadings } from './schema.ts';
import { writeGeneratedText } from './writes.ts';

const EVIDENCE_TEXT_FIELDS = ['notes', 'description', 'summary', 'results'];

/**
 * The version of the evidence a suggestion was read from: a digest of the text read (31 bits, an
 * integer column), so writing key insights or renaming the card does not bring back a dismissal,
 * and a changed transcript does.
 */
function textVersion(text: string): number {
  return parseInt(createHash('sha256').update(text).digest('hex').slice(0, 7), 16);
}

/**
 * The evidence's own words: its notes and description, a post's summary, a customer chat's
 * messages (each as "Name: message", as a transcript reads), an experiment's results and key
 * learnings.
 */
export async function evidenceText(services: AppServices, cardId: string): Promise<string> {
  const [extra] = await services.database.db
    .select({ summary: evidenceParts.summary, conversation: evidenceParts.conversation })
    .from(evidenceParts)
    .where(eq(evidenceParts.cardId, cardId));
  const chat = (extra?.conversation?.conversationParts ?? [])
    .filter((p) => p.body.trim())
    .map((p) => `${p.authorName || p.authorType}: ${p.body.replace(/<[^>]*>/g, ' ').trim()}`)
    .join('\n');
  // An experiment's results (its results text, above) and its key learnings.
  const [experiment] = await services.database.db
    .select({ keyLearnings: experiments.keyLearnings })
    .from(experiments)
    .where(eq(experiments.cardId, cardId));
  return [
    await cardText(services, cardId, EVIDENCE_TEXT_FIELDS),
    extra?.summary ?? '',
    chat,
    experiment?.keyLearnings ?? '',
  ]
    .filter((t) => t.trim())
    .join('\n\n');
}

/** What the agent reads: the project, its published hypotheses, and the evidence's own text. */
async function readingInput(
  services: AppServices,
  run: Run,
  cardId: string,
): Promise<{ input: EvidenceReadingInput; version: number }> {
  const [evidence] = await services.database.db
    .select({ title: cards.title, type: cards.type })
    .from(cards)
    .where(eq(cards.id, cardId));
  if (!evidence) throw new AppError('cardNotFound');
  const text = run.row.prompt?.trim() || (await evidenceText(services, cardId));
  if (!text.trim()) {
    throw new AppError('validation', {
      message: 'Add notes or a transcript to draw key insights from.',
    });
  }
  const rows = await services.database.db
    .select({ id: cards.id, title: cards.title, section: hypotheses.canvasSection })
    .from(cards)
    .innerJoin(hypotheses, eq(hypotheses.cardId, cards.id))
    .where(
      and(eq(cards.projectId, run.project.id), isNull(cards.deletedAt), eq(cards.draft, false)),
    );
  const hypothesisList = [];
  for (const h of rows)
    hypothesisList.push({
      id: h.id,
      section: h.section ?? '',
      title: h.title,
      description: await cardText(services, h.id, ['description']),
    });
  return {
    input: {
      project: { name: run.brief.name, description: run.brief.description },
      hypotheses: hypothesisList,
      evidence: { type: evidence.type, title: evidence.title, text },
    },
    version: textVersion(text),
  };
}

/** Key insights, each with its quote: written to the card's keyInsights field as a list. */
export async function keyInsightsRun(services: AppServices, run: Run): Promise<Finish> {
  await run.stage(1);
  const cardId = run.row.cardId!;
  const { input } = await readingInput(services, run, cardId);
  const checked = await readEvidenceChecked(services.ai, {
    ...input,
    language: run.brief.language,
    context: run.brief.context ?? '',
  });
  await run.stage(2);
  const insights = checked.reading.insights;
  return async (unit) => {
    const plain = insights.map((i) => `- ${i.text} — “${i.quote}”`).join('\n');
    const written = await writeGeneratedText(unit.tx, run.actor, cardId, 'keyInsights', plain);
    if (written) {
      await unit.tx
        .update(cards)
        .set({ updatedAt: new Date(), version: sql`${cards.version} + 1` })
        .where(eq(cards.id, cardId));
    }
    return {
      result: {
        insights: insights.map((i) => i.text),
        quotes: insights,
        written,
        fellBack: checked.fellBack,
      },
    };
  };
}

/** What the agent suggests for one evidence card, and the writes that keep it. */
async function suggestionsFor(services: AppServices, run: Run, cardId: string) {
  const { input, version } = await readingInput(services, run, cardId);
  const linked = await services.database.db
    .select({ a: connections.firstCardId, b: connections.secondCardId })
    .from(connections)
    .where(eq(connections.projectId, run.project.id));
  const connected = new Set(
    linked.flatMap((l) => (l.a === cardId ? [l.b] : l.b === cardId ? [l.a] : [])),
  );
  const checked = await readEvidenceChecked(services.ai, {
    ...input,
    hypotheses: input.hypotheses.filter((h) => !connected.has(h.id)),
    language: run.brief.language,
    context: run.brief.context ?? '',
  });
  const suggestions = checked.reading.suggestions.filter((s) => s.rating !== 0);
  const write = async (unit: UnitOfWork) => {
    // What was pending gives way to this reading; accepted and dismissed ones stay as decided.
    await unit.tx
      .delete(connectionSuggestions)
      .where(
        and(
          eq(connectionSuggestions.evidenceCardId, cardId),
          eq(connectionSuggestions.status, 'pending'),
        ),
      );
    // Read now: "Read new evidence" passes it over until it changes.
    await unit.tx
      .insert(evidenceReadings)
      .values({ cardId, organizationId: run.actor.organizationId, readAt: new Date() })
      .onConflictDoUpdate({ target: evidenceReadings.cardId, set: { readAt: new Date() } });
    const made: string[] = [];
    for (const s of suggestions) {
      const values = {
        score: Math.abs(s.rating),
        rating: s.rating,
        quote: s.quote,
        reason: s.reason,
        evidenceVersion: version,
      };
      const [row] = await unit.tx
        .insert(connectionSuggestions)
        .values({
          organizationId: run.actor.organizationId,
          projectId: run.project.id,
          evidenceCardId: cardId,
          hypothesisCardId: s.hypothesisId,
          ...values,
        })
        .onConflictDoUpdate({
          target: [connectionSuggestions.evidenceCardId, connectionSuggestions.hypothesisCardId],
          set: { ...values, status: 'pending', decidedByProfileId: null, updatedAt: new Date() },
          // A dismissal holds for the version it was made on (#49); a changed text is read anew
          // (one dismissed before versions were kept holds for good).
          setWhere: and(
            eq(connectionSuggestions.status, 'dismissed'),
            ne(connectionSuggestions.evidenceVersion, version),
          ),
        })
        .returning({ id: connectionSuggestions.id });
      if (row) made.push(s.hypothesisId);
    }
    return made;
  };
  return { write, dropped: checked.dropped, fellBack: checked.fellBack };
}

/** Rated suggestions for the hypotheses the evidence bears on, each with its quote and reason. */
export async function connectionSuggestionsRun(services: AppServices, run: Run): Promise<Finish> {
  await run.stage(1);
  const found = await suggestionsFor(services, run, run.row.cardId!);
  await run.stage(2);
  return async (unit) => {
    const made = await found.write(unit);
    return { result: { hypotheses: made, dropped: found.dropped, fellBack: found.fellBack } };
  };
}

/**
 * "Read new evidence" (#49 item 5): every published evidence card of the project the agent has
 * not read yet, or that changed since it read it, one after another, with progress; the
 * suggestions land together, for one review list.
 */
export async function readNewEvidenceRun(services: AppServices, run: Run): Promise<Finish> {
  await run.stage(1);
  const unread = await services.database.db
    .select({ id: cards.id })
    .from(cards)
    .where(
      and(
        eq(cards.projectId, run.project.id),
        eq(cards.isEvidence, true),
        eq(cards.draft, false),
        isNull(cards.deletedAt),
        sql`not exists (select 1 from ${evidenceReadings} r
              where r.card_id = ${cards.id} and r.read_at >= ${cards.updatedAt})`,
      ),
    )
    .orderBy(cards.createdAt);
  const writes: ((unit: UnitOfWork) => Promise<string[]>)[] = [];
  let read = 0;
  await run.stage(2, { read: `0/${unread.length}` });
  for (const card of unread) {
    // A card without text to read is passed over, not a failure of the whole run.
    const found = await suggestionsFor(services, run, card.id).catch((error: unknown) => {
      if (error instanceof AppError) return null;
      throw error;
    });
    read += 1;
    if (found) writes.push(found.write);
    await run.stage(2, { read: `${read}/${unread.length}` });
  }
  return async (unit) => {
    let suggested = 0;
    for (const write of writes) suggested += (await write(unit)).length;
    return { result: { read: unread.length, suggested } };
  };
}
