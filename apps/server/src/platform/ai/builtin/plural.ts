/**
 * The plural of a customer segment a founder wrote in the singular ("o pedreiro autônomo", "small
 * city", "viticoltore") (#50 item 2): the draft says "the first customers will be…", "for…", so
 * the noun and its adjectives agree with it. Only the regular endings of each language are made
 * plural; a phrase with a word whose plural is not regular, a number, a name or a determiner of
 * its own is left as the founder wrote it.
 */
import type { Lang } from './text.ts';

/** Words that end the noun and its adjectives: what follows qualifies it ("… de Paris"). */
const ENDS: Record<Lang, RegExp> = {
  en: /^(?:of|in|on|at|for|with|from|who|that|which|across|near|around|under|over|aged)$/iu,
  es: /^(?:de|del|en|con|para|que|a|al|sin|por|y|o)$/iu,
  fr: /^(?:de|du|des|d'.*|en|à|au|aux|avec|pour|qui|que|sans|et|ou)$/iu,
  it: /^(?:di|del|della|dei|degli|delle|in|a|al|con|per|che|da|senza|e|o)$/iu,
  pt: /^(?:de|do|da|dos|das|em|no|na|com|para|pra|que|a|ao|sem|e|ou)$/iu,
};

/** A determiner, a number or a name opening the phrase: it says its own number. */
const OWN_NUMBER =
  /^(?:\p{Lu}|\d|l['’]|un['’]|d['’]|(?:an?|the|some|many|most|all|un[ao]?|une|uno|um|uma|el|la|le|les|los|las|il|lo|gli|os|as|o|a|l'|un'|des|alguns|algunas|algunos|tous|tutti|todos|todas)$)/u;

/** One word's plural by the regular rules, or null when the word is irregular or already plural. */
function word(w: string, lang: Lang): string | null {
  const lower = w.toLowerCase();
  if (!/^\p{Ll}[\p{Ll}'-]*$/u.test(w)) return null;
  switch (lang) {
    case 'en':
      if (/(?:s|ss|x|z|ch|sh)$/.test(lower))
        return /s$/.test(lower) && !/ss$/.test(lower) ? null : `${w}es`;
      if (/[^aeiou]y$/.test(lower)) return `${w.slice(0, -1)}ies`;
      if (/(?:man|woman|person|child|f|fe)$/.test(lower)) return null;
      return `${w}s`;
    case 'es':
      if (/s$/.test(lower)) return null;
      if (/[aeiouáéó]$/.test(lower)) return `${w}s`;
      if (/ón$/.test(lower)) return `${w.slice(0, -2)}ones`;
      if (/z$/.test(lower)) return `${w.slice(0, -1)}ces`;
      if (/[lrdnj]$/.test(lower) && !/[áéíóú]/.test(lower)) return `${w}es`;
      return null;
    case 'pt':
      if (/s$/.test(lower) || /ão$/.test(lower)) return null;
      if (/[aeiouêôé]$/.test(lower)) return `${w}s`;
      if (/[rz]$/.test(lower)) return `${w}es`;
      if (/m$/.test(lower)) return `${w.slice(0, -1)}ns`;
      return null;
    case 'fr':
      if (/[sxz]$/.test(lower)) return null;
      if (/(?:eau|eu)$/.test(lower)) return `${w}x`;
      if (/(?:al|ail)$/.test(lower)) return null;
      return `${w}s`;
    case 'it':
      if (/[iàèéìòù]$/.test(lower) || /[^aeiou]$/.test(lower)) return null;
      if (/(?:ca|ga)$/.test(lower)) return `${w.slice(0, -1)}he`;
      if (/a$/.test(lower)) return `${w.slice(0, -1)}e`;
      if (/(?:co|go)$/.test(lower)) return null;
      if (/io$/.test(lower)) return `${w.slice(0, -1)}`;
      return `${w.slice(0, -1)}i`;
  }
}

/** A singular definite article and its plural ("the" goes: "the busy parent" → "busy parents"). */
const ARTICLES: Record<Lang, Record<string, string>> = {
  en: { the: '' },
  es: { el: 'los', la: 'las' },
  fr: { le: 'les', la: 'les' },
  it: { il: 'i', la: 'le' },
  pt: { o: 'os', a: 'as' },
};

/** The noun and its adjectives in the plural, or the phrase as written. */
export function pluralOf(phrase: string, lang: Lang): string {
  const [first, ...rest] = phrase.split(/\s+/).filter(Boolean);
  const article = first === undefined ? undefined : ARTICLES[lang][first.toLowerCase()];
  if (article !== undefined && rest.length) {
    const made = withoutArticle(rest.join(' '), lang);
    return made === rest.join(' ') ? phrase : `${article} ${made}`.trim();
  }
  return withoutArticle(phrase, lang);
}

function withoutArticle(phrase: string, lang: Lang): string {
  const ws = phrase.split(/\s+/).filter(Boolean);
  if (!ws.length || OWN_NUMBER.test(ws[0]!)) return phrase;
  let end = ws.findIndex((w) => ENDS[lang].test(w) || /[,;:()]/.test(w));
  if (end < 0) end = ws.length;
  if (end === 0) return phrase;
  // A word already plural says the phrase is ("dog owners", "patients recovering from…").
  if (ws.slice(0, end).some((w) => word(w, lang) === null && /[sxi]$/iu.test(w))) return phrase;
  if (lang === 'en' && /(?:ing|ed)$/iu.test(ws[end - 1]!)) return phrase;
  // English puts the noun last ("small city"); the others first, with adjectives after it.
  const agreeing = lang === 'en' ? [end - 1] : Array.from({ length: end }, (_, i) => i);
  const made = agreeing.map((i) => word(ws[i]!, lang));
  // A noun already plural ("small landlords") or any word irregular: as written.
  if (made.some((w) => w === null)) return phrase;
  agreeing.forEach((i, k) => (ws[i] = made[k]!));
  return ws.join(' ');
}
