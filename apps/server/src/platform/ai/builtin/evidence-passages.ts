/**
 * What the built-in evidence reader reads (#49): the sentences of the people the evidence is about,
 * with their places in the text — not the interviewer's questions, not the company's replies in a
 * chat, not a heading or the note-taker's asides — cut to quotable length, with their stems and
 * figures.
 */
import { matches } from './analysis.ts';
import { EVIDENCE_CUES, type EvidenceCues } from './evidence-cues.ts';
import { contentStems, sentences, type Lang } from './text.ts';

export const QUOTE_MAX = 400;

/** English past forms a stemmer cannot tie to their verb: "paid" is about paying. */
const IRREGULAR: Partial<Record<Lang, Record<string, string>>> = {
  en: {
    paid: 'pay',
    bought: 'buy',
    spent: 'spend',
    sold: 'sell',
    went: 'go',
    took: 'take',
    made: 'make',
    kept: 'keep',
    found: 'find',
    gave: 'give',
    told: 'tell',
    thought: 'think',
    lost: 'lose',
    left: 'leave',
    got: 'get',
    came: 'come',
    brought: 'bring',
    chose: 'choose',
    chosen: 'choose',
    booked: 'book',
    quit: 'quit',
    hired: 'hire',
    ran: 'run',
    sent: 'send',
  },
};

/**
 * An elided article or pronoun before a word ("l'abbonamento", "d'été", "n'est", "qu'on"): the
 * word is what it is about, so "abbonate" and "l'abbonamento" share their stem.
 */
const ELISION: Partial<Record<Lang, RegExp>> = {
  fr: /(?<![\p{L}])(?:l|d|n|s|c|j|m|t|qu|jusqu|lorsqu|puisqu)['’](?=\p{L})/giu,
  it: /(?<![\p{L}])(?:l|d|n|s|c|m|t|v|un|all|dell|nell|sull|dall|coll|quell|quest|po)['’](?=\p{L})/giu,
};

/** Content stems, with irregular forms read as their verb and elisions set apart. */
export function stemsOf(text: string, lang: Lang): string[] {
  const elision = ELISION[lang];
  const open = elision ? text.replace(elision, ' ') : text;
  const irregular = IRREGULAR[lang];
  if (!irregular) return contentStems(open, lang);
  const mapped = open.replace(/[\p{L}]+/gu, (w) => irregular[w.toLowerCase()] ?? w);
  return contentStems(mapped, lang);
}

/** A sentence said by someone the evidence is about, and where it stands in the text. */
export interface Passage {
  text: string;
  start: number;
  end: number;
  /** The turn (line or speaker turn) it belongs to: context for the sentence after it. */
  turn: number;
  stems: Set<string>;
  /** The stems of the label of its point of notes ("• Commissioni: …"), if it has one. */
  topic?: Set<string>;
  numbers: Set<string>;
}

/**
 * "Name:", "[3 dic, 10:41] Rosa:", "Sandrine – 10:05 :", "Sandrine (office manager, firm) – 10:02 :"
 * at the start of a line.
 */
const SPEAKER =
  /^\s*(?:\[[^\]\n]{1,40}\]\s*)?([^\s:\n\d(][^:\n(]{0,40}?(?:\s*\([^)\n]{1,80}\))?)(?:\s*[-–—,]?\s*\d{1,2}[:h.]\d{2})?\s*:\s+/u;

/** A bullet or dash opening a line of notes: a label after it names a topic, not a speaker. */
const BULLET = /^\s*[•·▪◦*\-–—]\s*/u;

function speakerKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/\([^)]*\)/g, '')
    .trim();
}

/** Figures as compared: digits only ("1,400" and "1400" are one figure). */
export function figures(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/\d[\d.,]*\d|\d/g)) {
    const digits = m[0].replace(/[.,]/g, '');
    if (
      digits.length >= 2 ||
      /[$€£%]/.test(text.slice(Math.max(0, m.index - 2), m.index + m[0].length + 2))
    )
      out.add(digits);
  }
  return out;
}

/**
 * Who asks or answers for the company: named so (interviewer, agent…), named with the company in
 * brackets or after the project, or mostly asking questions.
 */
