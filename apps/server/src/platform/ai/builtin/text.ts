/**
 * Text pieces of the built-in generator, for the five languages: sentences and words through
 * Intl.Segmenter, stop words from stopwords-iso, Snowball stems, and a RAKE-style key-phrase
 * scorer (phrases are runs of content words between stop words and punctuation, scored by word
 * degree over frequency).
 */
import { createRequire } from 'node:module';
import type { Language } from '@assay/domain';

const require = createRequire(import.meta.url);
// Read on first use (the word lists of every language are large): a server that drafts nothing
// does not hold them.
const stopwordLists = () => require('stopwords-iso') as Record<string, string[]>;
const snowball = () =>
  require('snowball-stemmers') as { newStemmer(name: string): { stem(word: string): string } };

export type Lang = 'en' | 'es' | 'fr' | 'it' | 'pt';

export function langOf(language: Language | string): Lang {
  const code = language.slice(0, 2).toLowerCase();
  return (['en', 'es', 'fr', 'it', 'pt'] as const).find((l) => l === code) ?? 'en';
}

const STEMMER_NAMES: Record<Lang, string> = {
  en: 'english',
  es: 'spanish',
  fr: 'french',
  it: 'italian',
  pt: 'portuguese',
};

const stopSets = new Map<Lang, Set<string>>();
function stopSet(lang: Lang): Set<string> {
  let set = stopSets.get(lang);
  if (!set) {
    set = new Set((stopwordLists()[lang] ?? []).map((w) => w.toLowerCase()));
    stopSets.set(lang, set);
  }
  return set;
}

export function isStopWord(word: string, lang: Lang): boolean {
  return stopSet(lang).has(word.toLowerCase());
}

const stemmers = new Map<Lang, { stem(word: string): string }>();
export function stem(word: string, lang: Lang): string {
  let stemmer = stemmers.get(lang);
  if (!stemmer) {
    stemmer = snowball().newStemmer(STEMMER_NAMES[lang]);
    stemmers.set(lang, stemmer);
  }
  return stemmer.stem(word.toLowerCase());
}

const sentenceSegmenters = new Map<Lang, Intl.Segmenter>();
const wordSegmenters = new Map<Lang, Intl.Segmenter>();

/** Short words a period may follow without ending the sentence ("approx. ten", "vs. them"). */
const ABBREVIATIONS = new Set([
  'approx',
  'ca',
  'cf',
  'dr',
  'eg',
  'etc',
  'ex',
  'ie',
  'incl',
  'max',
  'min',
  'mr',
  'mrs',
  'ms',
  'no',
  'nr',
  'p',
  'pp',
  'sr',
  'st',
  'vs',
  'sig',
  'sra',
  'dott',
  'mme',
  'mlle',
  'av',
  'n',
]);

/**
 * Casual writing starts a sentence in lower case ("…pizza night. if it stopped the texts…"),
 * where a sentence segmenter sees one sentence: it ends there too, after a word that is not an
 * abbreviation.
 */
export function splitLowercaseStarts(sentence: string): string[] {
  const out: string[] = [];
  let from = 0;
  // The word may be closed by a sign, a bracket or a quotation mark ("…um seguro de 5%. os…").
  for (const m of sentence.matchAll(/([\p{L}\p{N}]+)([%)\]"”»']*)([.!?]+)\s+(?=\p{Ll})/gu)) {
    const word = m[1]!;
    if (m[3] === '.' && !m[2] && (ABBREVIATIONS.has(word.toLowerCase()) || /^\p{L}$/u.test(word)))
      continue;
    // "e.g. this": a period inside the word before it is an abbreviation's.
    if (sentence[m.index - 1] === '.') continue;
    const end = m.index + m[0].replace(/\s+$/, '').length;
    out.push(sentence.slice(from, end).trim());
    from = end;
  }
  out.push(sentence.slice(from).trim());
  return out.filter((part) => part.length > 1);
}

/** The sentences of a text (line breaks and bullets end a sentence too), trimmed, non-empty. */
export function sentences(text: string, lang: Lang): string[] {
  let segmenter = sentenceSegmenters.get(lang);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(lang, { granularity: 'sentence' });
    sentenceSegmenters.set(lang, segmenter);
  }
  const out: string[] = [];
  for (const block of text.split(/\n+|\s[•·▪-]\s/)) {
    for (const { segment } of segmenter.segment(block)) {
      const s = segment.replace(/^[\s•·▪*-]+/, '').trim();
      if (s.length > 1) out.push(...splitLowercaseStarts(s));
    }
  }
  return out;
}

