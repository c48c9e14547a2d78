/**
 * Reading a founder's description, the built-in generator's first step: its language, its topic,
 * and the customer, problem, solution and other phrases it names, in its own words.
 */
import { CUES } from './lexicon.ts';
import { MODEL_CUES } from './model-cues.ts';
import {
  isStopWord,
  keyPhrases,
  lowerFirst,
  sentences,
  words,
  type Lang,
  type Token,
} from './text.ts';

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

export function matches(lower: string, cues: readonly string[]): number {
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

export function capitalize(text: string) {
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
  const topic = pick ? pick.word.replace(/^\p{L}{1,3}['’]/u, '') : null;
  return topic && namesAThing(topic, lang) ? topic : null;
}

/**
 * Whether a topic can follow "the last time you dealt with": no figure, and a word of three letters
 * or more that is not a little word of the language ("9", "5th checks", "pra" are pieces of a
 * sentence, not a thing someone deals with).
 */
function namesAThing(topic: string, lang: Lang): boolean {
  const dangling = new Set(MODEL_CUES[lang].dangling);
  return (
    !/\d/.test(topic) &&
    words(topic, lang).some(
      (t) =>
        t.word.length >= 3 &&
        !isStopWord(t.lower, lang) &&
        !dangling.has(t.lower) &&
        // "the last time you dealt with problem": the word for a problem names none.
        !/^(?:problems?|problèmes?|problemas?|problemi|issues?)$/iu.test(t.lower),
    )
  );
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
    .filter((p) => namesAThing(p, lang));
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
