/**
 * Who the business serves, in a founder's description (#50 item 1): the people after "for" ("para",
 * "pour", "per"), or else the first people it names with the words that qualify them — not a
 * thing a people word qualifies ("un plan de negocio"), nor one person of the founder's story.
 */
import { CUES } from './lexicon.ts';
import { MODEL_CUES } from './model-cues.ts';
import {
  ARTICLE,
  MONEY,
  clauses,
  cueRegex,
  namesPeople,
  shorten,
  tidy,
  unique,
  wordsOf,
} from './phrases.ts';
import type { Lang } from './text.ts';

/** Adjectives of size and age that come before the noun in the Romance languages. */
const PRENOMINAL =
  /^(?:pequeñ[oa]s?|pequen[oa]s?|grandes?|gran|nuev[oa]s?|nov[oa]s?|jóvenes|jovens|petit(?:e|s|es)?|grand(?:e|s|es)?|jeunes|nouve(?:aux|lles?)|piccol[ioae]|giovani|nuov[ioae]|medi[oa]s|médi[oa]s|moyen(?:ne)?s)$/iu;

/** "have", "are", "ont", "tienen"…: a verb ends the people named before it ("parents ont…"). */
const AUXILIARY =
  /^(?:have|has|are|is|ont|a|sont|est|ont|tienen|tiene|son|es|están|hanno|ha|sono|è|têm|tem|são|é|estão)$/iu;

/** Things named like people who do something ("chargers", "printers", "orders"). */
const NOT_DOERS =
  /^(?:others|orders|papers|letters|numbers|chargers|computers|printers|containers|trailers|flyers|stickers|covers|filters|sensors|monitors|motors|meters|towers|layers|folders|markers|posters|banners|servers|routers|lockers|headphones|hours|colors|colours|floors|doors|errors|factors|sectors|centers|centres|corners|borders)$/iu;

/**
 * English names people by what they do ("delivery riders", "first-time renters", "tutors"): after
 * "for", a plural in "-ers" or "-ors" is people, unless it is one of the things named that way.
 */
function doers(phrase: string, lang: Lang): boolean {
  if (lang !== 'en' || /\d/.test(phrase)) return false;
  const head = wordsOf(phrase).find((w) => /^\p{L}{2,}(?:ers|ors)$/iu.test(w));
  return !!head && !NOT_DOERS.test(head);
}

export function segmentsOf(all: string[], lang: Lang, alternatives: string[] = []): string[] {
  // What customers use today ("outros dão para catadores informais") is not who they are.
  const other = new Set(alternatives.map((a) => a.toLowerCase()));
  const cues = MODEL_CUES[lang];
  const start = cueRegex(cues.segment, `${lang}:segment`);
  const end = cueRegex(cues.segmentEnd, `${lang}:segmentEnd`);
  const found: string[] = [];
  all.slice(0, 4).forEach((sentence) => {
    let rest = sentence;
    for (let guard = 0; guard < 4; guard += 1) {
      const m = start.exec(rest);
      if (!m) break;
      const after = rest.slice(m.index + m[0].length);
      rest = after;
      let phrase = after.split(/[.;:!?](?:\s|$)|,\s/)[0] ?? '';
      const stop = end.exec(phrase);
      if (stop) phrase = phrase.slice(0, stop.index);
      phrase = shorten(tidy(phrase, lang), lang);
      if (!phrase || MONEY.test(phrase) || /^\d/.test(phrase)) continue;
      // "para pagar…", "pour vendre…": a purpose, not the people served.
      if (lang !== 'en' && /^\p{L}+(?:ar|er|ir|re|are|ere|ire)$/iu.test(wordsOf(phrase)[0] ?? ''))
        continue;
      // "for two Sundays" is not a customer: a segment names people, or opens the description.
      const people = namesPeople(phrase, lang) || doers(phrase, lang);
      if (people && !other.has(phrase.toLowerCase())) found.push(phrase);
    }
  });
  if (found.length === 0) found.push(...firstPeople(all.slice(0, 3), lang));
  return unique(found).slice(0, 3);
}

/**
 * The first people a text names, with the words that qualify them ("small landlords",
 * "independent bakeries", "pedreiros autônomos"): who it serves when no "for …" says so.
 */
