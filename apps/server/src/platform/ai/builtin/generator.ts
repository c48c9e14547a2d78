/**
 * The built-in offline generator: deterministic and honest. It finds the customers, problem,
 * solution, product, channels, revenue and partners named in a description (cue words and
 * phrase extraction, in the description's own language), and writes testable hypotheses,
 * questions, a value proposition canvas and worksheets from templates in the chosen language.
 * It never invents a number, a company or a fact; every card says where it came from.
 */
import {
  SECTION_LENS,
  type AssistantAnswer,
  type GeneratedExperiment,
  type GeneratedHypothesis,
  type MarketData,
  type PetalDiagramData,
  type ProjectData,
  type ValuePropositionCanvas,
} from '@assay/domain';
import type {
  AiProvider,
  AnswerInput,
  Generated,
  HypothesisBrief,
  ProjectBrief,
} from '../provider.ts';
import { ASSISTANT_TEXT } from './assistant-text.ts';
import { findingScore, isSurprise, parseBusinessModel } from './model.ts';
import {
  writeDashboard,
  writeExperiments,
  writeHypotheses,
  writeValueProposition,
} from './writer.ts';
import { CUES, TEMPLATES, type Fill } from './lexicon.ts';
import {
  clip,
  isStopWord,
  keyPhrases,
  langOf,
  lowerFirst,
  sentences,
  words,
  type Lang,
  type Token,
} from './text.ts';

type Section = GeneratedHypothesis['section'];

/** The language a text is written in, among the five: the one whose stop words it uses most. */
export function detectLang(text: string, fallback: Lang): Lang {
  let best: Lang = fallback;
  let bestHits = 0;
  const langs: Lang[] = ['en', 'es', 'fr', 'it', 'pt'];
  for (const lang of langs) {
    const tokens = words(text.slice(0, 3000), lang);
    const hits = tokens.filter((t) => isStopWord(t.lower, lang)).length / (tokens.length || 1);
    if (hits > bestHits + 0.02 || (lang === fallback && hits >= bestHits - 0.02 && hits > 0)) {
      if (hits > bestHits) bestHits = hits;
      best = lang;
    }
  }
  return best;
}

function matches(lower: string, cues: readonly string[]): number {
  let n = 0;
  for (const cue of cues) {
    if (cue.includes(' ') || cue.endsWith(' ')) {
      if (lower.includes(cue)) n += 1;
    } else if (new RegExp(`(^|[^\\p{L}])${escape(cue)}`, 'u').test(lower)) n += 1;
  }
  return n;
}

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function startsWithAny(word: string, cues: readonly string[]) {
  return cues.some((c) => !c.includes(' ') && word.startsWith(c) && c.length >= 2);
}

