/**
 * The business-model parser: a founder's description read into a small model of the business —
 * who it serves, their pains, what the product does, the price and what it is paid for, channels,
 * partners, costs and what customers use today. Each part keeps short phrases in the founder's
 * own words (at most a few words each), so a hypothesis can carry the fact without pasting the
 * sentence. Sentences come from Intl.Segmenter; each part is found by the cue lexicon of the
 * language (model-cues.ts). A part the description does not mention stays empty: the writer then
 * asks a question instead of inventing an answer.
 */
import { MODEL_CUES } from './model-cues.ts';
import { readLabels, type Part } from './model-labels.ts';
import { asDoing, definitionOf } from './model-definition.ts';
import { ofTheBusiness } from './first-person.ts';
import { solutionsOf } from './model-solutions.ts';
import { namedPains, TOLD_US } from './model-pains.ts';
import { actingForUs, namedBefore } from './model-partners.ts';
import { pluralOf } from './plural.ts';
import { firstPeople, segmentsOf } from './model-segments.ts';
import { OURS, pricesOf } from './model-prices.ts';
import { lowerFirst, sentences, type Lang } from './text.ts';
import {
  ARTICLE,
  CONDITION,
  MONEY,
  PHRASE_WORDS,
  afterCue,
  clauses,
  cueRegex,
  distinct,
  items,
  namesPeople,
  shorten,
  tidy,
  unique,
  wordsOf,
} from './phrases.ts';

export interface BusinessModel {
  lang: Lang;
  name: string;
  sentences: string[];
  segments: string[];
  pains: string[];
  /** What the product does, each led by its verb ("sends two-way text reminders"). */
  solutions: string[];
  /** Amounts with what they are paid for ("$149 per month per practice"). */
  prices: string[];
  channels: string[];
  partners: string[];
  costs: string[];
  alternatives: string[];
}

function painsOf(all: string[], lang: Lang, segments: string[]): string[] {
  const cues = MODEL_CUES[lang];
  const pain = cueRegex(cues.pain, `${lang}:pain`);
  const solution = cueRegex(cues.solution, `${lang}:solution`);
  const relative = cueRegex(cues.segmentEnd, `${lang}:segmentEnd`);
  const found: string[] = [];
  for (const sentence of all) {
    if (MONEY.test(sentence) && cueRegex(cues.price, `${lang}:price`).test(sentence)) continue;
    for (const said of clauses(sentence)) {
      // "Landlords tell us it takes 3–5 days…": the pain is what they said.
      const clause = said.replace(TOLD_US[lang], '');
      const m = pain.exec(clause);
      // "Leur problème, c'est la tournée": a clause that only names the problem says none.
      if (
        !m ||
        /^(?:\p{L}+\s)?(?:problem|problème|problema|pain|issue)s?$/iu.test(tidy(clause, lang))
      )
        continue;
      // What the business itself spends or lacks ("lo que más gastamos: …") is its cost.
      if (OURS[lang].test(`${wordsOf(clause.slice(0, m.index)).slice(-1)[0] ?? ''} ${m[0]}`))
        continue;
      // What the product does is not a pain, even when it names one ("reduces no-shows").
      const verb = solution.exec(clause);
      if (verb && verb.index < m.index) continue;
      // "I saw it happens in all of them: the kids can't…": what the colon opens is the pain.
      const colon = clause.lastIndexOf(': ', m.index);
      const from = colon > 0 ? colon + 2 : 0;
      let text = clause.slice(from);
      // "practices that lose money to no-shows": the pain is the relative clause.
      const rel = relative.exec(text);
      if (rel && rel.index < m.index - from) text = text.slice(rel.index + rel[0].length);
      for (const s of segments)
        if (text.toLowerCase().startsWith(s.toLowerCase())) text = text.slice(s.length);
      const ws = wordsOf(tidy(text, lang, cues.listJoin));
      const cueAt = ws.findIndex((w) => pain.test(w));
      // From the subject just before the cue ("the front desk spends…") when it is short.
      const dangling = new Set(cues.dangling);
      const at =
        cueAt <= 3 ? 0 : dangling.has((ws[cueAt - 1] ?? '').toLowerCase()) ? cueAt : cueAt - 1;
      let kept = ws.slice(at);
      // "… porque piden de más": the reason after the pain is left out.
      const cut = kept.findIndex((w, i) => i > cueAt - at && relative.test(w));
      if (cut > 1) kept = kept.slice(0, cut);
      if (kept.length > PHRASE_WORDS + 2) {
        // A long pain ends at its first "and" after the cue, when that leaves enough.
        const joins = new Set(cues.listJoin);
        const and = kept.findIndex((w, i) => i > cueAt - at + 1 && joins.has(w.toLowerCase()));
        kept = and >= 3 ? kept.slice(0, and) : kept.slice(0, PHRASE_WORDS + 2);
      }
      const phrase = lowerFirst(shorten(kept.join(' '), lang, PHRASE_WORDS + 2));
      if (wordsOf(phrase).length >= 2) found.push(phrase);
    }
  }
  return unique(found).slice(0, 5);
}

