/**
 * Phrases out of a founder's sentences, for the business-model parser: cue expressions, a phrase
 * tidied and shortened to a few of the founder's words, lists split into items.
 */
import { CUES } from './lexicon.ts';
import { MODEL_CUES } from './model-cues.ts';
import { type Lang } from './text.ts';

/** The longest phrase kept from the description: short enough never to read as pasted. */
export const PHRASE_WORDS = 8;

const compiled = new Map<string, RegExp>();
/** A cue list as one regular expression matching at word starts (accents count as letters). */
export function cueRegex(cues: readonly string[], key: string): RegExp {
  let re = compiled.get(key);
  if (!re) {
    const body = cues.map((c) => c.replace(/\\w/g, '\\p{L}')).join('|');
    re = new RegExp(`(?<![\\p{L}\\p{N}])(?:${body})(?![\\p{L}\\p{N}])`, 'iu');
    compiled.set(key, re);
  }
  return re;
}

/**
 * An amount of money however it is written: a symbol before or after, a range ("450-650 dlls"),
 * thousands said as a word ("15 mil pesos", "2,5 k€") and the informal currency names and codes.
 */
export const MONEY =
  /(?:(?:R\$|US\$|[$€£])\s?\d[\d.,\u00A0\u202F ]*\d|(?:R\$|US\$|[$€£])\s?\d|\d[\d.,\u00A0\u202F ]*(?:\s?[-–]\s?\d[\d.,\u00A0\u202F ]*)?\s?(?:(?:k|mil|mille)\s?)?(?:€|\$|euros?|dólares|dollars|reais|real|dlls?|dls|usd|eur|brl|mxn|pesos)(?![\p{L}]))/iu;

/** An article opening a noun phrase (Portuguese "a" is one too, but also a preposition). */
export const ARTICLE = /^(?:an?|the|una?|une|uno|um|uma|el|la|le|les|los|las|il|lo|gli|os|as|o)$/iu;

/**
 * A clause that is a condition ("if that doesn't work", "cuando el cliente no paga", "se il
 * cliente…"): what happens then is in the clause after it, not in this one.
 */
