/**
 * The writer's phrase tools: a preposition joined to what follows it in each language, the guard
 * against pasting 12 words of the description, and excerpts and lists that read as written.
 */
import { MODEL_CUES } from './model-cues.ts';
import type { Lang } from './text.ts';

const ELIDE = /^[aeiouàâäéèêëîïôöûùü]/i;
const FR_DETERMINER =
  /^(?:le|la|les|l'|un|une|des|du|de|d'|ces|ses|leurs|nos|vos|chaque|tous|toutes|\d|[A-ZÉ])/u;
const CONTRACTIONS: Partial<Record<Lang, Record<string, Record<string, string>>>> = {
  es: { a: { el: 'al' }, de: { el: 'del' } },
  fr: { à: { le: 'au', les: 'aux' }, de: { le: 'du', les: 'des', des: 'de' } },
  it: {
    a: { il: 'al', lo: 'allo', la: 'alla', i: 'ai', gli: 'agli', le: 'alle' },
    di: { il: 'del', lo: 'dello', la: 'della', i: 'dei', gli: 'degli', le: 'delle' },
    su: { il: 'sul', lo: 'sullo', la: 'sulla', i: 'sui', gli: 'sugli', le: 'sulle' },
    con: {},
    per: {},
  },
  pt: {
    a: { o: 'ao', a: 'à', os: 'aos', as: 'às' },
    de: { o: 'do', a: 'da', os: 'dos', as: 'das' },
    em: { o: 'no', a: 'na', os: 'nos', as: 'nas' },
    por: { o: 'pelo', a: 'pela', os: 'pelos', as: 'pelas' },
  },
};
const IT_APOSTROPHE: Record<string, string> = { a: "all'", di: "dell'", su: "sull'" };

/** A French plural noun phrase with the determiner it needs as an object ("des fermes laitières"). */
export function frDeterminer(phrase: string): string {
  const text = phrase.trim();
  return !FR_DETERMINER.test(text) && /[sx]$/.test(text.split(/\s/)[0] ?? '')
    ? `des ${text}`
    : text;
}

/** A preposition joined to a phrase, with the language's contractions and elisions. */
export function joinPrep(lang: Lang, prep: string, phrase: string): string {
  const text = lang === 'fr' ? frDeterminer(phrase) : phrase.trim();
  const [first = '', ...rest] = text.split(' ');
  const table = CONTRACTIONS[lang]?.[prep];
  const merged = table?.[first.toLowerCase()];
  if (merged !== undefined) return [merged, ...rest].join(' ');
  if (lang === 'it' && /^l'/i.test(first) && IT_APOSTROPHE[prep])
    return `${IT_APOSTROPHE[prep]}${text.slice(2)}`;
  if (lang === 'fr' && (prep === 'de' || prep === 'que') && ELIDE.test(text))
    return `${prep.slice(0, -1)}'${text}`;
  return `${prep} ${text}`;
}

/** The run of words from the description that reads as pasted rather than written. */
const COPY_WORDS = 12;

export function folded(text: string): string[] {
  return (
    text
      .toLowerCase()
      .normalize('NFD')
      .replace(/\p{M}+/gu, '')
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** Whether a text repeats 12 or more words of the description in a row. */
export function copiesFrom(description: string): (text: string) => boolean {
  const source = folded(description);
  const grams = new Set<string>();
  for (let i = 0; i + COPY_WORDS <= source.length; i += 1)
    grams.add(source.slice(i, i + COPY_WORDS).join(' '));
  return (text) => {
    const w = folded(text);
    for (let i = 0; i + COPY_WORDS <= w.length; i += 1)
      if (grams.has(w.slice(i, i + COPY_WORDS).join(' '))) return true;
    return false;
  };
}

/** Phrases joined as long as the result does not read as pasted (a phrase that would is left out). */
export function joinOwn(parts: string[], sep: string, copies: (text: string) => boolean): string[] {
  const kept: string[] = [];
  for (const part of parts) if (!copies([...kept, part].join(sep))) kept.push(part);
  return kept;
}

/** A sentence of the description shortened to its first words, when it must stand alone. */
export function excerpt(text: string, copies: (text: string) => boolean, max = 10): string {
  if (!copies(text)) return text;
  let ws = text.split(/\s+/);
  // A word said twice in a row by the founder ("en LA la gente") is not said twice here.
  const doubled = ws.findIndex((w, i) => i > 0 && folded(w).join() === folded(ws[i - 1]!).join());
  if (doubled > 0) ws = ws.slice(0, doubled);
  // Shorter until it no longer reads as pasted ("c'est l'appli" is four words to the reader).
  for (let n = Math.min(max, ws.length); n > 2; n -= 1) {
    const cut = ws
      .slice(0, n)
      .join(' ')
      .replace(/[,;:.]+$/, '');
    if (!copies(cut)) return `${cut}…`;
  }
  return `${ws.slice(0, 2).join(' ')}…`;
}

export function cap(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function list(items: string[], and: string): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${and} ${items[items.length - 1]}`;
}

/**
 * A quote cut to a few words ends on one that says something: “they lose a whole shift every”
 * → “they lose a whole shift”.
 */
export function endsOnAWord(text: string, lang: Lang): string {
  const dangling = new Set(MODEL_CUES[lang].dangling);
  let out = text;
  for (;;) {
    const next = out.replace(/\s+([\p{L}']+)(\s?[”»])/gu, (all, word: string, close: string) =>
      dangling.has(word.toLowerCase()) ? close : all,
    );
    if (next === out) return out;
    out = next;
  }
}
