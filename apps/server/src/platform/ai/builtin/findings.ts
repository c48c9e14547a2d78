/**
 * What interview notes say beyond the business model: how much a sentence reports a pain or a
 * finding, and whether the note-taker marked it as a surprise.
 */
import { MODEL_CUES } from './model-cues.ts';
import { cueRegex } from './phrases.ts';
import type { Lang } from './text.ts';

const SURPRISE =
  /(?<![\p{L}])(?:surpris\p{L}*|unexpected\p{L}*|sorpres\p{L}*|sorprend\p{L}*|surpreend\p{L}*|surpres\p{L}*|inesperad\p{L}*|inattendu\p{L}*|inaspettat\p{L}*|didn't expect|no esper\p{L}*|não esper\p{L}*)/iu;

/** Words that mark an observation in notes: negation, effort and time, and what was tried. */
const FINDING =
  /(?<![\p{L}])(?:never|nobody|no one|not|don't|doesn't|didn't|can't|takes?|took|time|tried|gave up|nunca|nadie|nada|no|tarda\p{L}*|tiempo|prob[óo]\p{L}*|intent[óo]\p{L}*|jamais|personne|rien|ne|n'|prend\p{L}*|temps|essay\p{L}*|mai|nessuno|niente|non|ci vuole|tempo|provat\p{L}*|nenhum|ninguém|nada|não|leva|demora\p{L}*|tentou|tentaram)(?![\p{L}])/giu;

/**
 * How much a sentence of interview notes says about a pain or a finding: pain cues of the
 * language, figures, and the note-taker's "surprise" mark; 0 for small talk.
 */
export function findingScore(sentence: string, lang: Lang): number {
  const cues = MODEL_CUES[lang];
  const pain = new RegExp(cueRegex(cues.pain, `${lang}:pain`).source, 'giu');
  const pains = sentence.match(pain)?.length ?? 0;
  const figures = sentence.match(/\d+/g)?.length ?? 0;
  const surprise = SURPRISE.test(sentence) ? 6 : 0;
  const alternative = cueRegex(cues.alternative, `${lang}:alternative`).test(sentence) ? 1 : 0;
  const findings = Math.min(sentence.match(FINDING)?.length ?? 0, 2);
  return 3 * pains + Math.min(figures, 2) + surprise + alternative + 2 * findings;
}

/** Whether a sentence of notes is the note-taker's remark that something was a surprise. */
export function isSurprise(sentence: string): boolean {
  return SURPRISE.test(sentence);
}
