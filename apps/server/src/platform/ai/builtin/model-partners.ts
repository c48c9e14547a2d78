/**
 * Partners a founder names without the word "partner" (#50 item 1): someone else doing part of
 * the business's work for it ("a vet clinic on 5th checks vaccine records for us", "una agencia
 * con licencia nos da el seguro", "il frantoio cooperativo molisce le nostre olive"). The subject
 * of a clause whose object is the business ("us", "nos", "nous", "ci", "our…") is a partner, unless
 * it pays the business (a customer) or sends it customers (a channel, kept apart).
 */
import { CUES } from './lexicon.ts';
import { MODEL_CUES } from './model-cues.ts';
import { ARTICLE, clauses, cueRegex, namesPeople, shorten, tidy, wordsOf } from './phrases.ts';
import type { Lang } from './text.ts';

/**
 * The business as the object of a verb, or as the owner of what is worked on. Portuguese "nos"
 * before a plural noun is "in the" ("nos grupos de whats"), not "us" ("nos indicam").
 */
const FOR_US: Record<Lang, RegExp> = {
  en: /\s(?:for us|us|our)(?![\p{L}])/iu,
  es: /\s(?:nos|nuestr[oa]s?|por nosotros|para nosotros)(?![\p{L}])/iu,
  fr: /\s(?:nous|nos|notre|pour nous)(?![\p{L}])/iu,
  it: /\s(?:ci|nostr[oaie]|per noi)(?![\p{L}])/iu,
  pt: /\s(?:nos(?!\s+\p{L}+s(?![\p{L}]))|noss[oa]s?|pra gente|para a gente|pra nós|para nós)(?![\p{L}])/iu,
};

