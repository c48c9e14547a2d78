/**
 * The assistant: questions about the project answered from its own cards. "Which hypothesis is
 * riskiest?" and "what should we test next?" are ranked by the domain's rules over each
 * hypothesis's standing (risk flag, result, evidence connected and its ratings, experiments
 * running); any other question retrieves passages from the hypotheses, evidence and experiments
 * (BM25). The provider words the answer; the cited cards are checked against the project.
 */
import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import {
  AppError,
  askAssistantSchema,
  generationProblem,
  assistantIntent,
  cardPath,
  isEvidenceType,
  rankRiskiest,
  rankTestNext,
  type HypothesisStanding,
  type Language,
} from '@assay/domain';
import type { MemberContext } from '../../http/member-context.ts';
import type { Passage } from '../../platform/ai/provider.ts';
import { langOf } from '../../platform/ai/builtin/text.ts';
import type { AppServices } from '../../services.ts';
import { workspaceAccess } from '../cards/ports.ts';
import { cards, cardTexts } from '../cards/schema.ts';
import { parse } from '../../http/parse.ts';
import { threadRunner } from '../../platform/threads/index.ts';
import type { RetrievalInput } from './assistant-retrieval.ts';
import { generations } from './schema.ts';
import { limitsFor, requireAgent } from './service.ts';

const ASSISTANT_TYPES = [
  'hypothesis',
  'interview',
  'post',
  'evidenceOther',
  'intercom',
  'experiment',
];

/** Words that ask about what people said (then only evidence answers). */
const ABOUT_EVIDENCE =
  /interview|evidence|customers? said|people said|entrevista|evidencia|entretien|preuve|intervist|evidenz|evidência|disseram|dijeron|ont dit|hanno detto/i;

/** Every published hypothesis of the project with its evidence, ratings and running experiments. */
export async function hypothesisStandings(
  services: AppServices,
  projectId: string,
): Promise<HypothesisStanding[]> {
  const result = await services.database.executeSql(
    `select c.id, c.title, h.risky, h.result,
       count(e.id) filter (where e.type in ('interview', 'post', 'evidenceOther', 'intercom') or e.is_evidence)::int as evidence,
       coalesce(sum(k.rating) filter (where e.type in ('interview', 'post', 'evidenceOther', 'intercom') or e.is_evidence), 0)::int as rating_sum,
       bool_or(x.phase in ('test', 'analyze')) as running
     from cards c
     join hypotheses h on h.card_id = c.id
     left join connections k on k.first_card_id = c.id or k.second_card_id = c.id
     left join cards e on e.id = case when k.first_card_id = c.id then k.second_card_id else k.first_card_id end
       and e.deleted_at is null
     left join experiments x on x.card_id = e.id
     where c.project_id = $1 and c.type = 'hypothesis' and c.deleted_at is null
       and c.draft = false and c.template = false
     group by c.id, c.title, h.risky, h.result`,
    [projectId],
  );
  return (result.rows as Record<string, unknown>[]).map((row) => ({
    cardId: String(row.id),
    title: String(row.title),
    risky: row.risky === true,
    result: (row.result as HypothesisStanding['result']) ?? 'none',
    evidence: Number(row.evidence ?? 0),
    ratingSum: Number(row.rating_sum ?? 0),
    experimentRunning: row.running === true,
  }));
}

/** The facts of a standing as a passage's text (what a model reads; the built-in words its own). */
function standingText(h: HypothesisStanding): string {
  return [
    h.risky ? 'marked risky' : 'not marked risky',
    `${h.evidence} piece(s) of evidence connected`,
    `rating sum ${h.ratingSum}`,
    h.experimentRunning ? 'an experiment is running' : 'no experiment running',
    h.result === 'none' ? 'not settled' : h.result,
  ].join('; ');
}

/** What one topic question may read (issue #47): cards, each card's text, all texts together. */
export const ASSISTANT_BOUNDS = { cards: 2000, charsPerCard: 8_000, chars: 1_000_000 } as const;
/** A question still "processing" after this long was cut short (a crash): it no longer blocks. */
const STALE_QUESTION_MS = 2 * 60 * 1000;

const retrieveOffThread = threadRunner<RetrievalInput, Passage[]>(
  new URL('./assistant-thread.ts', import.meta.url),
  { maxHeapMb: 256, timeoutMs: 60_000 },
);

/**
 * A question takes the organisation's one assistant slot and one of its AI generations: a row
 * of kind "assistant", processing until answered. A second question of the organisation while one
 * runs conflicts on the partial unique index and is refused; forty at once, one is answered.
 */
