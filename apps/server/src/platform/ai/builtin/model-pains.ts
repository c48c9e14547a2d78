/**
 * Pains a founder names outright (#50 item 1): "the problem is that…", "ahi empieza el problema:
 * …", "le vrai problème, c'est que…". What follows the marker is the pain, before any cue word
 * is needed; and "landlords tell us (that)…" is who said it, not the pain.
 */
import { clauses, shorten, wordsOf, PHRASE_WORDS } from './phrases.ts';
import { lowerFirst, type Lang } from './text.ts';

/** "The problem is (that)", "el problema es que", "le problème, c'est que", "problema:". */
const PROBLEM_IS: Record<Lang, RegExp> = {
  en: /\b(?:the|our|their|my|his|her)\s(?:real\s|big\s|biggest\s|main\s)?(?:problem|pain|issue),?\s(?:is|was)(?:\sthat)?\s|\bproblem:\s/iu,
  es: /(?<![\p{L}])(?:el|su|nuestro)\s(?:gran\s|verdadero\s|mayor\s)?problema,?\s(?:es|era)(?:\sque)?\s|(?<![\p{L}])problema:\s/iu,
  fr: /(?<![\p{L}])(?:le|leur|notre|son)\s(?:vrai\s|gros\s|principal\s)?problème,?\s(?:c'est|est|ce sont)(?:\sque|\squ')?\s?|(?<![\p{L}])problème\s?:\s/iu,
  it: /(?<![\p{L}])(?:il|loro|il loro|il nostro)\s(?:vero\s|grande\s)?problema,?\s(?:è|era)(?:\sche)?\s|(?<![\p{L}])problema:\s/iu,
  pt: /(?<![\p{L}])(?:o|seu|nosso|o seu|o nosso)\s(?:grande\s|verdadeiro\s|maior\s)?problema,?\s(?:é|era)(?:\sque)?\s|(?<![\p{L}])problema:\s/iu,
};

/** "Landlords tell us (that)", "nos dicen que", "ci dicono che": who said it. */
export const TOLD_US: Record<Lang, RegExp> = {
  en: /^(?:[\p{L}'’-]+\s){0,3}(?:tell|told|keep telling) (?:us|me)(?: that)?\s/iu,
  es: /^(?:[\p{L}'’-]+\s){0,3}(?:nos|me) (?:dicen|dijeron|cuentan|contaron)(?: que)?\s/iu,
  fr: /^(?:[\p{L}'’-]+\s){0,3}(?:nous|me) (?:disent|ont dit|racontent)(?: que| qu')?\s?/iu,
  it: /^(?:[\p{L}'’-]+\s){0,3}(?:ci|mi) (?:dicono|hanno detto|raccontano)(?: che)?\s/iu,
  pt: /^(?:[\p{L}'’-]+\s){0,3}(?:nos|me) (?:dizem|disseram|contam|contaram)(?: que)?\s/iu,
};

export function namedPains(all: string[], lang: Lang): string[] {
  const out: string[] = [];
  for (const sentence of all) {
    const m = PROBLEM_IS[lang].exec(sentence);
    if (!m) continue;
    const rest = sentence.slice(m.index + m[0].length);
    const first = clauses(rest)[0] ?? rest;
    const pain = lowerFirst(shorten(first, lang, PHRASE_WORDS + 2));
    if (wordsOf(pain).length >= 2) out.push(pain);
  }
  return out;
}
