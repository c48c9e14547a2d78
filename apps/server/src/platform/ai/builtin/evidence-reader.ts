/**
 * The built-in evidence reader (#49): which hypotheses a piece of evidence bears on, in which
 * direction and how strongly, each with a verbatim quote; and its key insights, each with a quote.
 * No model: it reads the words of the people the evidence is about (not the interviewer's
 * questions, not the company's replies in a chat), finds the passage that speaks to each
 * hypothesis by the words they share (weighted by how particular they are to that hypothesis, and
 * by the figures they share), and rates it by the Mom Test — a refusal, an absence or what already
 * serves them disconfirms; something done or paid confirms; praise, promises and hedges count for
 * nothing. Quotes are cut from the text itself, so they are verbatim by construction (and checked
 * again by the caller, as every tier's are).
 */
import type { EvidenceReading, EvidenceReadingInput, EvidenceSuggestion } from '@assay/domain';
import { matches } from './analysis.ts';
import { EVIDENCE_CUES, READING_REASONS, type EvidenceCues } from './evidence-cues.ts';
import { figures, passages, stemsOf, type Passage } from './evidence-passages.ts';
import { measure, thresholdOf, withDigits, type Threshold } from './evidence-thresholds.ts';
import { contentStems, langOf, type Lang } from './text.ts';

export { passages } from './evidence-passages.ts';

interface Weighted {
  id: string;
  /** The canvas section it is on. */
  section: string;
  weights: Map<string, number>;
  total: number;
  numbers: Set<string>;
  /** The stems of the claim itself (its title): a passage must share one to bear on it. */
  titleStems: Set<string>;
  /** The claim as written, lower case: its own negations and cue words. */
  claim: string;
  /** A threshold the claim sets ("at least 3 hours", "more than $5,000"), if any. */
  threshold: Threshold | null;
}

/** Each hypothesis's words, weighted by how particular they are to it among the others. */
export function weighHypotheses(input: EvidenceReadingInput, lang: Lang): Weighted[] {
  const titleStems = input.hypotheses.map((h) => new Set(stemsOf(h.title, lang)));
  const bodyStems = input.hypotheses.map((h) => new Set(stemsOf(h.description, lang)));
  const common = new Set(contentStems(`${input.project.name}`, lang));
  const described = new Set(contentStems(input.project.description, lang));
  const df = new Map<string, number>();
  input.hypotheses.forEach((_, i) => {
    for (const s of new Set([...titleStems[i]!, ...bodyStems[i]!])) df.set(s, (df.get(s) ?? 0) + 1);
  });
  const n = input.hypotheses.length;
  return input.hypotheses.map((h, i) => {
    const weights = new Map<string, number>();
    const add = (s: string, base: number) => {
      if (s.length < 3 || common.has(s)) return;
      const idf = Math.log((n + 1) / ((df.get(s) ?? 0) + 0.5));
      const w = base * Math.max(idf, 0.1) * (described.has(s) ? 0.7 : 1);
      weights.set(s, Math.max(weights.get(s) ?? 0, w));
    };
    for (const s of bodyStems[i]!) add(s, 0.5);
    for (const s of titleStems[i]!) add(s, 1);
    // Normalised by the claim's own words: notes add matches, not length.
    let total = 0;
    for (const [stem, w] of weights) if (titleStems[i]!.has(stem)) total += w;
    return {
      id: h.id,
      section: h.section,
      weights,
      total,
      numbers: figures(h.title),
      titleStems: titleStems[i]!,
      claim: h.title.toLowerCase().replace(/[’‘]/g, "'"),
      threshold: thresholdOf(h.title, lang),
    };
  });
}

/**
 * How much a passage bears on a claim, by the words and figures they share. With `labelled`, a
 * point of notes labelled with the claim's own word ("• Commissioni: …") counts that word twice:
 * every sentence of it is about the claim, whatever else it mentions (used to choose among a
 * claim's passages, not to compare claims).
 */
export function relevance(h: Weighted, p: Passage, labelled = false): number {
  let shared = 0;
  let titled = 0;
  for (const s of p.stems) {
    const w = h.weights.get(s);
    if (w) {
      shared += labelled && p.topic?.has(s) && h.titleStems.has(s) ? 2 * w : w;
      if (h.titleStems.has(s)) titled += 1;
    }
  }
  let figure = 0;
  for (const n of p.numbers) if (h.numbers.has(n)) figure = 1.5;
  // Words of the notes alone do not make a passage about the claim (the trap of shared words).
  if (titled === 0 && figure === 0) return 0;
  return shared / Math.sqrt(h.total || 1) + figure;
}

