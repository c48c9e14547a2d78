/**
 * The assistant's retrieval for a topic question (pure; it runs on a worker thread, issue #47):
 * the cards ranked by BM25 against the question, what people wrote weighed above what the agent
 * drafted, and each passage cut to the sentences that answer.
 */
import { rank } from '../../platform/ai/builtin/similarity.ts';
import type { Lang } from '../../platform/ai/builtin/text.ts';
import type { Passage } from '../../platform/ai/provider.ts';

export interface RetrievalInput {
  cards: { id: string; title: string; type: string; origin: string }[];
  /** Each card's text (bounded by the caller). */
  bodies: Record<string, string>;
  question: string;
  lang: Lang;
}

export function retrievePassages(input: RetrievalInput): Passage[] {
  const { cards, bodies, question, lang } = input;
  const ranked = rank(
    cards.map((r) => ({
      id: r.id,
      title: r.title,
      body: r.origin === 'generated' ? '' : (bodies[r.id] ?? ''),
    })),
    question,
    lang,
    8,
  );
  const byId = new Map(cards.map((r) => [r.id, r]));
  // What people wrote (evidence first) says more than what the agent drafted.
  const weighed = ranked
    .map((r) => {
      const card = byId.get(r.id)!;
      const weight = card.origin === 'generated' ? 0.8 : card.type === 'hypothesis' ? 1 : 1.5;
      return { ...r, score: r.score * weight };
    })
    .sort((a, b) => b.score - a.score);
  return weighed.slice(0, 5).map((r) => {
    const card = byId.get(r.id)!;
    // A generated card's text is the agent's own boilerplate: its title is the passage.
    const text =
      card.origin === 'generated'
        ? card.title
        : bestSentences(bodies[r.id] ?? '', question, lang) || card.title;
    return { cardId: r.id, title: card.title, type: card.type, text };
  });
}

/** The two sentences of a card's text that share the most words with the question. */
function bestSentences(text: string, question: string, lang: Lang) {
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