/** The business itself as the subject ("we", "nosotros", "on"): not a third party. */
const OURSELVES: Record<Lang, RegExp> = {
  en: /^(?:we|i|our|us|it|they)\b/iu,
  es: /^(?:nosotros|yo|nuestr|nos|ellos|ellas|se)\b/iu,
  fr: /^(?:nous|on|je|notre|nos|ils|elles|il|elle|ce|c'|ça|qui)/iu,
  it: /^(?:noi|io|nostr|ci|loro|si|che|chi)\b/iu,
  pt: /^(?:nós|a gente|eu|noss|eles|elas|se|que|quem)(?![\p{L}])/iu,
};

/** Paying the business: what a customer does, not a partner. */
const PAYS: Record<Lang, RegExp> = {
  en: /^(?:pays?|paid|buys?|bought|hires?|books?|subscribes?)\b/iu,
  es: /^(?:pag\p{L}*|compr\p{L}*|contrat\p{L}*)/iu,
  fr: /^(?:pai\p{L}*|pay\p{L}*|achèt\p{L}*|achet\p{L}*)/iu,
  it: /^(?:pag\p{L}*|compr\p{L}*)/iu,
  pt: /^(?:pag\p{L}*|compr\p{L}*|contrat\p{L}*)/iu,
};

/** Telling the business something: customers speaking, not working for it. */
const SAYS: Record<Lang, RegExp> = {
  en: /^(?:tells?|told|says?|said|asks?|asked|write|wrote)$/iu,
  es: /^(?:dic\p{L}*|dij\p{L}*|cuent\p{L}*|pregunt\p{L}*|escrib\p{L}*)$/iu,
  fr: /^(?:dis\p{L}*|dit\p{L}*|racont\p{L}*|demand\p{L}*|écriv\p{L}*)$/iu,
  it: /^(?:dic\p{L}*|dis\p{L}*|raccont\p{L}*|chied\p{L}*|chies\p{L}*|scriv\p{L}*)$/iu,
  pt: /^(?:diz\p{L}*|diss\p{L}*|cont\p{L}*|pergunt\p{L}*|escrev\p{L}*)$/iu,
};

/** "is", "are", "son", "sont", "sono", "são": a description, not someone acting. */
const COPULA = /^(?:is|are|was|were|es|son|era|eran|est|sont|était|è|sono|é|são|foi)$/iu;

export interface ActingForUs {
  partners: string[];
  /** Those who send the business its customers ("las clínicas nos mandan pacientes"). */
  channels: string[];
}

export function actingForUs(
  all: string[],
  lang: Lang,
  name: string,
  segments: string[],
): ActingForUs {
  const partners: string[] = [];
  const channels: string[] = [];
  const dangling = new Set(MODEL_CUES[lang].dangling);
  const products = new RegExp(`(?<![\\p{L}])(?:app|${CUES[lang].products.join('|')})`, 'iu');
  const served = new Set(
    segments.flatMap((s) => wordsOf(s.toLowerCase())).filter((w) => w.length >= 4),
  );
  for (const sentence of all) {
    for (const clause of clauses(sentence)) {
      const m = FOR_US[lang].exec(clause);
      if (!m || m.index === 0) continue;
      const before = tidy(clause.slice(0, m.index), lang, MODEL_CUES[lang].listJoin);
      const ws = wordsOf(before);
      // The subject opens the clause and is short: "a vet clinic on 5th checks vaccine records".
      if (ws.length < 2 || ws.length > 9) continue;
      if (
        OURSELVES[lang].test(before) ||
        (name && before.toLowerCase().includes(name.toLowerCase()))
      )
        continue;
      // A question, a label, a figure or a copula ("… are our biggest costs") is no subject.
      if (/[?:]/.test(clause.slice(0, m.index)) || /[?]\s*$/.test(sentence)) continue;
      const raw = wordsOf(clause.slice(0, m.index));
      if (raw.some((w) => COPULA.test(w) || PAYS[lang].test(w) || SAYS[lang].test(w))) continue;
      // The subject is what comes before its verb: up to four words, ending on a content word.
      // Before a clitic ("la cooperativa de Jalisco nos presta…") all of it is the subject; before
      // "our"/"for us" its verb comes last ("a vet clinic on 5th checks vaccine records").
      const clitic = /^(?:nos|nous|ci)$/iu.test(m[0].trim());
      let subject = clitic
        ? shorten(before, lang, 5)
        : shorten(ws.slice(0, Math.min(4, ws.length - 1)).join(' '), lang, 4);
      while (wordsOf(subject).length > 1 && dangling.has(wordsOf(subject).at(-1)!.toLowerCase()))
        subject = wordsOf(subject).slice(0, -1).join(' ');
      if (wordsOf(subject).length < 2 && !/^\p{Lu}\p{L}{2,}$/u.test(subject)) continue;
      if (dangling.has(subject.toLowerCase()) || /\d/.test(subject)) continue;
      const after = clause.slice(m.index + m[0].length).trim();
      // "… takes photos with our app": a user of the product, not a partner.
      if (products.test(wordsOf(after).slice(0, 2).join(' '))) continue;
      const verbAfter = wordsOf(after)[0] ?? '';
      const verbBefore = ws[ws.length - 1] ?? '';
      if (PAYS[lang].test(verbAfter) || PAYS[lang].test(verbBefore)) continue;
      // The customers, doing something for the business, are still the customers.
      if (wordsOf(subject.toLowerCase()).some((w) => served.has(w))) continue;
      // "… nos mandan pacientes", "… send us customers": a channel.
      if (namesPeople(wordsOf(after).slice(0, 3).join(' '), lang)) channels.push(subject);
      else partners.push(subject);
    }
  }
  return { partners, channels };
}

/**
 * A partner named before the word that says so ("uma lavanderia industrial parceira"), or before
 * a comma when the word follows a possessive ("Coastal Community Bank, nuestro banco aliado";
 * "uma usina de biodiesel em Minas, nossa principal parceira").
 */
export function namedBefore(all: string[], lang: Lang): string[] {
  const cues = MODEL_CUES[lang];
  if (!cues.partnerAfter.length) return [];
  const after = cueRegex(cues.partnerAfter, `${lang}:partnerAfter`);
  const dangling = new Set(cues.dangling);
  const remark = new RegExp(`^(?:${cues.notAnItem.join('|')})$`, 'iu');
  const out: string[] = [];
  for (const sentence of all) {
    const m = after.exec(sentence);
    if (!m || m.index === 0) continue;
    const head = sentence.slice(0, m.index);
    const comma = head.lastIndexOf(',');
    const tail = comma >= 0 ? wordsOf(head.slice(comma + 1)) : [];
    if (tail.length && tail.length <= 3 && remark.test(tail[0]!)) {
      const clause = wordsOf(head.slice(0, comma)).slice(-6);
      let k = clause.length;
      while (k > 0 && /^\p{Lu}/u.test(clause[k - 1]!)) k -= 1;
      const article = clause.findIndex((w) => ARTICLE.test(w));
      const phrase =
        clause.length - k >= 2
          ? clause.slice(k).join(' ')
          : tidy(clause.slice(Math.max(article, 0)).join(' '), lang);
      if (phrase) out.push(phrase);
      continue;
    }
    const before = wordsOf(head).slice(-4);
    let from = before.length - 1;
    while (
      from > 0 &&
      !dangling.has(before[from - 1]!.toLowerCase()) &&
      !/[,;:]$/.test(before[from - 1]!)
    )
      from -= 1;
    const phrase = tidy(before.slice(from).join(' '), lang);
    if (!phrase || remark.test(phrase) || dangling.has(phrase.toLowerCase())) continue;
    if (wordsOf(phrase).length <= 4) out.push(phrase);
  }
  return out;
}