/** Items after a cue, in the sentences that carry it. */
function listAfter(
  all: string[],
  re: RegExp,
  lang: Lang,
  skip: (s: string) => boolean = () => false,
) {
  const found: string[] = [];
  for (const sentence of all) {
    if (skip(sentence)) continue;
    const rest = afterCue(sentence, re);
    if (rest) found.push(...items(rest, lang));
  }
  return unique(found).filter((x) => !MONEY.test(x) || wordsOf(x).length > 2);
}

/**
 * Where the business gets what it sells or works with ("a gente pega das locadoras pequenas…",
 * "we buy our beans from Finca Sol and Café Norte"): the first thing named, and the names listed
 * with it, not the clause that goes on ("…e divide o valor").
 */
function suppliersOf(all: string[], lang: Lang): string[] {
  const re = cueRegex(MODEL_CUES[lang].supplier, `${lang}:supplier`);
  return all.flatMap((sentence) => {
    const rest = afterCue(sentence, re);
    if (!rest) return [];
    const [first, ...others] = items(rest, lang);
    return first ? [first, ...others.filter((x) => /^\p{Lu}/u.test(x))] : [];
  });
}

/** The business as the object of what a named one does ("nos manda", "ci lascia", "sends us"). */
const FOR_US_CLITIC: Record<Lang, RegExp> = {
  en: /\s(?:sends?|gives?|brings?|refers?) us\s/iu,
  es: /\snos\s/iu,
  fr: /\snous\s/iu,
  it: /\sci\s/iu,
  pt: /\snos\s(?=\p{L}+[ae]m?\s)/iu,
};

/**
 * The parts a founder labelled ("Who's it for? …", "- costi: …"), each read as its kind of part:
 * lists split into items, a price as its amounts, the rest as short phrases of the answer.
 */
function labelledParts(texts: Map<Part, string[]>, lang: Lang, name: string) {
  const said = (part: Part) => (texts.get(part) ?? []).flatMap((t) => sentences(t, lang));
  const phrases = (part: Part, max: number) =>
    said(part)
      .map((s) => lowerFirst(shorten(clauses(s)[0] ?? s, lang, max)))
      .filter((p) => wordsOf(p).length >= 2);
  // A list's items are names: not an amount ("paid $30 a letter"), and not what the named one
  // does for the business ("Houston Community College nos manda egresados").
  const lists = (part: Part) =>
    unique(
      said(part)
        .flatMap((s) => items(s, lang))
        .filter((x) => !MONEY.test(x))
        .map((x) => x.split(FOR_US_CLITIC[lang])[0]!.trim())
        .filter((x) => wordsOf(x).length > 0),
    );
  // Customers: the first answer's items when they are short names ("restaurantes
  // independientes, taquerías…"), else its first clause.
  const first = said('segments')[0] ?? '';
  const named = items(first, lang).filter((x) => wordsOf(x).length <= 5 && !/^\d/.test(x));
  const segments = first
    ? named.length && wordsOf(clauses(first)[0] ?? '').length <= 5
      ? named.slice(0, 3)
      : [shorten(clauses(first)[0] ?? first, lang)]
    : [];
  // What it does, each clause of the answer (a labelled answer is all solution).
  const solutions = distinct([
    ...solutionsOf(said('solutions'), lang, name),
    ...said('solutions')
      .flatMap((s) => clauses(s))
      // "NudgeLaw gets…" is read above, led by its verb.
      .filter((c) => !name || !c.toLowerCase().startsWith(name.toLowerCase()))
      // "If that doesn't work, we prep your filing": the condition is not what it does.
      .filter((c) => !CONDITION[lang].test(c))
      .map((c) => lowerFirst(shorten(c, lang)))
      .filter((p) => wordsOf(p).length >= 3)
      .map((p) => asDoing(ofTheBusiness(p, lang), lang)),
  ]);
  const prices = pricesOf(said('prices'), lang, name);
  return {
    segments,
    pains: phrases('pains', PHRASE_WORDS + 2),
    solutions,
    prices: prices.length ? prices : amountsIn(said('prices'), lang),
    channels: lists('channels'),
    partners: lists('partners'),
    costs: lists('costs'),
    alternatives: lists('alternatives'),
  };
}