function capitalize(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Whether punctuation separates two tokens of a sentence. */
function broken(sentence: string, a: Token, b: Token) {
  return /[,;:()."“”«»!?]/.test(sentence.slice(a.index + a.word.length, b.index));
}

/** A noun phrase around the token at i: leftwards in English, rightwards in Romance languages. */
function nounPhrase(sentence: string, tokens: Token[], i: number, lang: Lang, max = 4): string {
  const cues = CUES[lang];
  const picked: Token[] = [tokens[i]!];
  if (!cues.nounFirst) {
    for (let j = i - 1; j >= 0 && picked.length < max; j--) {
      const t = tokens[j]!;
      if (isStopWord(t.lower, lang) || broken(sentence, t, tokens[j + 1]!)) break;
      picked.unshift(t);
    }
    // "owners of small restaurants": keep a short "of" complement.
    const next = tokens[i + 1];
    if (next?.lower === 'of' && tokens[i + 2] && !broken(sentence, tokens[i]!, next)) {
      const tail: Token[] = [next];
      for (let j = i + 2; j < tokens.length && tail.length < 3; j++) {
        const t = tokens[j]!;
        if (cues.phraseEnd.includes(t.lower) || broken(sentence, tokens[j - 1]!, t)) break;
        tail.push(t);
      }
      if (tail.length > 1) picked.push(...tail);
    }
  } else {
    for (let j = i + 1; j < tokens.length && picked.length < max; j++) {
      const t = tokens[j]!;
      if (broken(sentence, tokens[j - 1]!, t)) break;
      const connector = cues.connectors.includes(t.lower);
      if (!connector && (isStopWord(t.lower, lang) || cues.phraseEnd.includes(t.lower))) break;
      picked.push(t);
    }
    while (picked.length > 1 && cues.connectors.includes(picked[picked.length - 1]!.lower)) {
      picked.pop();
    }
  }
  const first = picked[0]!;
  const last = picked[picked.length - 1]!;
  // "un'applicazione", "l'app": the elided article is not part of the phrase.
  return sentence.slice(first.index, last.index + last.word.length).replace(/^\p{L}{1,2}['’]/u, '');
}

/** The phrase after "for" (para, pour, per…) up to a relative word or punctuation. */
function forPhrase(
  sentence: string,
  tokens: Token[],
  lang: Lang,
): { phrase: string; at: number } | null {
  const cues = CUES[lang];
  for (let i = 0; i < tokens.length - 1; i++) {
    const single = cues.forWords.filter((w) => !w.includes(' '));
    if (!single.includes(tokens[i]!.lower)) continue;
    const picked: Token[] = [];
    for (let j = i + 1; j < tokens.length && picked.length < 6; j++) {
      const t = tokens[j]!;
      if (
        picked.length &&
        (cues.phraseEnd.includes(t.lower) || broken(sentence, tokens[j - 1]!, t))
      )
        break;
      if (
        !picked.length &&
        [
          'the',
          'a',
          'an',
          'los',
          'las',
          'les',
          'des',
          'i',
          'le',
          'gli',
          'os',
          'as',
          'el',
          'la',
        ].includes(t.lower)
      )
        continue;
      picked.push(t);
    }
    if (!picked.length) continue;
    const hasCustomer = picked.some((t) => startsWithAny(t.lower, cues.customers));
    if (!hasCustomer) continue;
    const first = picked[0]!;
    const last = picked[picked.length - 1]!;
    return { phrase: sentence.slice(first.index, last.index + last.word.length), at: i };
  }
  return null;
}

/** A key phrase that is not just the customer: two words or more preferred, customer words dropped. */
/** What the product is about: its phrase without the product noun ("mobile inventory app" → inventory). */
function productTopic(phrase: string | null, lang: Lang): string | null {
  if (!phrase) return null;
  const cues = CUES[lang];
  const rest = words(phrase, lang).filter((t) => {
    const bare = t.lower.replace(/^\p{L}{1,3}['’]/u, '');
    return (
      !cues.products.includes(bare) &&
      !cues.products.includes(bare.replace(/s$/, '')) &&
      !cues.connectors.includes(t.lower) &&
      !isStopWord(t.lower, lang)
    );
  });
  const pick = cues.nounFirst ? rest[0] : rest[rest.length - 1];
  return pick ? pick.word.replace(/^\p{L}{1,3}['’]/u, '') : null;
}

/** Words after which a phrase starts with a verb ("they waste hours"): subject pronouns. */
const SUBJECTS: Record<Lang, string[]> = {
  en: [
    'i',
    'you',
    'we',
    'they',
    'he',
    'she',
    'it',
    'who',
    'that',
    'still',
    'often',
    'always',
    'never',
  ],
  es: ['ellos', 'ellas', 'nosotros', 'que', 'se', 'todavía', 'aún', 'no'],
  fr: ['ils', 'elles', 'nous', 'on', 'qui', 'encore', 'ne'],
  it: ['che', 'si', 'loro', 'noi', 'ancora', 'non'],
  pt: ['eles', 'elas', 'nós', 'que', 'se', 'ainda', 'não'],
};

/** Whether a phrase, where it occurs in the text, starts with a verb (after a subject, or opening a sentence in a pro-drop language). */
function verbLed(phrase: string, text: string, lang: Lang): boolean {
  const at = text.toLowerCase().indexOf(phrase.toLowerCase());
  if (at < 0) return false;
  const before = words(text.slice(Math.max(0, at - 40), at), lang);
  const previous = before[before.length - 1]?.lower;
  if (previous && SUBJECTS[lang].includes(previous)) return true;
  const start = !previous || /[.!?]\s*$/.test(text.slice(0, at));
  return lang !== 'en' && start;
}

/**
 * A topic to name in questions and statements: a key phrase that is not just the customer and
 * does not start with a verb; two words or more preferred.
 */
function pickTopic(
  candidates: string[],
  customerWords: Set<string>,
  lang: Lang,
  text = '',
): string | null {
  const cleaned = candidates
    .filter((p) => !text || !verbLed(p, text, lang))
    .map((p) => {
      const tokens = words(p, lang).filter((t) => !customerWords.has(t.lower));
      const first = tokens[0];
      const last = tokens[tokens.length - 1];
      return first && last ? p.slice(first.index, last.index + last.word.length) : '';
    })
    .filter(Boolean);
  return cleaned.find((p) => words(p, lang).length >= 2) ?? cleaned[0] ?? null;
}

export interface Analysis {
  lang: Lang;
  sentences: string[];
  customer: string | null;
  customerSentence: string | null;
  problemSentence: string | null;
  problemSentences: string[];
  solutionSentence: string | null;
  productPhrase: string | null;
  channels: string[];
  channelSentence: string | null;
  revenue: string | null;
  revenueSentence: string | null;
  partner: string | null;
  partnerSentence: string | null;
  whyNowSentence: string | null;
  gainSentences: string[];
  topic: string | null;
  keyPhrases: string[];
}

/** What a description says: the phrases and sentences the templates are filled from. */
export function analyze(description: string, fallback: Lang): Analysis {
  const lang = detectLang(description, fallback);
  const cues = CUES[lang];
  const all = sentences(description, lang);
  const lowered = all.map((s) => s.toLowerCase());

  let customer: string | null = null;
  let customerSentence: string | null = null;
  for (const s of all) {
    const found = forPhrase(s, words(s, lang), lang);
    if (found) {
      customer = found.phrase;
      customerSentence = s;
      break;
    }
  }
  if (!customer) {
    outer: for (const s of all) {
      const tokens = words(s, lang);
      for (let i = 0; i < tokens.length; i++) {
        if (startsWithAny(tokens[i]!.lower, cues.customers) && tokens[i]!.lower.length > 2) {
          customer = nounPhrase(s, tokens, i, lang);
          customerSentence = s;
          break outer;
        }
      }
    }
  }

  const scored = (list: readonly string[]) =>
    lowered.map((l, i) => ({ i, n: matches(l, list) })).filter((x) => x.n > 0);
  const best = (list: readonly string[], exclude: Set<number> = new Set()) => {
    const hits = scored(list).filter((x) => !exclude.has(x.i));
    hits.sort((a, b) => b.n - a.n || a.i - b.i);
    return hits[0]?.i ?? null;
  };

  // The problem sentence: most problem cues, earlier first, not a "why now" sentence.
  const problemRank = scored(cues.problem)
    .map((x) => ({ ...x, n: x.n - (matches(lowered[x.i]!, cues.whyNow) ? 1.5 : 0) - x.i * 0.1 }))
    .sort((a, b) => b.n - a.n || a.i - b.i);
  const problemIndex = problemRank[0]?.i ?? null;
  const problemSentences = scored(cues.problem)
    .sort((a, b) => b.n - a.n || a.i - b.i)
    .slice(0, 4)
    .sort((a, b) => a.i - b.i)
    .map((x) => all[x.i]!);
  const solutionIndex = best(cues.solution, new Set(problemIndex === null ? [] : [problemIndex]));

  let productPhrase: string | null = null;
  for (const i of all.keys()) {
    const s = all[i]!;
    const tokens = words(s, lang);
    const at = tokens.findIndex((t) => {
      const bare = t.lower.replace(/^\p{L}{1,3}['’]/u, '');
      return cues.products.includes(bare) || cues.products.includes(bare.replace(/s$/, ''));
    });
    if (at >= 0) {
      productPhrase = nounPhrase(s, tokens, at, lang, 3);
      break;
    }
  }

  const channels: string[] = [];
  let channelSentence: string | null = null;
  for (const [i, l] of lowered.entries()) {
    for (const cue of cues.channels) {
      if (channels.length >= 2) break;
      const match = new RegExp(`(^|[^\\p{L}])(${escape(cue)})`, 'u').exec(l);
      if (match && !channels.some((c) => c.toLowerCase() === cue)) {
        const at = match.index + match[1]!.length;
        channels.push(all[i]!.slice(at, at + cue.length));
        channelSentence ??= all[i]!;
      }
    }
  }

  const around = (list: readonly string[]) => {
    for (const s of all) {
      const tokens = words(s, lang);
      let at = tokens.findIndex((t) => startsWithAny(t.lower, list));
      // "monthly subscription": end on the last cue word of a run.
      while (
        !cues.nounFirst &&
        at >= 0 &&
        tokens[at + 1] &&
        startsWithAny(tokens[at + 1]!.lower, list)
      )
        at += 1;
      if (at >= 0) return { phrase: nounPhrase(s, tokens, at, lang, 3), sentence: s };
    }
    return null;
  };
  const revenueAt = around(cues.revenue);
  const revenueIndex = best(cues.revenue);
  const partnerAt = around(cues.partners);
  const whyNowIndex = best(cues.whyNow, new Set(problemIndex === null ? [] : [problemIndex]));
  const gainSentences = scored(cues.gains)
    .slice(0, 4)
    .map((x) => all[x.i]!);

  const phrases = keyPhrases(description, lang, 12).map((p) => p.phrase);
  const customerWords = new Set(words(customer ?? '', lang).map((t) => t.lower));
  const problemPhrases = problemIndex !== null ? keyPhrases(all[problemIndex]!, lang, 5) : [];
  const topic =
    productTopic(productPhrase, lang) ??
    pickTopic(
      problemPhrases.map((p) => p.phrase),
      customerWords,
      lang,
      description,
    ) ??
    pickTopic(phrases, customerWords, lang, description);

  return {
    lang,
    sentences: all,
    customer: customer ? capitalize(customer) : null,
    customerSentence,
    problemSentence: problemIndex !== null ? all[problemIndex]! : null,
    problemSentences,
    solutionSentence: solutionIndex !== null ? all[solutionIndex]! : null,
    productPhrase,
    channels,
    channelSentence,
    revenue: revenueAt?.phrase ?? null,
    revenueSentence: revenueIndex !== null ? all[revenueIndex]! : (revenueAt?.sentence ?? null),
    partner: partnerAt ? capitalize(partnerAt.phrase) : null,
    partnerSentence: partnerAt?.sentence ?? null,
    whyNowSentence: whyNowIndex !== null ? all[whyNowIndex]! : null,
    gainSentences,
    topic: topic ? lowerFirst(topic) : null,
    keyPhrases: phrases,
  };
}

const OR: Record<Lang, string> = { en: 'or', es: 'o', fr: 'ou', it: 'o', pt: 'ou' };

function fillFor(a: Analysis, name: string, out: Lang): Fill {
  const t = TEMPLATES[out];
  const product = name.trim() || a.productPhrase || t.fallback.problem;
  return {
    customer: a.customer ?? t.fallback.customer,
    problem: a.problemSentence ? lowerFirst(clip(a.problemSentence, 140)) : t.fallback.problem,
    solution:
      a.productPhrase && a.productPhrase.toLowerCase() !== product.toLowerCase()
        ? `${product} (${a.productPhrase})`
        : product,
    product,
    channel: a.channels.length ? a.channels.join(` ${OR[out]} `) : t.fallback.channel,
    revenue: a.revenue ?? '',
    partner: a.partner ?? t.fallback.partner,
    topic: a.topic ?? (a.problemSentence ? lowerFirst(clip(a.problemSentence, 60)) : product),
  };
}

function sourceFor(section: Section, a: Analysis): string | null {
  switch (section) {
    case 'customerSegments':
      return a.problemSentence ?? a.customerSentence;
    case 'valuePropositions':
    case 'customerRelationships':
      return a.solutionSentence ?? a.sentences[0] ?? null;
    case 'channels':
      return a.channelSentence ?? a.customerSentence;
    case 'revenueStreams':
    case 'costStructure':
      return a.revenueSentence ?? a.solutionSentence;
    case 'keyPartners':
      return a.partnerSentence ?? a.solutionSentence;
    default:
      return a.solutionSentence ?? a.sentences[0] ?? null;
  }
}

function hypothesisFor(
  section: Section,
  template: (f: Fill) => string,
  a: Analysis,
  f: Fill,
  out: Lang,
): GeneratedHypothesis {
  const t = TEMPLATES[out];
  const source = sourceFor(section, a);
  const lens = SECTION_LENS[section] as 'desirability' | 'feasibility' | 'viability';
  return {
    section,
    title: clip(capitalize(template(f)), 290),
    description: [
      source
        ? t.generatedFrom(clip(source, 300))
        : t.generatedFrom(clip(a.sentences[0] ?? '', 300)),
      t.untested,
      t.howTo[lens](f),
    ].join('\n'),
  };
}

function brief(b: ProjectBrief) {
  const out = langOf(b.language);
  const a = analyze(b.description, out);
  return { out, a, f: fillFor(a, b.name, out), t: TEMPLATES[out] };
}

export function builtinProjectData(b: ProjectBrief): ProjectData {
  const { out, a, f, t } = brief(b);
  // The description read into a business model; the hypotheses are written from it.
  const model = parseBusinessModel(b.description, detectLang(b.description, out), b.name);
  const hypotheses: GeneratedHypothesis[] = writeHypotheses(model, out);
  const lead = a.sentences.slice(0, 2).join(' ');
  const fallback = {
    description: clip(lead, 1990) + (lead && !/[.!?…]$/.test(clip(lead, 1990)) ? '.' : ''),
    whoFor: a.customerSentence ?? t.dashboard.whoFor(f),
    problemStatement: a.problemSentences.length
      ? a.problemSentences.slice(0, 2).join(' ')
      : t.dashboard.problem(f),
    solutionStatement: a.solutionSentence ?? t.dashboard.solution(f),
    whyNot: t.dashboard.whyNot(f),
    whyNow: a.whyNowSentence ?? t.dashboard.whyNow(f),
  };
  const dashboard = writeDashboard(model, out, fallback);
  const experiments: GeneratedExperiment[] =
    b.experiments === false
      ? []
      : writeExperiments(
          model,
          out,
          (['interviews', 'smokeTest', 'preSale'] as const).map((kind) =>
            experimentFrom(kind, f, out, null),
          ),
        );
  return { hypotheses, dashboard, experiments };
}

function experimentFrom(
  kind: 'interviews' | 'smokeTest' | 'preSale',
  f: Fill,
  out: Lang,
  statement: string | null,
): GeneratedExperiment {
  const e = TEMPLATES[out].experiments[kind];
  return {
    title: clip(capitalize(e.title(f)), 290),
    experimentType: kind === 'interviews' ? 'generative' : 'evaluative',
    statement: statement ?? e.statement(f),
    description: e.description(f),
    successCriteria: [{ measurement: e.measurement, expectation: e.expectation }],
  };
}

export function builtinMarketData(b: ProjectBrief): MarketData {
  const { f, t } = brief(b);
  return {
    target: null,
    served: null,
    total: null,
    notes: t.market.notes(f),
    analysis: t.market.analysis(f),
  };
}

export function builtinPetalDiagram(b: ProjectBrief): PetalDiagramData {
  const { f, t } = brief(b);
  return {
    categories: t.petal.map((p) => ({
      title: p.title,
      description: p.description(f),
      marketAnalysis: p.marketAnalysis,
      value: '',
      companies: [],
    })),
  };
}

/**
 * More hypotheses for one section: first those the writer draws from the description's business
 * model (grounded in its facts), then the section's general questions, skipping titles the
 * project already has.
 */
export function builtinHypotheses(b: ProjectBrief, section: Section, existingTitles: string[]) {
  const { out, a, f, t } = brief(b);
  const existing = new Set(existingTitles.map((x) => x.trim().toLowerCase()));
  const model = parseBusinessModel(b.description, detectLang(b.description, out), b.name);
  const grounded = writeHypotheses(model, out).filter((h) => h.section === section);
  const general = t.hypotheses[section].map((template) =>
    hypothesisFor(section, template, a, f, out),
  );
  const all = [...grounded, ...general];
  const fresh = all.filter(
    (h, i) =>
      !existing.has(h.title.toLowerCase()) &&
      all.findIndex((o) => o.title.toLowerCase() === h.title.toLowerCase()) === i,
  );
  return { hypotheses: fresh.length ? fresh.slice(0, 3) : all.slice(0, 1) };
}

/** A hypothesis's generations use the project's words (customer, product, topic). */
function hypothesisFill(h: HypothesisBrief) {
  const { out, a, f } = brief(h.project);
  return { out, a, f };
}

export function builtinExperiment(h: HypothesisBrief): GeneratedExperiment {
  const { out, f } = hypothesisFill(h);
  const lens = SECTION_LENS[h.section as Section] ?? 'desirability';
  const kind =
    lens === 'viability'
      ? 'preSale'
      : h.section === 'valuePropositions' || h.section === 'channels'
        ? 'smokeTest'
        : 'interviews';
  return experimentFrom(kind, f, out, h.title);
}

export function builtinInterviewQuestions(h: HypothesisBrief): { questions: string[] } {
  const { out, f } = hypothesisFill(h);
  const t = TEMPLATES[out];
  const extra = t.sectionQuestions[h.section] ?? [];
  return { questions: [...t.questions, ...extra].map((q) => q(f)) };
}

/** Sentences scored by the key phrases they carry, plus cue words that mark a finding. */
function rankedSentences(text: string, fallback: Lang) {
  const lang = detectLang(text, fallback);
  const cues = CUES[lang];
  const all = sentences(text, lang);
  const phrases = keyPhrases(text, lang, 20);
  const scored = all.map((s, i) => {
    const lower = s.toLowerCase();
    let score = 0;
    for (const p of phrases) if (lower.includes(p.phrase.toLowerCase())) score += p.score;
    score +=
      3 *
      (matches(lower, cues.problem) + matches(lower, cues.revenue) + matches(lower, cues.gains));
    if (/\d/.test(s)) score += 2;
    if (s.length < 25) score *= 0.3;
    if (s.endsWith('?')) score *= 0.4;
    return { s, i, score };
  });
  return { lang, scored, all };
}

/**
 * Key insights from interview notes: the sentences that carry a pain, a figure or the surprise,
 * in the order they were written (at most six); the opening line naming who was interviewed and
 * small talk are left out.
 */
export function builtinKeyInsights(text: string, language: string): { insights: string[] } {
  const lang = detectLang(text, langOf(language));
  const all = sentences(text, lang);
  const scored = all.map((s, i) => {
    let score = findingScore(s, lang);
    // The first line usually says who was interviewed: it counts only for a pain it names.
    if (i === 0 && score < 3) score = 0;
    if (s.length < 25) score = 0;
    return { s, i, score };
  });
  const picked = scored
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, 6);
  // The surprise is kept even when its sentence names no pain.
  const surprise = scored.find((x) => isSurprise(x.s) && x.s.length >= 25);
  if (surprise && !picked.includes(surprise))
    picked.splice(Math.min(picked.length, 5), 1, surprise);
  const insights = picked.sort((a, b) => a.i - b.i).map((x) => clip(x.s, 590));
  return { insights: insights.length ? insights : [clip(text, 590)] };
}

export function builtinValueProposition(h: HypothesisBrief): ValuePropositionCanvas {
  const { out } = hypothesisFill(h);
  const model = parseBusinessModel(
    h.project.description,
    detectLang(h.project.description, out),
    h.project.name,
  );
  return writeValueProposition(model, out, templateValueProposition(h));
}

function templateValueProposition(h: HypothesisBrief): ValuePropositionCanvas {
  const { out, a, f } = hypothesisFill(h);
  const t = TEMPLATES[out];
  const pains = a.problemSentences.slice(0, 4).map((s) => clip(s, 280));
  const gains = a.gainSentences
    .filter((s) => !a.problemSentences.includes(s))
    .slice(0, 4)
    .map((s) => clip(s, 280));
  const products = [a.solutionSentence ? clip(a.solutionSentence, 280) : f.solution];
  return {
    customerJobs: [t.vpc.job(f)],
    pains,
    gains,
    productsAndServices: products,
    painRelievers: pains.slice(0, 3).map((p) => clip(t.vpc.reliever(lowerFirst(p)), 290)),
    gainCreators: gains.slice(0, 3).map((g) => clip(t.vpc.creator(lowerFirst(g)), 290)),
  };
}

export function builtinFileSummary(text: string, language: string): { summary: string } {
  const out = langOf(language);
  const { scored } = rankedSentences(text, out);
  const picked = [...scored]
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, Math.max(1, Math.min(5, Math.ceil(scored.length / 2))))
    .sort((a, b) => a.i - b.i);
  if (!picked.length) return { summary: clip(text, 3900) || '—' };
  return {
    summary: [TEMPLATES[out].summaryOf(picked.length), ...picked.map((x) => `- ${clip(x.s, 600)}`)]
      .join('\n')
      .slice(0, 3990),
  };
}

export function builtinAnswer(input: AnswerInput): AssistantAnswer {
  const out = langOf(input.language);
  const t = TEMPLATES[out];
  if (input.intent === 'riskiest' || input.intent === 'testNext') {
    // Ranked by the domain's rules: the first with its reasons, then the next ones.
    const a = ASSISTANT_TEXT[out];
    const [first, ...rest] = input.standings ?? [];
    if (!first) return { answer: a.none, citations: [] };
    const reasons = [
      first.risky ? a.risky : null,
      first.evidence === 0 ? a.noEvidence : a.evidence(first.evidence, first.ratingSum),
      first.ratingSum < 0 ? a.against : null,
      first.experimentRunning ? a.running : null,
    ].filter((r): r is string => !!r);
    const lead = (input.intent === 'riskiest' ? a.riskiest : a.testNext)(
      first.title,
      reasons.join(', '),
    );
    const then = rest.length ? ` ${a.then(rest.map((h) => a.quote(h.title)).join(', '))}` : '';
    return { answer: `${lead}${then}`, citations: [first.cardId, ...rest.map((h) => h.cardId)] };
  }
  if (!input.passages.length) return { answer: t.assistant.none, citations: [] };
  const lines = input.passages.map((p) =>
    p.text && p.text !== p.title ? `- ${p.title}: ${clip(p.text, 400)}` : `- ${p.title}`,
  );
  return {
    answer: [t.assistant.intro, ...lines].join('\n'),
    citations: [...new Set(input.passages.map((p) => p.cardId))],
  };
}

function wrap<T>(value: T): Promise<Generated<T>> {
  return Promise.resolve({ value, provider: 'builtin', fellBack: false });
}

/** The built-in provider: the default when no model endpoint is configured. */
export function createBuiltinProvider(): AiProvider {
  return {
    name: 'builtin',
    projectData: (b) => wrap(builtinProjectData(b)),
    marketData: (b) => wrap(builtinMarketData(b)),
    petalDiagram: (b) => wrap(builtinPetalDiagram(b)),
    hypotheses: (b, section, existing) => wrap(builtinHypotheses(b, section, existing)),
    experiment: (h) => wrap(builtinExperiment(h)),
    interviewQuestions: (h) => wrap(builtinInterviewQuestions(h)),
    keyInsights: (input) => wrap(builtinKeyInsights(input.text, input.language)),
    valuePropositionCanvas: (h) => wrap(builtinValueProposition(h)),
    fileSummary: (input) => wrap(builtinFileSummary(input.text, input.language)),
    answer: (input) => wrap(builtinAnswer(input)),
  };
}
