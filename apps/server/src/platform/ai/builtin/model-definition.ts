/**
 * What the product is, when the founder defines it (#50 item 1): "Sparkbox Labs is a monthly
 * science kit for kids", "Cantoche Locale est une plateforme qui met en relation…", "We're building
 * VoltPatch, a marketplace that matches…". The definition is kept with its verb ("is a monthly
 * science kit"), so it reads after the product's name; what the relative clause says it does
 * ("met en relation les cantines…") is an action of its own.
 */
import { CUES } from './lexicon.ts';
import { MODEL_CUES } from './model-cues.ts';
import { cueRegex, shorten, tidy, wordsOf } from './phrases.ts';
import { isStopWord, type Lang } from './text.ts';

/** The copula a definition is written with, per language. */
export const COPULA: Record<Lang, string> = { en: 'is', es: 'es', fr: 'est', it: 'è', pt: 'é' };

/** An article after the product's name and a comma: an appositive ("VoltPatch, a marketplace"). */
const APPOSITIVE: Record<Lang, RegExp> = {
  en: /^,\s+(?:an?|the)\s/iu,
  es: /^,\s+(?:una?|el|la)\s/iu,
  fr: /^,\s+(?:une?|le|la|l')\s?/iu,
  it: /^,\s+(?:una?|un'|il|lo|la)\s?/iu,
  pt: /^,\s+(?:uma?|o|a)\s/iu,
};

/** Where the thing defined ends: who it is for, a relative clause, a comma. */
const ENDS: Record<Lang, RegExp> = {
  en: /\s(?:for|that|which|who|to|so|with)\s|[,;:(—–]/iu,
  es: /\s(?:para|pa|que|con|donde)\s|[,;:(—–]/iu,
  fr: /\s(?:pour|qui|que|qu'|avec|où)\s?|[,;:(—–]/iu,
  it: /\s(?:per|che|con|dove)\s|[,;:(—–]/iu,
  pt: /\s(?:para|pra|que|com|onde)\s|[,;:(—–]/iu,
};

/** The relative pronoun that opens what the defined thing does ("…a plataforma que conecta…"). */
const RELATIVE: Record<Lang, RegExp> = {
  en: /^\s(?:that|which)\s/iu,
  es: /^\s(?:que)\s/iu,
  fr: /^\s(?:qui)\s/iu,
  it: /^\s(?:che)\s/iu,
  pt: /^\s(?:que)\s/iu,
};

/** "The idea is the following / simple": a way into what comes next, not what the product is. */
const LEAD_IN: Record<Lang, RegExp> = {
  en: /^(?:the\s)?(?:following|simple|easy|this|that)$/iu,
  es: /^(?:lo\s|el\s)?(?:siguiente|simple|sencillo|fácil|esto|eso)$/iu,
  fr: /^(?:le\s|la\s)?(?:suivant|suivante|simple|ça|ceci|cela)$/iu,
  it: /^(?:il\s|la\s)?(?:seguente|semplice|questo|questa|così)$/iu,
  pt: /^(?:o\s|a\s)?(?:seguinte|simples|isso|isto|assim)$/iu,
};

export function definitionOf(all: string[], lang: Lang, name: string): string[] {
  if (!name) return [];
  const isA = cueRegex(MODEL_CUES[lang].isA, `${lang}:isA`);
  for (const sentence of all.slice(0, 3)) {
    const at = sentence.toLowerCase().indexOf(name.toLowerCase());
    if (at < 0) continue;
    const after = sentence.slice(at + name.length);
    const m = isA.exec(after);
    const opening = m && m.index <= 1 ? m : APPOSITIVE[lang].exec(after);
    if (!opening) continue;
    const rest = after.slice(opening.index + opening[0].length);
    const end = ENDS[lang].exec(rest);
    const thing = tidy(shorten(end ? rest.slice(0, end.index) : rest, lang, 6), lang);
    if (wordsOf(thing).length < 1 || /\d/.test(thing) || LEAD_IN[lang].test(thing)) continue;
    // The article as the founder wrote it ("una", "une", "a").
    const article = wordsOf(opening[0].replace(/^,/, '')).at(-1) ?? '';
    const articled = /^(?:is|es|est|è|é|offers|ofrece|propose|offre|oferece|builds)$/iu.test(
      article,
    )
      ? thing
      : `${article}${/['’]$/.test(article) || /^['’]/.test(thing) ? '' : ' '}${thing}`;
    const out = [`${COPULA[lang]} ${articled}`];
    if (end) {
      const relative = RELATIVE[lang].exec(rest.slice(end.index));
      if (relative) {
        // One action: the first, up to where another joins ("se glisse sous une ruche et envoie…").
        const joins = MODEL_CUES[lang].listJoin.map((j) => j.replace(/ /g, '\\s+')).join('|');
        const first = rest
          .slice(end.index + relative[0].length)
          .split(new RegExp(`\\s(?:${joins})\\s`, 'iu'))[0]!;
        const does = shorten(first, lang);
        if (wordsOf(does).length >= 2) out.unshift(does);
      }
    }
    return out;
  }
  return [];
}

/**
 * The verb that says what a business offers, where a plural may follow it bare ("ofrece
 * cocineros", "oferece andaimes"; French and Italian want an article, English cannot tell a plural
 * from a verb: "cooks", "reviews").
 */
const OFFERS: Partial<Record<Lang, string>> = { es: 'ofrece', pt: 'oferece' };

/**
 * A noun of an action or a service first ("riparazione bici a domicilio", "reparación de
 * bicis", "conserto de bicicletas"), where a verb said of the business would end otherwise: what
 * the business offers. (French and English cannot tell such a noun from a subject or a verb.)
 */
const SERVICE_NOUN: Record<Lang, RegExp | null> = {
  en: null,
  es: /^\p{L}+(?:ción|sión|miento|aje|idad|ería)\s/iu,
  fr: null,
  it: /^\p{L}+(?:zione|sione|mento|aggio|ità|eria)\s/iu,
  pt: /^\p{L}+(?:ção|são|mento|agem|idade|aria)\s/iu,
};

const OFFERS_ALL: Record<Lang, string> = {
  en: 'offers',
  es: 'ofrece',
  fr: 'propose',
  it: 'offre',
  pt: 'oferece',
};

/** A plural first (a verb said of the business never ends in "s"; a "-mos" one is "we"). */
const PLURAL_FIRST = /^(\p{L}+(?<!mo)s)\s/iu;

/**
 * What a labelled answer says the business does, as a phrase its name can lead: "- qué: cocineros
 * de línea por turno" is what Cocina Lista offers ("Cocina Lista ofrece cocineros…"); "conecta…",
 * "el restaurante pide…" or "menos de 4 horas" (a word of the language's own) is left as it is.
 */
export function asDoing(phrase: string, lang: Lang): string {
  // "- o que é: um app pra marcar diarista": what it is ("… é um app pra marcar diarista").
  const [article = '', noun = ''] = phrase.split(/\s+/);
  const products = CUES[lang].products;
  if (
    /^(?:an?|una?|une|uno|um|uma|un')$/iu.test(article) &&
    products.some((p) => noun.toLowerCase().startsWith(p))
  )
    return `${COPULA[lang]} ${phrase}`;
  if (SERVICE_NOUN[lang]?.test(phrase)) return `${OFFERS_ALL[lang]} ${phrase}`;
  const offers = OFFERS[lang];
  const plural = PLURAL_FIRST.exec(phrase)?.[1];
  if (offers && plural && !isStopWord(plural, lang)) return `${offers} ${phrase}`;
  return lang === 'en' && namedInEnglish(phrase) ? `offers ${phrase}` : phrase;
}

/**
 * An English answer that names a thing ("shared cold storage lockers for…", "mobile bike repair"):
 * its first word is no verb the lexicon knows, no "-s" form (a verb's or a plural's), no little
 * word, and no determiner follows it as an object would ("run a…", "help them…").
 */
function namedInEnglish(phrase: string): boolean {
  const [first = '', second = ''] = phrase.split(/\s+/);
  const verb = cueRegex(MODEL_CUES.en.solution, 'en:solution');
  return (
    /^\p{Ll}{3,}$/u.test(first) &&
    !/s$/u.test(first) &&
    !isStopWord(first, 'en') &&
    verb.exec(phrase)?.index !== 0 &&
    !!second &&
    !/^(?:the|a|an|our|their|your|its|his|her|them|us|you|it|this|that|these|those|every|each|all)$/iu.test(
      second,
    )
  );
}