interface Reading {
  against: number;
  strongAgainst: boolean;
  behaviour: number;
  praise: number;
  hedge: number;
  /** The figures the passage gives against the claim's threshold: 1 meets it, -1 falls short. */
  measured: number;
}

/** Cue words found in the text but not in the claim: what the evidence adds to what it says. */
function added(text: string, claim: string, list: readonly string[]): number {
  return matches(
    text,
    list.filter((cue) => matches(claim, [cue]) === 0),
  );
}

/**
 * What a passage (with the sentence after it, in the same turn) says about a claim, by its cue
 * words: a negation the claim itself makes ("won't switch without…") agrees with one in the
 * evidence rather than contradicting it.
 */
/** Where a sentence turns to its reason ("…, because …"): the reason is read apart. */
const REASONS: Record<Lang, RegExp> = {
  en: /\s(?:because|since|as)\s/iu,
  es: /\s(?:porque|ya que|pues)\s/iu,
  fr: /\s(?:parce que|parce qu'|car|puisque)\s?/iu,
  it: /\s(?:perché|poiché|siccome)\s/iu,
  pt: /\s(?:porque|pois|já que)\s/iu,
};

/**
 * The part of a passage that speaks to the claim: a reason given for it ("she pays a neighbour…
 * because she never leaves work before 5") is not what the claim is rated on, unless the claim's
 * words are only in the reason.
 */
function focus(text: string, h: Weighted | undefined, lang: Lang): string {
  if (!h) return text;
  const m = REASONS[lang].exec(text);
  if (!m || m.index === 0) return text;
  const head = text.slice(0, m.index);
  const weight = (part: string) =>
    stemsOf(part, lang).reduce((sum, stem) => sum + (h.weights.get(stem) ?? 0), 0);
  return weight(head) >= weight(text.slice(m.index)) ? head : text;
}

/**
 * A short answer that opens a reply ("not really, …", "no, …"): it answers the question asked, not
 * the claim; what follows it is what the passage says.
 */
const ANSWER: Record<Lang, RegExp> = {
  en: /^\s*(?:no|nope|nah|not really|not exactly|not quite)\s*[,.;:!—–-]\s*/iu,
  es: /^\s*(?:no|la verdad no|pues no|no tanto|no mucho)\s*[,.;:!—–-]\s*/iu,
  fr: /^\s*(?:non|pas vraiment|pas trop|pas tellement|bof)\s*[,.;:!—–-]\s*/iu,
  it: /^\s*(?:no|non proprio|non tanto|non molto|mah)\s*[,.;:!—–-]\s*/iu,
  pt: /^\s*(?:não|nem tanto|não muito|não exatamente)\s*[,.;:!—–-]\s*/iu,
};

/**
 * A relative clause describes its noun ("players who did not know the club", "a waiter who did
 * not ask for it"): a negation inside one is not said of the claim.
 */
const RELATIVE: Record<Lang, RegExp> = {
  en: /\b(?:who|whom|which)\b[^,;:.!?]*/giu,
  es: /\s(?:que|quien|quienes)\s+(?=no\s)[^,;:.!?]*/giu,
  fr: /\s(?:qui|que|qu')\s*(?=ne\s|n')[^,;:.!?]*/giu,
  it: /\s(?:che|cui)\s+(?:(?:la|lo|li|le|ci|si|mi|ti|vi|gli|ne|il)\s+)*(?=non\s)[^,;:.!?]*/giu,
  pt: /\s(?:que|quem)\s+(?=não\s)[^,;:.!?]*/giu,
};

/**
 * "Already" before a count or an age ("she's already 9", "ya son 6 semanas"): time gone by, not
 * something that already serves them.
 */
const ALREADY_A_COUNT: Record<Lang, RegExp> = {
  en: /\balready\s+(?:[\p{L}']+\s+)?(?=\d)/giu,
  es: /(?<!\p{L})ya\s+(?:\p{L}+\s+)?(?=\d)/giu,
  fr: /(?<!\p{L})déjà\s+(?:\p{L}+\s+)?(?=\d)/giu,
  it: /(?<!\p{L})già\s+(?:\p{L}+\s+)?(?=\d)/giu,
  pt: /(?<!\p{L})já\s+(?:\p{L}+\s+)?(?=\d)/giu,
};

export function read(
  passage: Passage,
  next: Passage | undefined,
  cues: EvidenceCues,
  h?: Weighted,
  lang: Lang = 'en',
): Reading {
  const own = focus(passage.text, h, lang)
    .replace(ANSWER[lang], '')
    .toLowerCase()
    .replace(/[’‘]/g, "'");
  const claim = h?.claim ?? '';
  const context = next && next.turn === passage.turn ? next.text.toLowerCase() : '';
  const contractions = (text: string) => (text.includes("n't") ? 1 : 0);
  const stated = own.replace(RELATIVE[lang], ' ');
  const evidenceNegated = matches(stated, cues.negation) + contractions(stated);
  const claimNegated = matches(claim, cues.negation) + contractions(claim);
  // Both negative, or both not: they agree.
  const negation = claimNegated > 0 ? (evidenceNegated > 0 ? -1 : 0) : evidenceNegated;
  const alternative = added(
    withDigits(own, lang).replace(ALREADY_A_COUNT[lang], ' '),
    claim,
    cues.alternative,
  );
  const contrastNext = context
    ? matches(context, cues.negation) + added(context, claim, cues.alternative)
    : 0;
  const behaviour =
    matches(own, cues.behaviour) + (figures(own).size > 0 ? 1 : 0) + (negation < 0 ? 2 : 0);
  let measured = h?.threshold ? measure(passage.text, h.threshold, lang) : 0;
  // Paying more than the price today supports it, but a refusal or what already serves them
  // still outweighs it; paying less today falls short of it.
  let paysMore = 0;
  if (h?.threshold?.implied && measured > 0) {
    measured = 0;
    paysMore = 1;
  }
  return {
    against:
      Math.max(negation, 0) +
      alternative +
      (matches(own, cues.contrast) ? 0.5 : 0) +
      contrastNext * 0.5,
    strongAgainst: negation > 0 && (alternative > 0 || behaviour > 0),
    behaviour: behaviour + paysMore,
    praise: matches(own, cues.praise),
    hedge: matches(own, cues.hedge),
    measured,
  };
}

/** A relevant plain statement about their own situation, with no cue either way, leans for. */
const DEFAULT_RATING = 1;

export function rate(r: Reading): number {
  if (r.measured !== 0) return r.measured * 2;
  // "Not sure, we'll see": a hedge with a lone "not" in it is no answer either way.
  if (r.hedge > 0 && r.against < 2 && !r.strongAgainst) return 0;
  if (r.against >= 1) return r.strongAgainst || r.against >= 2 ? -2 : -1;
  if (r.praise > 0 || r.hedge > 0) return 0;
  if (r.behaviour >= 2) return 2;
  if (r.behaviour >= 1) return 1;
  return DEFAULT_RATING;
}

/** A reading with no cue at all: what {@link rate} gives {@link DEFAULT_RATING} for. */
function plain(r: Reading): boolean {
  return r.measured === 0 && r.against < 1 && r.behaviour === 0 && r.praise === 0 && r.hedge === 0;
}

function reason(rating: number, lang: Lang): string {
  const r = READING_REASONS[lang];
  if (rating <= -2) return r.against;
  if (rating < 0) return r.leansAgainst;
  if (rating >= 2) return r.for;
  return r.leansFor;
}

/** The share of the best relevance under which a hypothesis is left alone. */
const RELATIVE_FLOOR = 0.3;
/** The least relevance that links at all. */
const ABSOLUTE_FLOOR = 0.5;
/**
 * How much more a passage must share with a claim about the business's own workings before a
 * customer's words are read as bearing on it. Interviews, posts and chats test what customers
 * are, want, do and pay (segments, value, revenue); they seldom speak to the team's partners,
 * activities, resources and costs, and a word shared with those ("the parking is terrible" and
 * "parking will cost us $150") is most often only a shared word. Channels and relationships lie
 * between. (The spec's lenses: the feasibility blocks and the cost structure ask twice as much.)
 */
const SECTION_FLOOR: Record<string, number> = {
  keyPartners: 2,
  keyActivities: 2,
  keyResources: 2,
  costStructure: 2,
  channels: 1.25,
  customerRelationships: 1.25,
};
/** Passages this close to the most relevant one are read too. */
const NEAR = 0.6;

export function builtinReadEvidence(
  input: EvidenceReadingInput,
  language: string,
): EvidenceReading {
  const lang = langOf(language);
  const cues = EVIDENCE_CUES[lang];
  const said = passages(input.evidence.text, lang, input.project.name);
  const hypotheses = weighHypotheses(input, lang);

  const best = hypotheses.map((h) => {
    const ranked = said
      .map((p, i) => ({ p, i, score: relevance(h, p), labelled: relevance(h, p, true) }))
      .filter((x) => x.score > 0)
      .sort((a, b) => b.labelled - a.labelled);
    return { h, ranked };
  });
  const most = (ranked: { score: number }[]) => Math.max(0, ...ranked.map((x) => x.score));
  const top = Math.max(0, ...best.map((b) => most(b.ranked)));
  const suggestions: EvidenceSuggestion[] = [];
  for (const { h, ranked } of best) {
    const first = ranked[0];
    const floor = ABSOLUTE_FLOOR * (SECTION_FLOOR[h.section] ?? 1);
    if (!first || most(ranked) < floor || most(ranked) < top * RELATIVE_FLOOR) continue;
    // The strongest relevant passage that says something: praise and hedges are passed over,
    // and a fact against the claim outweighs talk for it (the Mom Test).
    const rated: { p: Passage; rating: number }[] = [];
    const recommends = matches(h.claim, cues.recommend) > 0;
    const workings = (SECTION_FLOOR[h.section] ?? 1) >= 2;
    for (const candidate of ranked.slice(0, 4)) {
      if (candidate.labelled < first.labelled * NEAR) break;
      // A question states nothing.
      if (/[?？]\s*["”»]?$/.test(candidate.p.text)) continue;
      const next = said[candidate.i + 1];
      // "They will recommend us" is borne on by somebody recommending, not by their name alone.
      const around = `${candidate.p.text} ${next?.turn === candidate.p.turn ? next.text : ''}`;
      if (recommends && matches(around.toLowerCase(), cues.recommend) === 0) continue;
      const reading = read(candidate.p, next, cues, h, lang);
      // On the business's own workings, a customer's plain remark with nothing done, paid or
      // refused in it is not evidence either way.
      if (workings && plain(reading)) continue;
      const rating = rate(reading);
      if (rating !== 0) rated.push({ p: candidate.p, rating });
    }
    const chosen = rated.find((r) => r.rating < 0) ?? rated[0] ?? null;
    if (!chosen) continue;
    suggestions.push({
      hypothesisId: h.id,
      rating: chosen.rating as EvidenceSuggestion['rating'],
      quote: chosen.p.text,
      reason: reason(chosen.rating, lang),
    });
  }
  return {
    suggestions,
    insights: insights(said, hypotheses, cues, new Set(suggestions.map((s) => s.quote))),
  };
}

/** The passages that carry facts: figures, behaviour, refusals; not praise or questions. */
function insights(
  said: Passage[],
  hypotheses: Weighted[],
  cues: EvidenceCues,
  suggested: Set<string>,
) {
  const scored = said.map((p, i) => {
    const r = read(p, said[i + 1], cues);
    const words = p.text.split(/\s+/).length;
    const related = Math.max(0, ...hypotheses.map((h) => relevance(h, p)));
    // A figure counts once more than in behaviour (where it is counted already); a passage that
    // moves a hypothesis is a key insight; a short statement against a claim ("Not an issue.")
    // is as much one as a long one.
    let score =
      (p.numbers.size > 0 ? 1 : 0) +
      Math.min(r.behaviour, 2) +
      Math.min(r.against, 2) +
      Math.min(related, 2) -
      (r.praise > 0 && r.against === 0 ? 2 : 0) -
      (p.text.trim().endsWith('?') ? 3 : 0) +
      (suggested.has(p.text) ? 2 : 0);
    if (words < 6 && r.against === 0) score -= 2;
    return { p, i, score };
  });
  const picked = scored
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, 6);
  if (picked.length < 3) {
    for (const s of scored.sort((a, b) => b.score - a.score)) {
      if (picked.length >= 3) break;
      if (!picked.includes(s)) picked.push(s);
    }
  }
  return picked
    .sort((a, b) => a.i - b.i)
    .map(({ p }) => ({
      text: p.text.replace(/^[\s•·▪*-]+/, '').slice(0, 600),
      quote: p.text,
    }));
}
