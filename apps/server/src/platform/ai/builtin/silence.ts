/**
 * Whether a description is silent on a canvas section (#50 item 3): a question is written only where
 * the founder said nothing of the kind. When the reader could not pull a fact out of a section the
 * description does talk about (its cue words are there: a channel, a partner, a price, a cost…), the
 * draft says less — no question — rather than telling the founder their description is silent on
 * something it states.
 */
import type { GeneratedHypothesis } from '@assay/domain';
import { CUES } from './lexicon.ts';
import { MODEL_CUES } from './model-cues.ts';
import { cueRegex, MONEY } from './phrases.ts';
import type { Lang } from './text.ts';

type Section = GeneratedHypothesis['section'];

/** The lexicon's words (matched as word starts) and the model's cue expressions, per section. */
function cuesOf(section: Section, lang: Lang): { prefixes: string[]; expressions: string[] } {
  const lexicon = CUES[lang];
  const model = MODEL_CUES[lang];
  switch (section) {
    case 'customerSegments':
      return { prefixes: lexicon.customers, expressions: [] };
    case 'valuePropositions':
    case 'keyActivities':
      return { prefixes: [...lexicon.solution, ...lexicon.products], expressions: [] };
    case 'channels':
      return {
        prefixes: [...lexicon.channels, ...FOUND_THROUGH[lang], ...GO_THROUGH[lang]],
        expressions: [...model.channel],
      };
    case 'revenueStreams':
      // Not the lexicon's revenue words: "plan" is a price plan and a plan for a wedding.
      return { prefixes: [], expressions: model.price.filter((c) => !/^plan/i.test(c)) };
    case 'keyPartners':
      return {
        prefixes: [...lexicon.partners, ...GO_THROUGH[lang]],
        expressions: [...model.partner],
      };
    case 'keyResources':
    case 'costStructure':
      // "Les coûts ? …", "El costo principal son…": the cost words themselves, in any phrasing.
      return { prefixes: COST_WORDS[lang], expressions: [...model.cost] };
    default:
      return { prefixes: [], expressions: [] };
  }
}

/** Words for what the business spends (word starts): a cost said in any phrasing. */
const COST_WORDS: Record<Lang, string[]> = {
  en: ['cost', 'expense', 'overhead', 'spend on'],
  es: ['costo', 'coste', 'gasto'],
  fr: ['coût', 'dépense', 'charges'],
  it: ['cost', 'spes'],
  pt: ['custo', 'despesa', 'gasto'],
};

/**
 * Going through someone ("we go through the co-ops", "on passe par les coopératives", "i
 * pagamenti passano da Stripe"): a third party carries customers or money for the business — a
 * channel, and a partner at work. (The verb, not a bare "via" or "through": a channel reached
 * "through Instagram" names no partner.)
 */
const GO_THROUGH: Record<Lang, string[]> = {
  en: ['go through', 'goes through', 'going through', 'run through', 'runs through'],
  es: ['pasamos por', 'pasa por', 'pasan por'],
  fr: ['passe par', 'passons par', 'passent par'],
  it: ['passiamo per', 'passiamo da', 'passa per', 'passa da', 'passano per', 'passano da'],
  pt: ['passamos por', 'passa por', 'passam por'],
};

/** How people say where customers come from, besides naming a channel (word starts). */
const FOUND_THROUGH: Record<Lang, string[]> = {
  en: [
    'hear about us',
    'hears about us',
    'find us',
    'finds us',
    'found us',
    'newsletter',
    'word of mouth',
    'referr',
    'flyer',
  ],
  es: [
    'nos conoce',
    'nos encuentra',
    'se entera',
    'boletín',
    'boca a boca',
    'de boca en boca',
    'recomendaci',
    'volante',
  ],
  fr: [
    'nous connaiss',
    'nous trouv',
    'entend parler',
    'lettre',
    'bouche-à-oreille',
    'bouche à oreille',
    'recommandation',
    'flyer',
    'prospectus',
  ],
  it: [
    'ci conosc',
    'ci trov',
    'sente parlare',
    'newsletter',
    'passaparola',
    'volantin',
    'consigli',
  ],
  pt: [
    'nos conhec',
    'nos encontr',
    'ouve falar',
    'boletim',
    'boca a boca',
    'indicaç',
    'panfleto',
    'folheto',
  ],
};

