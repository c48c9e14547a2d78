/**
 * What the product does, in a founder's description: each action led by its verb ("scans
 * invoices", "predicts what to order"), after the product's name, "it" or "we" — said of the
 * business when "we" said it ("we pick up the dogs" → "picks up the dogs").
 */
import { ofTheBusiness, weDo } from './first-person.ts';
import { MODEL_CUES } from './model-cues.ts';
import {
  MONEY,
  PHRASE_WORDS,
  clauses,
  cueRegex,
  shorten,
  tidy,
  unique,
  wordsOf,
} from './phrases.ts';
import type { Lang } from './text.ts';

export function solutionsOf(all: string[], lang: Lang, name: string): string[] {
  const cues = MODEL_CUES[lang];
  const verb = cueRegex(cues.solution, `${lang}:solution`);
  const subjects = [...cues.productSubject, ...(name ? [escapeRe(name)] : [])];
  const subject = cueRegex(subjects, `${lang}:subject:${name}`);
  const other = cueRegex(
    [...cues.cost, ...cues.costBefore, ...cues.channel, ...cues.alternative],
    `${lang}:notSolution`,
  );
  const price = cueRegex(cues.strongPrice, `${lang}:strongPrice`);
  const found: string[] = [];
  all.forEach((sentence) => {
    const pricing = MONEY.test(sentence) && price.test(sentence);
    if (other.test(sentence) && !(name && sentence.startsWith(name))) return;
    const mentionsProduct = name && sentence.toLowerCase().includes(name.toLowerCase());
    for (const clause of clauses(sentence)) {
      // "…laviamo senz'acqua in 40 minuti, 25 euro a lavaggio": the price is not what it does.
      if (pricing && MONEY.test(clause) && !(name && sentence.startsWith(name))) continue;
      // "Our app scans invoices and predicts…": after the product as subject comes what it does.
      const own = subject.exec(clause);
      if (own && own.index <= 2) {
        const rest = tidy(clause.slice(own.index + own[0].length), lang);
        const first = wordsOf(rest)[0] ?? '';
        if (rest && !/^(?:is|are|es|est|è|é|será|sera|was|fue|était|era|foi)$/iu.test(first)) {
          found.push(...splitActions(rest, lang));
          continue;
        }
      }
      const m = verb.exec(clause);
      if (!m) {
        // A verb the lexicon does not know, said by "we": "nous envoyons…", "laviamo…".
        // Also from the middle of the clause: "o salão cadastra a agenda e a gente manda…".
        const said = tidy(clause, lang);
        const mid = /\s(?:and|y|e|et)\s(?=(?:we|nosotros|noi|nós|a gente|nous|on)\s)/iu.exec(said);
        const done =
          weDo(said, lang) ?? (mid ? weDo(said.slice(mid.index + mid[0].length), lang) : null);
        if (done) found.push(shorten(done, lang, PHRASE_WORDS));
        continue;
      }
      // "Installs by Voltline": a name, or what someone else does, not an action of the business.
      if (/^\s*(?:by|par|por|da|pela|pelo)\s/iu.test(clause.slice(m.index + m[0].length))) continue;
      // The verb leads the clause (after the product's name, "it", "we" or "and").
      const before = clause.slice(0, m.index).trim();
      if (wordsOf(before).length > 3 && !mentionsProduct) continue;
      // "We pick up the dogs…": said of the business ("picks up the dogs…").
      // A clause of a sentence "we" opened is "we" too ("we come to them, fix it in 20 min").
      const we =
        /(?:^|\s)(we|nous|nosotros|noi|nós)$/iu.exec(before)?.[1] ??
        (before ? undefined : /^(we|nous|nosotros|noi|nós)\s/iu.exec(sentence)?.[1]);
      // An English verb without its "s" and without "we" is a noun's ("install labor").
      if (lang === 'en' && !we && !before && !/s$/iu.test(wordsOf(m[0])[0] ?? '')) continue;
      const actions = splitActions(clause.slice(m.index), lang);
      // (Only a part its own verb leads: "…and in the rider groups" is where, not what.)
      const ours = (a: string) => (we && verb.exec(a)?.index === 0 ? `${we} ${a}` : a);
      found.push(...actions.map((a) => ofTheBusiness(ours(a), lang)));
    }
  });
  return unique(found).slice(0, 5);
}

/** "scans invoices and predicts what to order" → two actions, each led by its verb. */
function splitActions(text: string, lang: Lang): string[] {
  const verb = cueRegex(MODEL_CUES[lang].solution, `${lang}:solution`);
  const joins = MODEL_CUES[lang].listJoin.map((j) => j.replace(/ /g, '\\s+')).join('|');
  const parts = text.split(new RegExp(`\\s(?:${joins})\\s(?=\\S)`, 'iu'));
  const out: string[] = [];
  for (const part of parts) {
    const phrase = shorten(part, lang, PHRASE_WORDS);
    // A short part that does not start with a verb belongs to the one before.
    if (out.length && !verb.test(wordsOf(phrase)[0] ?? '') && wordsOf(phrase).length < 3) {
      out[out.length - 1] = shorten(`${out[out.length - 1]} ${part}`, lang, PHRASE_WORDS);
    } else if (wordsOf(phrase).length >= 2) out.push(phrase);
  }
  return out;
}

function escapeRe(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