function askers(
  turns: { speaker: string | null; body: string }[],
  cues: EvidenceCues,
  projectWords: Set<string>,
): Set<string> {
  const bySpeaker = new Map<
    string,
    { questions: number; sentences: number; raw: string; bracketed: boolean }
  >();
  for (const t of turns) {
    if (!t.speaker) continue;
    const key = speakerKey(t.speaker);
    const entry = bySpeaker.get(key) ?? {
      questions: 0,
      sentences: 0,
      raw: t.speaker,
      bracketed: true,
    };
    // A bracket on every turn names their side ("Léa (CroqBureau)"); one introducing someone's
    // role once ("Sandrine (office manager, …)") does not.
    if (!/\(/.test(t.speaker)) entry.bracketed = false;
    const parts = t.body.split(/(?<=[.!?])\s+/).filter((s) => s.trim());
    entry.sentences += parts.length;
    entry.questions += parts.filter((s) => s.trim().endsWith('?')).length;
    bySpeaker.set(key, entry);
  }
  const out = new Set<string>();
  if (bySpeaker.size < 2) return out;
  for (const [key, entry] of bySpeaker) {
    const words = key.split(/[\s.]+/).filter(Boolean);
    const named = words.some((w) => cues.askers.includes(w) || EVIDENCE_CUES.en.askers.includes(w));
    const bracket = /\(([^)]*)\)/.exec(entry.raw)?.[1]?.toLowerCase() ?? '';
    const company =
      entry.bracketed ||
      [...words, ...bracket.split(/[^\p{L}\p{N}]+/u)].some(
        (w) => w.length > 3 && projectWords.has(w),
      );
    const asking = entry.sentences > 0 && entry.questions / entry.sentences >= 0.5;
    if (named || company || asking) out.add(key);
  }
  // Somebody has to be the subject: if every speaker looked like an asker, keep the least asking.
  if (out.size === bySpeaker.size) out.clear();
  return out;
}

/** The sentences of the people the evidence is about, with their places in the text. */
export function passages(text: string, lang: Lang, projectName = ''): Passage[] {
  const cues = EVIDENCE_CUES[lang];
  const lines: { speaker: string | null; body: string; bodyStart: number; topic?: string[] }[] = [];
  let offset = 0;
  for (const line of text.split('\n')) {
    const m = SPEAKER.exec(line);
    const name = m ? speakerKey(m[1]!) : '';
    const plausible = m && name.split(/\s+/).length <= 5 && !/[.!?]$/.test(name);
    if (m && plausible && BULLET.test(m[1]!)) {
      // "• Pricing: she pays…" in notes: what the point is about, said of each of its sentences.
      lines.push({
        speaker: null,
        body: line.slice(m[0].length),
        bodyStart: offset + m[0].length,
        topic: stemsOf(m[1]!, lang),
      });
    } else if (m && plausible) {
      lines.push({
        speaker: m[1]!,
        body: line.slice(m[0].length),
        bodyStart: offset + m[0].length,
      });
    } else {
      lines.push({ speaker: null, body: line, bodyStart: offset });
    }
    offset += line.length + 1;
  }
  // A line without a name continues the speaker before it, in a transcript.
  let last: string | null = null;
  for (const l of lines) {
    if (l.speaker) last = l.speaker;
    else if (last && l.body.trim()) l.speaker = last;
  }
  const projectWords = new Set(
    projectName
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length > 3),
  );
  const skip = askers(lines, cues, projectWords);
  const out: Passage[] = [];
  const firstText = lines.findIndex((l) => l.body.trim());
  lines.forEach((line, turn) => {
    if (line.speaker && skip.has(speakerKey(line.speaker))) return;
    // A heading ("Interview notes – Dana, practice manager") says who, not what.
    if (turn === firstText && !line.speaker && matches(line.body.toLowerCase(), cues.meta) > 0)
      return;
    let cursor = 0;
    for (const sentence of sentences(line.body, lang)) {
      const at = line.body.indexOf(sentence, cursor);
      if (at < 0) continue;
      cursor = at + sentence.length;
      for (const piece of clauses(sentence)) {
        const pieceAt = line.body.indexOf(piece, at);
        if (pieceAt < 0) continue;
        const start = line.bodyStart + pieceAt;
        const words = piece.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
        if (words.length < 3) continue;
        // The note-taker's asides ("a long digression about…") are not what was said.
        if (matches(piece.toLowerCase(), cues.aside) > 0) continue;
        out.push({
          text: piece,
          start,
          end: start + piece.length,
          turn,
          stems: new Set([...stemsOf(piece, lang), ...(line.topic ?? [])]),
          ...(line.topic ? { topic: new Set(line.topic) } : {}),
          numbers: figures(piece),
        });
      }
    }
  });
  return out;
}

/** A sentence short enough to quote, or its clauses when it is not. */
function clauses(sentence: string): string[] {
  if (sentence.length <= QUOTE_MAX) return [sentence];
  const parts = sentence.split(/(?<=[,;:])\s+/);
  const out: string[] = [];
  let current = '';
  for (const part of parts) {
    if (current && current.length + part.length + 1 > QUOTE_MAX) {
      out.push(current);
      current = '';
    }
    current = current ? `${current} ${part}` : part;
  }
  if (current) out.push(current);
  return out.map((p) => (p.length > QUOTE_MAX ? p.slice(0, QUOTE_MAX).replace(/\s\S*$/, '') : p));
}
