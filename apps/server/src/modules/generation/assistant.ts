/**
 * The assistant: questions about the project answered from its own cards. "Which hypothesis is
 * riskiest?" and "what should we test next?" are ranked by the domain's rules over each
 * hypothesis's standing (risk flag, result, evidence connected and its ratings, experiments
 * running); any other question retrieves passages from the hypotheses, evidence and experiments
 * (BM25). The provider words the answer; the cited cards are checked against the project.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  askAssistantSchema,
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
import { rank } from '../../platform/ai/builtin/similarity.ts';
import { langOf } from '../../platform/ai/builtin/text.ts';
import type { AppServices } from '../../services.ts';
import { workspaceAccess } from '../cards/ports.ts';
import { cards, cardTexts } from '../cards/schema.ts';
import { parse } from '../../http/parse.ts';
import { requireAgent } from './service.ts';

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

export async function askAssistant(services: AppServices, member: MemberContext, input: unknown) {
  const data = parse(askAssistantSchema.safeParse(input));
  requireAgent(member);
  const access = await workspaceAccess(services, member, data.projectId);
  const language = access.project.language as Language;
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
      .limit(2000)
  ).filter((r) => !evidenceOnly || isEvidenceType(r.type));
  const texts = rows.length
    ? await db
        .select({ cardId: cardTexts.cardId, rawText: cardTexts.rawText })
        .from(cardTexts)
        .where(
          inArray(
            cardTexts.cardId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  const body = new Map<string, string>();
  for (const t of texts) body.set(t.cardId, `${body.get(t.cardId) ?? ''}\n${t.rawText}`);
  const lang = langOf(language);
  const ranked = rank(
    rows.map((r) => ({
      id: r.id,
      title: r.title,
      body: r.origin === 'generated' ? '' : (body.get(r.id) ?? ''),
    })),
    data.question,
    lang,
    8,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  // What people wrote (evidence first) says more than what the agent drafted.
  const weighed = ranked
    .map((r) => {
      const card = byId.get(r.id)!;
      const weight = card.origin === 'generated' ? 0.8 : card.type === 'hypothesis' ? 1 : 1.5;
      return { ...r, score: r.score * weight };
    })
    .sort((a, b) => b.score - a.score);
  const passages = weighed.slice(0, 5).map((r) => {
    const card = byId.get(r.id)!;
    // A generated card's text is the agent's own boilerplate: its title is the passage.
    const text =
      card.origin === 'generated'
        ? card.title
        : bestSentences(body.get(r.id) ?? '', data.question, lang) || card.title;
    return { cardId: r.id, title: card.title, type: card.type, text };
  });
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

/** The two sentences of a card's text that share the most words with the question. */
function bestSentences(text: string, question: string, lang: ReturnType<typeof langOf>) {
  const sentences = text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 3);
  if (!sentences.length) return '';
  const ranked = rank(
    sentences.map((s, i) => ({ id: String(i), title: '', body: s })),
    question,
    lang,
    2,
  );
  const picked = (ranked.length ? ranked.map((r) => Number(r.id)) : [0]).sort((a, b) => a - b);
  return picked.map((i) => sentences[i]).join(' ');
}