export interface Token {
  word: string;
  lower: string;
  index: number;
}

/** The words of a text, with their position. */
export function words(text: string, lang: Lang): Token[] {
  let segmenter = wordSegmenters.get(lang);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(lang, { granularity: 'word' });
    wordSegmenters.set(lang, segmenter);
  }
  const out: Token[] = [];
  for (const s of segmenter.segment(text)) {
    if (s.isWordLike) out.push({ word: s.segment, lower: s.segment.toLowerCase(), index: s.index });
  }
  return out;
}

/** Stems of the content words of a text (for matching and search). */
export function contentStems(text: string, lang: Lang): string[] {
  return words(text, lang)
    .filter((t) => !isStopWord(t.lower, lang) && t.lower.length > 1 && !/^\d+$/.test(t.lower))
    .map((t) => stem(t.lower, lang));
}

export interface KeyPhrase {
  phrase: string;
  score: number;
}

/**
 * RAKE key phrases: candidate phrases are maximal runs of content words inside a sentence;
 * each word scores degree / frequency over the whole text; a phrase scores the sum of its words.
 */
export function keyPhrases(text: string, lang: Lang, max = 10): KeyPhrase[] {
  const candidates: string[][] = [];
  for (const sentence of sentences(text, lang)) {
    const tokens = words(sentence, lang);
    let run: Token[] = [];
    const flush = () => {
      if (run.length) candidates.push(run.slice(0, 4).map((t) => t.word));
      run = [];
    };
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i]!;
      const previous = tokens[i - 1];
      // Punctuation between two words ends a phrase.
      const gap = previous
        ? sentence.slice(previous.index + previous.word.length, token.index)
        : '';
      if (/[,;:()"“”«»!?]/.test(gap)) flush();
      if (isStopWord(token.lower, lang) || token.lower.length < 2 || /^\d+$/.test(token.lower)) {
        flush();
      } else {
        run.push(token);
      }
    }
    flush();
  }
  const frequency = new Map<string, number>();
  const degree = new Map<string, number>();
  for (const phrase of candidates) {
    for (const w of phrase) {
      const key = stem(w, lang);
      frequency.set(key, (frequency.get(key) ?? 0) + 1);
      degree.set(key, (degree.get(key) ?? 0) + phrase.length);
    }
  }
  const scored = new Map<string, KeyPhrase>();
  for (const phrase of candidates) {
    const key = phrase.map((w) => stem(w, lang)).join(' ');
    const score = phrase.reduce((sum, w) => {
      const k = stem(w, lang);
      return sum + (degree.get(k) ?? 0) / (frequency.get(k) ?? 1);
    }, 0);
    const existing = scored.get(key);
    if (!existing || existing.score < score) {
      scored.set(key, { phrase: phrase.join(' '), score });
    }
  }
  return [...scored.values()].sort((a, b) => b.score - a.score).slice(0, max);
}

/** Lower-cases the first letter unless the word looks like a name or an acronym. */
export function lowerFirst(text: string): string {
  const first = text.split(/\s/)[0] ?? '';
  if (/^[A-ZÀ-Ý]{2,}/.test(first) || /[A-Z].*[A-Z]/.test(first.slice(1))) return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** Removes a trailing full stop and surrounding quotes or spaces. */
export function clip(text: string, max = 160): string {
  let out = text
    .trim()
    .replace(/^["“«'\s]+|["”»'\s]+$/g, '')
    .replace(/[.;:!?…]+$/, '');
  if (out.length > max) {
    const cut = out.slice(0, max);
    out = cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 20)) + '…';
  }
  return out;
}