const prefixRegexes = new Map<string, RegExp>();
function prefixRegex(words: readonly string[], key: string): RegExp {
  let re = prefixRegexes.get(key);
  if (!re) {
    const body = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
    re = new RegExp(`(?<![\\p{L}\\p{N}])(?:${body})`, 'iu');
    prefixRegexes.set(key, re);
  }
  return re;
}

/**
 * Someone who does something for the business ("the building managers who hand out our flyers",
 * "les gardiens qui distribuent nos prospectus", "a clinic checks the records for us", "we lease
 * the land from him"): a clause that ends on "our" or "us", or work done for or with us, is a
 * partner at work, named or not.
 */
const ACTS_FOR_US: Record<Lang, RegExp> = {
  en: /\b(?:who|that)\s+(?:\p{L}+\s+){0,3}(?:our|us)\b|\b(?:for|with) us\b|\bfrom (?:him|her|them)\b/iu,
  es: /\bque\s+(?:\p{L}+\s+){0,3}(?:nuestr[oa]s?|nos)\b|\b(?:para|con) nosotros\b/iu,
  fr: /\bqui\s+(?:\p{L}+\s+){0,3}(?:nos|notre|nous)\b|\b(?:pour|avec) nous\b/iu,
  it: /\bche\s+(?:\p{L}+\s+){0,3}(?:i nostri|le nostre|il nostro|la nostra|ci)\b|\b(?:per|con) noi\b/iu,
  pt: /\bque\s+(?:\p{L}+\s+){0,3}(?:nossos?|nossas?|nos|a gente)\b|\b(?:pra|para|com) (?:a gente|nós)\b/iu,
};

/** True when the description speaks to the section, whether or not a fact could be read from it. */
export function mentionsSection(
  description: string,
  section: Section,
  lang: Lang,
  name = '',
  /** Phrases the reader already placed elsewhere (a channel, a price…): not this section's. */
  placed: readonly string[] = [],
): boolean {
  // A price, or a take rate ("le club nous reverse 10 à 15 %").
  if (section === 'revenueStreams' && (MONEY.test(description) || /\d\s?%/u.test(description)))
    return true;
  // Partners are often named, not described: a name other than the product's, mid-sentence.
  const rest = placed.reduce(
    (text, phrase) => (phrase ? text.split(phrase).join(' ') : text),
    description,
  );
  if (section === 'keyPartners' && (namesOthers(rest, name) || ACTS_FOR_US[lang].test(rest)))
    return true;
  // Costs: more than one amount, where one is the price.
  if (section === 'costStructure') {
    // An amount the reader did not read as a price is likely a cost.
    if (MONEY.test(rest)) return true;
  }
  const { prefixes, expressions } = cuesOf(section, lang);
  if (prefixes.length && prefixRegex(prefixes, `${lang}:${section}`).test(rest)) return true;
  return expressions.length > 0 && cueRegex(expressions, `silence:${lang}:${section}`).test(rest);
}

export function isQuestionTitle(title: string): boolean {
  const t = title.trim();
  return t.endsWith('?') || t.startsWith('¿');
}

/** A capitalised name in the middle of a sentence that is not the product's own. */
function namesOthers(description: string, name: string): boolean {
  const own = new Set(
    name
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean),
  );
  for (const m of description.matchAll(/(?<=[\p{L}\p{N},;:)] )(\p{Lu}[\p{L}\p{N}&'’-]+)/gu)) {
    if (!own.has(m[1]!.toLowerCase())) return true;
  }
  return false;
}

/**
 * Any tier's hypotheses without false gaps (#50 item 5): a question in a section the description
 * speaks to, with no hypothesis there resting on the founder's words, is dropped before it is saved.
 */
export function withoutFalseGaps<T extends { section: string; title: string }>(
  hypotheses: T[],
  brief: { name: string; description: string },
  lang: Lang,
): T[] {
  return hypotheses.filter(
    (h) =>
      !isQuestionTitle(h.title) ||
      !mentionsSection(brief.description, h.section as Section, lang, brief.name),
  );
}