async function beginQuestion(
  services: AppServices,
  member: MemberContext,
  projectId: string,
  question: string,
) {
  const problem = generationProblem(
    await limitsFor(services.database.db, member.organization, null),
    'assistant',
  );
  if (problem) throw new AppError(problem);
  const insert = () =>
    services.database.db
      .insert(generations)
      .values({
        organizationId: member.organization.id,
        projectId,
        kind: 'assistant',
        status: 'processing',
        totalStages: 2,
        prompt: question,
        requestedByProfileId: member.profileId,
        startedAt: new Date(),
      })
      .onConflictDoNothing()
      .returning({ id: generations.id });
  let [row] = await insert();
  if (!row) {
    const stale = await services.database.db
      .update(generations)
      .set({ status: 'fail', error: 'cut short', endedAt: new Date() })
      .where(
        and(
          eq(generations.organizationId, member.organization.id),
          eq(generations.kind, 'assistant'),
          eq(generations.status, 'processing'),
          lt(generations.startedAt, new Date(Date.now() - STALE_QUESTION_MS)),
        ),
      )
      .returning({ id: generations.id });
    if (stale.length) [row] = await insert();
  }
  if (!row) throw new AppError('assistantBusy');
  return row.id;
}

async function endQuestion(services: AppServices, id: string, answered: boolean) {
  const db = services.database.db;
  // A question that failed does not use the allowance.
  if (!answered) await db.delete(generations).where(eq(generations.id, id));
  else
    await db
      .update(generations)
      .set({ status: 'success', stage: 2, endedAt: new Date() })
      .where(eq(generations.id, id));
}

export async function askAssistant(services: AppServices, member: MemberContext, input: unknown) {
  const data = parse(askAssistantSchema.safeParse(input));
  requireAgent(member);
  const access = await workspaceAccess(services, member, data.projectId);
  const id = await beginQuestion(services, member, data.projectId, data.question);
  let answered = false;
  try {
    const answer = await answerQuestion(services, data, access.project.language as Language);
    answered = true;
    return answer;
  } finally {
    await endQuestion(services, id, answered);
  }
}

async function answerQuestion(
  services: AppServices,
  data: { projectId: string; question: string },
  language: Language,
) {
  const intent = assistantIntent(data.question);
  if (intent !== 'topic') {
    const standings = await hypothesisStandings(services, data.projectId);
    const ranked = (
      intent === 'riskiest' ? rankRiskiest(standings) : rankTestNext(standings)
    ).slice(0, 3);
    const passages: Passage[] = ranked.map((h) => ({
      cardId: h.cardId,
      title: h.title,
      type: 'hypothesis',
      text: standingText(h),
    }));
    const answer = await services.ai.answer({
      question: data.question,
      passages,
      language,
      intent,
      standings: ranked,
    });
    return present(
      answer,
      new Map(ranked.map((h) => [h.cardId, { title: h.title, type: 'hypothesis' }])),
    );
  }
  const db = services.database.db;
  const evidenceOnly = ABOUT_EVIDENCE.test(data.question);
  const rows = (
    await db
      .select({ id: cards.id, title: cards.title, type: cards.type, origin: cards.origin })
      .from(cards)
      .where(
        and(
          eq(cards.projectId, data.projectId),
          isNull(cards.deletedAt),
          eq(cards.draft, false),
          eq(cards.template, false),
          inArray(cards.type, ASSISTANT_TYPES),
        ),
      )
      .orderBy(desc(cards.updatedAt))
      .limit(ASSISTANT_BOUNDS.cards)
  ).filter((r) => !evidenceOnly || isEvidenceType(r.type));
  // Each card gets an even share of the budget (at most charsPerCard), read from its start.
  const share = Math.max(
    200,
    Math.min(
      ASSISTANT_BOUNDS.charsPerCard,
      Math.floor(ASSISTANT_BOUNDS.chars / (rows.length || 1)),
    ),
  );
  const texts = rows.length
    ? await db
        .select({
          cardId: cardTexts.cardId,
          rawText: sql<string>`left(${cardTexts.rawText}, ${share})`,
        })
        .from(cardTexts)
        .where(
          inArray(
            cardTexts.cardId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  const bodies: Record<string, string> = {};
  for (const t of texts) {
    const joined = `${bodies[t.cardId] ?? ''}\n${t.rawText}`;
    bodies[t.cardId] = joined.slice(0, share);
  }
  const cardsRead = rows.map((r) => ({ ...r, origin: r.origin ?? '' }));
  const passages = await retrieveOffThread({
    cards: cardsRead,
    bodies,
    question: data.question,
    lang: langOf(language),
  });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const answer = await services.ai.answer({ question: data.question, passages, language, intent });
  return present(answer, byId);
}

function present(
  answer: Awaited<ReturnType<AppServices['ai']['answer']>>,
  cited: Map<string, { title: string; type: string }>,
) {
  const ids = answer.value.citations.filter((id) => cited.has(id));
  return {
    answer: answer.value.answer,
    provider: answer.provider,
    fellBack: answer.fellBack,
    citations: ids.map((id) => {
      const card = cited.get(id)!;
      return {
        cardId: id,
        title: card.title,
        type: card.type,
        path: cardPath({ id, type: card.type }),
      };
    }),
  };
}