export const CONDITION: Record<Lang, RegExp> = {
  en: /^(?:if|when|unless|once)(?![\p{L}'])/iu,
  es: /^(?:si|cuando|aunque|en caso de que)(?![\p{L}])/iu,
  fr: /^(?:si|s'il|s'ils|quand|lorsque|lorsqu'\p{L}+)(?![\p{L}'])/iu,
  it: /^(?:se|qualora|quando|nel caso in cui)(?![\p{L}'])/iu,
  // "se" opens a Portuguese condition only before its subject ("se inscreve" is a verb).
  pt: /^(?:caso|quando|se (?:o|a|os|as|ele|ela|eles|elas|você|vocês|não|isso|der|tiver|for|houver))(?![\p{L}])/iu,
};

/**
 * A phrase with its own subject ("you upload the contract", "a licensed attorney reviews it",
 * "nous livrons…"): the product's name cannot go before it as its subject. Not the articles that
 * are also object pronouns ("Forfy la invia", "X le transmet", "X lo envía"): the name goes
 * before those.
 */
export const OWN_SUBJECT =
  /^(?:an?|the|una?|une|uno|um|uma|el|il|i|you|we|they|our|your|their|usted|ustedes|tú|nosotros|nosotras|ellos|ellas|vous|nous|on|ils|elles|je|voi|noi|loro|io|você|vocês|nós|eles|elas|eu|a gente)(?![\p{L}'])/iu;

export function wordsOf(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

/** Fillers of speech a phrase does not start with (voice memos, chat). */
const LEADING_FILLERS: Record<Lang, Set<string>> = {
  en: new Set(['basically', 'literally', 'like', 'um', 'uh', 'so', 'kinda', 'actually', 'just']),
  es: new Set(['básicamente', 'basicamente', 'pues', 'tipo', 'bueno', 'este']),
  fr: new Set(['genre', 'bah', 'ben', 'bref', 'euh', 'basiquement']),
  it: new Set(['cioè', 'praticamente', 'tipo', 'allora', 'insomma', 'boh']),
  pt: new Set(['tipo', 'basicamente', 'então', 'né', 'aí', 'tipo assim']),
};

/** Prepositions a noun phrase cannot start with (it was cut from a longer one). */
const LEADING_PREPOSITIONS: Record<Lang, Set<string>> = {
  en: new Set(['of', 'to', 'with', 'by', 'from', 'into', 'onto', 'via', 'through']),
  es: new Set(['de', 'del', 'con', 'por', 'en']),
  fr: new Set(['de', "d'", 'du', 'avec', 'par', 'dans', 'sur', 'chez', 'via']),
  it: new Set(['di', 'del', 'della', 'dei', 'degli', 'con', 'da', 'nel', 'nei', 'nelle', 'sui']),
  pt: new Set([
    'de',
    'do',
    'da',
    'dos',
    'das',
    'com',
    'por',
    'no',
    'na',
    'nos',
    'nas',
    'pelo',
    'pela',
    'pelos',
    'pelas',
  ]),
};

/** Drops leading and trailing words that cannot start or end a phrase (articles, "and", "with"). */
export function tidy(phrase: string, lang: Lang, lead: readonly string[] = []): string {
  let text = phrase
    .replace(/^[\s,;:–—-]+|[\s,;:–—-]+$/g, '')
    .replace(/[.!?…]+$/, '')
    .trim();
  for (const l of [...lead].sort((a, b) => b.length - a.length)) {
    const re = new RegExp(`^${l}\\s+`, 'iu');
    if (re.test(text)) {
      text = text.replace(re, '');
      break;
    }
  }
  const ws = wordsOf(text);
  // Nor does it start on a preposition: "of dog owners" is a fragment of "a van of dog owners".
  const leading = LEADING_PREPOSITIONS[lang];
  // …nor on the fillers of speech ("basically", "tipo", "cioè"), which say nothing of the business.
  const fillers = LEADING_FILLERS[lang];
  while (
    ws.length > 1 &&
    (leading.has(ws[0]!.toLowerCase()) || fillers.has(ws[0]!.toLowerCase().replace(/[,;:]$/, '')))
  )
    ws.shift();
  // A phrase ends on a content word: "the front desk calling by" loses "by".
  const dangling = new Set(MODEL_CUES[lang].dangling);
  const bare = (w: string) => w.toLowerCase().replace(/[^\p{L}']/gu, '');
  while (ws.length > 1 && dangling.has(bare(ws[ws.length - 1]!))) ws.pop();
  let out = ws.join(' ');
  // Unbalanced brackets and quotes are dropped rather than left open.
  if ((out.match(/\(/g) ?? []).length !== (out.match(/\)/g) ?? []).length)
    out = out.replace(/\s*\([^)]*$/, '').replace(/[()]/g, '');
  return out.replace(/["“”«»]/g, '').trim();
}

/** At most `max` words, ending on a content word. */
export function shorten(phrase: string, lang: Lang, max = PHRASE_WORDS): string {
  const ws = wordsOf(phrase);
  let kept = ws.slice(0, max);
  // A name is not cut in two ("Val Seriana"): a cut inside one ends before it.
  const upper = (w: string | undefined) => !!w && /^\p{Lu}/u.test(w);
  if (ws.length > max && upper(ws[max]) && upper(kept.at(-1))) {
    let end = kept.length;
    while (end > 1 && upper(kept[end - 1])) end -= 1;
    if (end > 1) kept = kept.slice(0, end);
  }
  // Nor a quantity with its unit cut off ("con 1 a 3 | elevadores", "em 30 | dias"): the phrase
  // ends before it. A figure that names something ("los formularios 1099") stays.
  const range = /^(?:a|à|al|to|-|–|e|y|et|and|or|o|ou)$/iu;
  const dangling = new Set(MODEL_CUES[lang].dangling);
  if (ws.length > max && /^\d/.test(kept.at(-1) ?? '') && !/^\d/.test(ws[max] ?? '')) {
    let at = kept.length - 1;
    if (at >= 2 && range.test(kept[at - 1]!) && /^\d/.test(kept[at - 2]!)) at -= 2;
    if (at >= 1 && dangling.has(kept[at - 1]!.toLowerCase())) kept = kept.slice(0, at);
  }
  return tidy(kept.join(' '), lang);
}

/** A list of items ("dental study clubs, the marketplace and a few reps") as phrases. */
export function items(text: string, lang: Lang, max = PHRASE_WORDS): string[] {
  const cues = MODEL_CUES[lang];
  const joins = cues.listJoin.map((j) => j.replace(/ /g, '\\s+')).join('|');
  const remark = new RegExp(`^(?:${cues.notAnItem.join('|')})(?![\\p{L}])`, 'iu');
  const ends = cues.segmentEnd.filter((w) => !['with', 'con', 'avec', 'com'].includes(w));
  const end = cueRegex(ends, `${lang}:itemEnd`);
  return text
    .split(new RegExp(`\\s*(?:,\\s|;|\\s(?:${joins})\\s)\\s*`, 'iu'))
    .map((part) => tidy(part, lang, [...cues.listJoin]))
    .filter((part) => !remark.test(part))
    .map((part) => {
      // "a referral code that gives a free box" ends before "that"; "Zelty est notre…" before "est".
      const copula = /\s(?:is|are|was|es|son|est|sont|è|sono|é|são)\s/iu.exec(part);
      if (copula) part = part.slice(0, copula.index);
      const stop = end.exec(part);
      const kept = stop && stop.index > 0 ? part.slice(0, stop.index) : part;
      return shorten(tidy(tidy(kept, lang, cues.lead), lang, cues.via), lang, max);
    })
    .filter((part) => /\p{L}/u.test(part) && !remark.test(part));
}

/** The rest of the clause after a cue, up to the end of the sentence or a colon/semicolon. */
export function afterCue(sentence: string, re: RegExp): string | null {
  const m = re.exec(sentence);
  if (!m) return null;
  const rest = sentence.slice(m.index + m[0].length).replace(/^[\s:,]+/, '');
  return rest.split(/[.;:!?](?:\s|$)|\s[–—]\s/)[0] ?? null;
}

/**
 * Unique, and a phrase that another begins ("installs chargers at zero" beside "installs chargers
 * at zero upfront": the same action read twice) once, as the longer, where the first came.
 */
export function distinct(list: string[]): string[] {
  const kept: string[] = [];
  for (const x of unique(list)) {
    const key = x.toLowerCase();
    const at = kept.findIndex(
      (k) => k.toLowerCase().startsWith(key) || key.startsWith(k.toLowerCase()),
    );
    if (at < 0) kept.push(x);
    else if (x.length > kept[at]!.length) kept[at] = x;
  }
  return kept;
}

export function unique(list: string[]): string[] {
  const seen = new Set<string>();
  return list.filter((x) => {
    const key = x.toLowerCase();
    if (!x || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Nouns of people by their ending: who does a trade ("frutticoltori", "éleveurs", "tatuadores",
 * "pedreiros"). Plural agent endings only, where few things end so ("sensori", "capteurs" and
 * "motores" are told apart by what comes before the ending).
 */
const AGENTS: Record<Lang, RegExp> = {
  en: /(?<![\p{L}])\p{L}{3,}(?:keepers|makers|owners|workers|ists|ians)(?![\p{L}])/iu,
  es: /(?<![\p{L}])\p{L}{3,}(?:dores|doras|tores|toras|istas|eros|eras)(?![\p{L}])/iu,
  fr: /(?<![\p{L}])\p{L}{3,}(?:teurs|trices|veurs|culteurs|istes|iens|iennes)(?![\p{L}])/iu,
  it: /(?<![\p{L}])\p{L}{3,}(?:atori|atrici|ltori|isti|iste|ieri|iere)(?![\p{L}])/iu,
  pt: /(?<![\p{L}])\p{L}{3,}(?:dores|doras|tores|toras|istas|eiros)(?![\p{L}])/iu,
};

/** Whether a phrase names people or organisations (a customer noun of the language). */
export function namesPeople(phrase: string, lang: Lang): boolean {
  return (
    cueRegexPrefix([...CUES[lang].customers, ...MODEL_CUES[lang].people], `${lang}:people`).test(
      phrase,
    ) || AGENTS[lang].test(phrase)
  );
}

/** A list of word beginnings as one expression ("practic" matches "practices"). */
function cueRegexPrefix(prefixes: readonly string[], key: string): RegExp {
  let re = compiled.get(key);
  if (!re) {
    re = new RegExp(`(?<![\\p{L}])(?:${prefixes.join('|')})`, 'iu');
    compiled.set(key, re);
  }
  return re;
}

/** Clauses of a sentence: split at commas, semicolons and dashes. */
export function clauses(sentence: string): string[] {
  return sentence
    .split(/\s*(?:,\s|;|\s[–—]\s|\(|\))\s*/)
    .map((c) => c.trim())
    .filter(Boolean);
}