/** Amounts and rates with the words after them, where a label said they are the price. */
function amountsIn(all: string[], lang: Lang): string[] {
  return all.flatMap((sentence) =>
    clauses(sentence).flatMap((clause) => {
      const m = MONEY.exec(clause) ?? /\d+(?:[.,]\d+)?\s?%/.exec(clause);
      if (!m) return [];
      const tail = wordsOf(clause.slice(m.index + m[0].length)).slice(0, 4);
      return [tidy(`${m[0].trim()} ${tail.join(' ')}`, lang)];
    }),
  );
}

export function parseBusinessModel(description: string, lang: Lang, name = ''): BusinessModel {
  const labelled = readLabels(description, lang);
  const own = labelledParts(labelled.parts, lang, name);
  // The answers under "costs:" or "competition:" name costs and alternatives, not channels.
  const listed = new Set(
    (['costs', 'alternatives'] as const).flatMap((part) =>
      (labelled.parts.get(part) ?? []).flatMap((t) => sentences(t, lang)),
    ),
  );
  const model = readModel(labelled.text, lang, name, own.alternatives, listed);
  // "Una agencia de cuidado …" opened its sentence: inside one of ours, its article is lower case.
  // A labelled answer's capital is the line's, not a name's: "Des petits…", "Famílias de…".
  const inside = (x: string) => {
    const [first = '', second = ''] = wordsOf(x);
    const common =
      ((ARTICLE.test(first) || /^(?:des|unos|unas|uns|umas)$/iu.test(first)) &&
        /^\p{Ll}/u.test(second)) ||
      (/^\p{Lu}\p{Ll}+$/u.test(first) && namesPeople(first, lang));
    return common ? lowerFirst(x) : x;
  };
  const merged = (part: Part, max: number) =>
    unique([...own[part], ...model[part]].map(inside)).slice(0, max);
  return {
    ...model,
    // Who it is for, when the founder labelled it, is what they wrote there; a noun written in
    // the singular ("o pedreiro autônomo") agrees with "the first customers…" it is written into.
    segments: (own.segments.length ? own.segments.slice(0, 3) : merged('segments', 3)).map((s) =>
      pluralOf(inside(s), lang),
    ),
    pains: merged('pains', 5),
    solutions: distinct(merged('solutions', 8)).slice(0, 5),
    prices: merged('prices', 3),
    channels: merged('channels', 4),
    partners: merged('partners', 3),
    costs: merged('costs', 4),
    alternatives: merged('alternatives', 3),
  };
}

