/** Card completions by the agent (part 2 §7): interview questions, key insights, the value proposition canvas; a card's generation state. */
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import {
  AppError,
  CARD_COMPLETIONS,
  cardPath,
  quoteInContext,
  cardCompletionSchema,
  isEvidenceType,
  type GenerationState,
} from '@assay/domain';
import {
  memberHasFeature,
  type MemberContext,
  type RequestContext,
} from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { cardAccess } from '../cards/ports.ts';
import { cards, cardTexts } from '../cards/schema.ts';
import { parse } from '../../http/parse.ts';
import { connectionSuggestions, generations } from './schema.ts';
import { presentGeneration, requireAgent, startGeneration } from './service.ts';
import { requireEditable } from './guards.ts';
import { evidenceText } from './evidence-run.ts';

export const COMPLETION_TYPES: Record<
  (typeof CARD_COMPLETIONS)[number],
  (type: string) => boolean
> = {
  interviewQuestions: (type) => type === 'hypothesis',
  valuePropositionCanvas: (type) => type === 'hypothesis',
  keyInsights: (type) => isEvidenceType(type) || type === 'interview',
  // An experiment's results are evidence too (#49 item 1): completing one offers the reading.
  connectionSuggestions: (type) =>
    isEvidenceType(type) || type === 'interview' || type === 'experiment',
};

/** A card's completion: interview questions, key insights or a value proposition canvas. */
export async function generateCardCompletion(
  services: AppServices,
  member: MemberContext,
  input: unknown,
  context: RequestContext,
) {
  const data = parse(cardCompletionSchema.safeParse(input));
  requireAgent(member);
  const access = await cardAccess(services, member, data.cardId);
  requireEditable(access, member);
  if (!COMPLETION_TYPES[data.completion](access.card.type)) {
    throw new AppError('validation', { message: 'This card cannot have that completion.' });
  }
  await startGeneration(
    services,
    member,
    {
      projectId: access.card.projectId,
      cardId: access.card.id,
      kind: data.completion,
      input: { language: access.project.language },
    },
    context,
  );
  return cardGeneration(services, member, data.cardId);
}

/** The card's completions (latest of each), its pending suggestions, and what the member may start. */
export async function cardGeneration(services: AppServices, member: MemberContext, cardId: string) {
  const access = await cardAccess(services, member, cardId);
  const db = services.database.db;
  const rows = await db
    .select()
    .from(generations)
    .where(and(eq(generations.cardId, cardId), inArray(generations.kind, [...CARD_COMPLETIONS])))
    .orderBy(desc(generations.createdAt));
  const [insights] = await db
    .select({ generated: cardTexts.generated, rawText: cardTexts.rawText })
    .from(cardTexts)
    .where(and(eq(cardTexts.cardId, cardId), eq(cardTexts.field, 'keyInsights')));
  const completions: Record<string, (GenerationState & { result: unknown }) | null> = {};
  for (const kind of CARD_COMPLETIONS) {
    const row = rows.find((r) => r.kind === kind);
    completions[kind] = row
      ? {
          ...presentGeneration(row),
          result: row.result ?? null,
          modifiedByUser:
            kind === 'keyInsights' && row.status === 'success'
              ? Boolean(insights && !insights.generated && insights.rawText.trim())
              : row.modifiedByUser,
        }
      : null;
  }
  const suggestions = await db
    .select({
      id: connectionSuggestions.id,
      hypothesisId: connectionSuggestions.hypothesisCardId,
      score: connectionSuggestions.score,
      rating: connectionSuggestions.rating,
      quote: connectionSuggestions.quote,
      reason: connectionSuggestions.reason,
      title: cards.title,
    })
    .from(connectionSuggestions)
    .innerJoin(cards, eq(cards.id, connectionSuggestions.hypothesisCardId))
    .where(
      and(
        eq(connectionSuggestions.evidenceCardId, cardId),
        eq(connectionSuggestions.status, 'pending'),
        isNull(cards.deletedAt),
      ),
    )
    .orderBy(desc(connectionSuggestions.score));
  const agent = memberHasFeature(member, 'glidrai');
  const editable = (() => {
    try {
      requireEditable(access, member);
      return true;
    } catch {
      return false;
    }
  })();
  return {
    cardId,
    completions,
    suggestions: await withQuoteContext(services, cardId, suggestions),
    abilities: {
      generate: agent && editable,
      completions: CARD_COMPLETIONS.filter((k) => COMPLETION_TYPES[k](access.card.type)),
    },
  };
}

/**
 * Each suggestion with the words around its quote in the evidence as it reads now (#49 item 4:
 * "the quote highlighted in the evidence's text"), and the path its hypothesis opens on.
 */
async function withQuoteContext<T extends { hypothesisId: string; quote: string | null }>(
  services: AppServices,
  cardId: string,
  suggestions: T[],
) {
  const text = suggestions.some((s) => s.quote) ? await evidenceText(services, cardId) : '';
  return suggestions.map((s) => {
    const shown = quoteInContext(s.quote, text);
    return {
      ...s,
      before: shown?.before ?? null,
      after: shown?.after ?? null,
      path: cardPath({ id: s.hypothesisId, type: 'hypothesis' }),
    };
  });
}