export function firstPeople(all: string[], lang: Lang): string[] {
  const found: string[] = [];
  // No "for …": the first people the description names, with the words just before them
  // ("small landlords", "independent bakeries").
  for (const sentence of all) {
    for (const clause of clauses(sentence)) {
      const ws = wordsOf(clause);
      // Not a people word in the singular that only qualifies a thing ("un plan de negocio");
      // in the plural it owns it ("os recebíveis de salões").
      // Nor one person of the founder's story ("mi abuela Chela", "my mom").
      const at = ws.findIndex(
        (w, i) =>
          namesPeople(w, lang) &&
          !/^(?:my|mi|mis|ma|mon|mes|mia|mio|mie|miei|minha|meu|meus|minhas)$/iu.test(
            ws[i - 1] ?? '',
          ) &&
          !/^\p{Lu}\p{Ll}/u.test(ws[i + 1] ?? '') &&
          !(
            i >= 2 &&
            !/[sxi]$/iu.test(w) &&
            /^(?:de|di|of|du|do|da|del)$/iu.test(ws[i - 1]!) &&
            !namesPeople(ws[i - 2]!, lang)
          ),
      );
      if (at < 0) continue;
      const verb = cueRegex(MODEL_CUES[lang].solution, `${lang}:solution`);
      // Adjectives follow the noun in these languages, but size and age come before it
      // ("pequeños negocios", "petites entreprises", "piccoli frutticoltori").
      // A people word can also be the adjective of the noun before it, which an article opens
      // ("o pedreiro autônomo", "el trabajador independiente").
      const dangling = new Set(MODEL_CUES[lang].dangling);
      const qualifies =
        at > 1 &&
        (ARTICLE.test(ws[at - 2]!) || (lang === 'pt' && ws[at - 2] === 'a')) &&
        /^\p{Ll}{3,}$/u.test(ws[at - 1]!) &&
        !dangling.has(ws[at - 1]!.toLowerCase());
      let from = CUES[lang].nounFirst
        ? at > 0 && (PRENOMINAL.test(ws[at - 1]!) || qualifies)
          ? at - 1
          : at
        : Math.max(0, at - 2);
      while (from < at && verb.test(ws[from]!)) from += 1;
      let to = at + 1;
      if (CUES[lang].nounFirst) {
        // Adjectives follow the noun: keep them up to a function word or a verb of the lexicon.
        const pain = cueRegex(MODEL_CUES[lang].pain, `${lang}:pain`);
        const connectors = new Set(CUES[lang].connectors);
        while (to < Math.min(ws.length, at + 4)) {
          const w = ws[to]!.toLowerCase();
          // "salões de beleza": a connector joins when a content word follows it.
          const joins = connectors.has(w) && ws[to + 1] && !dangling.has(ws[to + 1]!.toLowerCase());
          // "amateurs de 25 à 45 ans": an age or a size joins as the whole range, with its unit;
          // a number alone after "de" is a piece of one ("amateurs de 25").
          if (joins && /^\d/.test(ws[to + 1]!)) {
            const range =
              /^(?:à|a|al|to|-|–|e)$/iu.test(ws[to + 2] ?? '') && /^\d/.test(ws[to + 3] ?? '');
            if (!range) break;
            const unit = /^\p{Ll}+$/u.test(ws[to + 4] ?? '') && !dangling.has(ws[to + 4]!);
            to += unit ? 5 : 4;
            break;
          }
          if (
            (dangling.has(w) && !joins) ||
            AUXILIARY.test(w) ||
            verb.test(w) ||
            pain.test(w) ||
            /[,;:.]$/.test(ws[to - 1]!)
          )
            break;
          to += joins ? 2 : 1;
        }
      }
      const end = cueRegex(MODEL_CUES[lang].segmentEnd, `${lang}:segmentEnd`);
      const stop = ws.slice(at + 1, to).findIndex((w) => end.test(w));
      if (stop >= 0) to = at + 1 + stop;
      const phrase = shorten(tidy(ws.slice(from, to).join(' '), lang), lang);
      if (phrase) found.push(phrase);
      break;
    }
    if (found.length) break;
  }
  return found;
}