function readModel(
  description: string,
  lang: Lang,
  name: string,
  labelledAlternatives: string[],
  listed: Set<string> = new Set(),
): BusinessModel {
  const cues = MODEL_CUES[lang];
  const all = sentences(description, lang);
  const cost = cueRegex(cues.cost, `${lang}:cost`);
  const partner = cueRegex(cues.partner, `${lang}:partner`);
  const alternative = cueRegex(cues.alternative, `${lang}:alternative`);
  // "we reach owners through…", "divulgamos em…", "conquistamos clientes com…".
  const channel = cueRegex(
    [
      ...cues.channel,
      `(?:${cues.channelVerbs.join('|')})\\w* (?:\\w+ ){0,2}?(?:${cues.via.join('|')}|with|con|avec|com|em)`,
    ],
    `${lang}:channel`,
  );
  const costBefore = cueRegex(cues.costBefore, `${lang}:costBefore`);
  const costs = unique([
    ...listAfter(all, cost, lang),
    // "Background checks and insurance verification are our biggest costs"
    ...all.flatMap((sentence) => {
      const m = costBefore.exec(sentence);
      if (!m) return [];
      const before = clauses(sentence.slice(0, m.index)).pop() ?? '';
      return items(before, lang);
    }),
  ]);
  const partners = unique([
    ...listAfter(all, partner, lang, (s) => cost.test(s) || costBefore.test(s)),
    // "uma lavanderia industrial parceira": the partner is named before the word.
    ...namedBefore(all, lang),
    ...suppliersOf(all, lang),
  ]);
  const alternatives = listAfter(all, alternative, lang, (s) => cost.test(s));
  const segments = segmentsOf(all, lang, [...labelledAlternatives, ...alternatives]);
  // A partner named after the channels ("Vendiamo tramite i consorzi…, e collaboriamo con
  // l'Università…") ends them; one named before makes the sentence about partners.
  const before = (re: RegExp, s: string) => {
    const at = re.exec(s)?.index;
    return at !== undefined && at < (channel.exec(s)?.index ?? Infinity);
  };
  const channelSentences = all.map((s) => {
    const at = partner.exec(s);
    // "…e i commercialisti, e collaboriamo con…": the joining word goes with the partner.
    return at && !before(partner, s)
      ? s.slice(0, at.index).replace(/[\s,;]+(?:\p{L}{1,3}\s*)?$/u, '')
      : s;
  });
  const notChannel = (s: string) =>
    listed.has(s) ||
    cost.test(s) ||
    costBefore.test(s) ||
    before(partner, s) ||
    alternative.test(s);
  // Said as a channel ("we sell through…", "via…") before a verb of reaching with a place after
  // it, which can be something else ("distribui as vagas por critérios…").
  const channels = unique([
    ...listAfter(channelSentences, cueRegex(cues.channel, `${lang}:channelSaid`), lang, notChannel),
    ...listAfter(channelSentences, channel, lang, notChannel),
  ]);
  // "through a monthly subscription and reach owners through Instagram": what is billed is not
  // a channel, and a phrase with its own "through" keeps what follows it.
  const billing = cueRegex(cues.billing, `${lang}:billing`);
  const via = cueRegex(cues.via, `${lang}:via`);
  const acting = actingForUs(all, lang, name, segments);
  const definition = definitionOf(all, lang, name);
  const channelsOwn = unique(
    channels.flatMap((item) => {
      const inner = afterCue(item, channel) ?? afterCue(item, via);
      if (billing.test(item)) return inner ? items(inner, lang) : [];
      return inner && wordsOf(item).length > 3 ? items(inner, lang) : [item];
    }),
  );
  // "…y las clínicas comunitarias nos mandan pacientes": the channel is who sends them.
  const sender = (item: string) => {
    const m = FOR_US_CLITIC[lang].exec(` ${item} `);
    return m && m.index > 0 ? tidy(item.slice(0, m.index), lang) : item;
  };
  // What it does, then what it is ("is a monthly science kit"), last.
  const solutions = distinct([
    ...definition.slice(0, -1),
    ...solutionsOf(all, lang, name),
    ...definition.slice(-1),
  ]);
  return {
    lang,
    name,
    sentences: all,
    // A story names its people late: then they are whom the product acts on ("recoge al adulto
    // mayor en su casa").
    segments: segments.length ? segments : firstPeople(solutions.slice(0, 1), lang),
    pains: unique([...namedPains(all, lang), ...painsOf(all, lang, segments)]).slice(0, 5),
    solutions,
    // Not from an answer under "costs:" ("sensori (circa 1.800 € a stazione)").
    prices: pricesOf(
      all.filter((s) => !listed.has(s)),
      lang,
      name,
    ),
    // "in the rider groups" is the groups: the templates say "through …" themselves.
    channels: unique([...channelsOwn.map(sender), ...acting.channels])
      .map((c) => c.replace(/^(?:in|inside|on|at|outside)\s+(?=\S+\s)/iu, ''))
      .filter(Boolean)
      .slice(0, 4),
    partners: unique([...partners, ...acting.partners]).slice(0, 3),
    costs: costs.slice(0, 4),
    // "usan al primo": the personal "a" of the verb is not part of what they use.
    alternatives: alternatives
      .slice(0, 3)
      .map((a) =>
        lang === 'es'
          ? a.replace(/^al\s/iu, 'el ').replace(/^a\s(?=(?:la|los|las|su|sus)\s)/iu, '')
          : a,
      ),
  };
}
