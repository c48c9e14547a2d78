/**
 * The built-in offline generator: deterministic and honest. It finds the customers, problem,
 * solution, product, channels, revenue and partners named in a description (cue words and
 * phrase extraction, in the description's own language), and writes testable hypotheses,
 * questions, a value proposition canvas and worksheets from templates in the chosen language.
 * It never invents a number, a company or a fact; every card says where it came from.
 */
import { builtinReadEvidence } from './evidence-reader.ts';
import { withoutFalseGaps } from './silence.ts';
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
import { findingScore, isSurprise } from './findings.ts';
import { parseBusinessModel } from './model.ts';
import { MODEL_CUES } from './model-cues.ts';
import { cueRegex, wordsOf } from './phrases.ts';
import {
  writeDashboard,
  writeExperiments,
  writeHypotheses,
  writeValueProposition,
} from './writer.ts';
import { CUES, TEMPLATES, type Fill } from './lexicon.ts';
import { clip, keyPhrases, langOf, lowerFirst, sentences, type Lang } from './text.ts';
import { analyze, capitalize, detectLang, matches, type Analysis } from './analysis.ts';

type Section = GeneratedHypothesis['section'];

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

/** How many of the description's words an experiment's statement may repeat about the problem. */
const PROBLEM_WORDS = 10;

/**
 * The first `max` words of a text, with "…" when it was longer. An elided word counts as two
 * ("c'est", "l'appli"), as a reader counts them: the statement never pastes a long run of the
 * description.
 */
function clipWords(text: string, max: number): string {
  const words = text.split(/\s+/).filter(Boolean);
  const kept: string[] = [];
  let count = 0;
  for (const word of words) {
    count += 1 + (word.match(/[\p{L}][’'][\p{L}]/gu)?.length ?? 0);
    // A word the founder said twice in a row ("en LA la gente") ends the excerpt before it.
    const last = kept.at(-1);
    if (count > max || (last && last.toLowerCase() === word.toLowerCase())) break;
    kept.push(word);
  }
  if (kept.length === words.length) return text;
  return `${kept.join(' ').replace(/[,;:.…]+$/, '')}…`;
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
    // The problem said in a few words: the statement names it, it does not paste the description.
    statement: statement ?? e.statement({ ...f, problem: clipWords(f.problem, PROBLEM_WORDS) }),
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
  // The general questions too: none in a section the description speaks to (#50 item 4).
  const all = withoutFalseGaps([...grounded, ...general], b, model.lang);
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
  const questions = [...t.questions, ...extra].map((q) => q(f));
  // The first asks about the last time of the pain the founder named, in their words (when they
  // wrote in the language the questions are in): a topic picked from the text reads badly.
  const { description, name } = h.project;
  const lang = detectLang(description, out);
  const pain = lang === out ? parseBusinessModel(description, lang, name).pains[0] : undefined;
  // Only a pain said as one: a few words, not a cost or a partner the reader took for it.
  const cues = MODEL_CUES[lang];
  const notPain = cueRegex([...cues.cost, ...cues.costBefore, ...cues.partner], `${lang}:notPainQ`);
  if (pain && pain.length <= 160 && wordsOf(pain).length >= 3 && !notPain.test(pain))
    questions[0] = t.lastTimePain(pain);
  return { questions };
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
    readEvidence: (input) => wrap(builtinReadEvidence(input, input.language)),
  };
}
