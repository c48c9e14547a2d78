/**
 * Thresholds a claim sets ("at least 3 hours a week", "will pay $19 a month") and the figures of
 * a passage measured against them, in the same unit (#49): the built-in evidence reader's scale.
 */
import { contentStems, type Lang } from './text.ts';

/** A threshold the claim sets, if any; `implied` when it is a price someone will pay. */
export interface Threshold {
  value: number;
  atLeast: boolean;
  unit: string | null;
  implied?: boolean;
}

/** "At least N" / "more than N" (atLeast) or "under N" / "less than N" in a claim, per language. */
const THRESHOLDS: Record<Lang, { atLeast: RegExp; atMost: RegExp }> = {
  en: {
    atLeast: /\b(?:at least|more than|over|above|upwards of)\s+\D{0,3}(\d[\d.,]*)/i,
    atMost: /\b(?:under|less than|below|at most|no more than|fewer than)\s+\D{0,3}(\d[\d.,]*)/i,
  },
  es: {
    atLeast: /\b(?:al menos|más de|por lo menos|mínimo)\s+\D{0,3}(\d[\d.,]*)/i,
    atMost: /\b(?:menos de|como máximo|no más de)\s+\D{0,3}(\d[\d.,]*)/i,
  },
  fr: {
    atLeast: /\b(?:au moins|plus de|minimum)\s+\D{0,3}(\d[\d.,]*)/i,
    atMost: /\b(?:moins de|au plus|au maximum)\s+\D{0,3}(\d[\d.,]*)/i,
  },
  it: {
    atLeast: /\b(?:almeno|più di|oltre)\s+\D{0,3}(\d[\d.,]*)/i,
    atMost: /\b(?:meno di|al massimo|non più di)\s+\D{0,3}(\d[\d.,]*)/i,
  },
  pt: {
    atLeast: /\b(?:pelo menos|mais de|no mínimo)\s+\D{0,3}(\d[\d.,]*)/i,
    atMost: /\b(?:menos de|no máximo|até)\s+\D{0,3}(\d[\d.,]*)/i,
  },
};

function numberOf(raw: string): number {
  return Number(raw.replace(/[.,](?=\d{3}\b)/g, '').replace(',', '.'));
}

/** Counts written as words, two to twelve: "three times a year" is a figure against a threshold. */
const NUMBER_WORDS: Record<Lang, readonly string[]> = {
  en: ['two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'],
  es: ['dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez', 'once', 'doce'],
  fr: ['deux', 'trois', 'quatre', 'cinq', 'six', 'sept', 'huit', 'neuf', 'dix', 'onze', 'douze'],
  it: [
    'due',
    'tre',
    'quattro',
    'cinque',
    'sei',
    'sette',
    'otto',
    'nove',
    'dieci',
    'undici',
    'dodici',
  ],
  pt: ['dois', 'três', 'quatro', 'cinco', 'seis', 'sete', 'oito', 'nove', 'dez', 'onze', 'doze'],
};

/** The text with its counts in words written as digits. */
export function withDigits(text: string, lang: Lang): string {
  const words = NUMBER_WORDS[lang];
  return text.replace(/\p{L}+/gu, (w) => {
    const i = words.indexOf(w.toLowerCase());
    return i < 0 ? w : String(i + 2);
  });
}

/** "… a year", "… por semana", "… par mois": the period a count is per, if it names one. */
const PER_PERIOD: Record<Lang, RegExp> = {
  en: /^(?:\s+[\p{L}'-]+){0,2}?\s+(?:a|an|per|each|every)\s+(year|month|week|day)\b/iu,
  es: /^(?:\s+[\p{L}'-]+){0,2}?\s+(?:al|a la|por|cada)\s+(año|mes|semana|día)\b/iu,
  fr: /^(?:\s+[\p{L}'-]+){0,2}?\s+(?:par|chaque|l')\s*(an|année|mois|semaine|jour)\b/iu,
  it: /^(?:\s+[\p{L}'-]+){0,2}?\s+(?:all'|al|alla|a|ogni|per)\s*(anno|mese|settimana|giorno)\b/iu,
  pt: /^(?:\s+[\p{L}'-]+){0,2}?\s+(?:ao|à|por|cada)\s+(ano|mês|semana|dia)\b/iu,
};

/**
 * What a figure counts: the currency sign before it, the period it is per ("3 times a year" and
 * "2 boxes a year" are both a year's count), or the stem of the word after it.
 */
function unitAt(text: string, index: number, length: number, lang: Lang): string | null {
  const before = text.slice(Math.max(0, index - 3), index);
  const sign = /([$€£]|R\$)\s*$/.exec(before);
  if (sign) return sign[1]!;
  const after = text.slice(index + length);
  if (/^\s*(?:[$€£]|euros?|dollars?|dólares|dollari|reais)/i.test(after)) return '€$';
  const word = /^\s*%|^\s*([\p{L}]{2,})/u.exec(after);
  if (!word) return null;
  if (word[0].includes('%')) return '%';
  const period = PER_PERIOD[lang].exec(after);
  if (period) return `per ${contentStems(period[1]!, lang)[0] ?? period[1]!.toLowerCase()}`;
  return contentStems(word[1]!, lang)[0] ?? null;
}

export function thresholdOf(title: string, lang: Lang): Threshold | null {
  const t = THRESHOLDS[lang];
  for (const [re, atLeast] of [
    [t.atLeast, true],
    [t.atMost, false],
  ] as const) {
    const counted = withDigits(title, lang);
    const m = re.exec(counted);
    if (!m) continue;
    const raw = m[1]!;
    const at = m.index + m[0].length - raw.length;
    return { value: numberOf(raw), atLeast, unit: unitAt(counted, at, raw.length, lang) };
  }
  // "Will pay $19 a month": a price someone pays is one they pay at least; what they pay today
  // for the same need, below it, falls short.
  if (!WILL_PAY[lang].test(title)) return null;
  for (const m of title.matchAll(/\d[\d.,]*/g)) {
    const unit = unitAt(title, m.index, m[0].length, lang);
    if (unit && /[$€£]/.test(unit))
      return { value: numberOf(m[0]), atLeast: true, unit, implied: true };
  }
  return null;
}

/** A claim that someone will pay, in each language. */
const WILL_PAY: Record<Lang, RegExp> = {
  en: /\b(?:will|would) pay\b|\bpay(?:s|ing)?\b/iu,
  es: /\bpag(?:ar[áa]n?|arían?|an|a)\b/iu,
  fr: /\bpaier(?:a|ont|aient|ait)\b|\bpay(?:ent|er)\b/iu,
  it: /\bpagher(?:à|anno|ebbero|ebbe)\b|\bpagan?o\b|\bpagare\b/iu,
  pt: /\bpagar(?:ão|ia|iam|á)?\b|\bpagam?\b/iu,
};

function sameUnit(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return false;
  if (a === b) return true;
  const money = (u: string) => /[$€£]/.test(u);
  return money(a) && money(b);
}

/** 1 when a figure of the passage meets the claim's threshold, -1 when it falls short, else 0. */
export function measure(text: string, threshold: Threshold, lang: Lang): number {
  const counted = withDigits(text, lang);
  for (const m of counted.matchAll(/\d[\d.,]*/g)) {
    const value = numberOf(m[0]);
    if (!Number.isFinite(value) || value === 0) continue;
    if (!sameUnit(threshold.unit, unitAt(counted, m.index, m[0].length, lang))) continue;
    // The same order of magnitude as the threshold: a figure of the same kind.
    const ratio = value / threshold.value;
    if (ratio < 0.1 || ratio > 10) continue;
    // A price the claim names, said back ("about the $29 a month: …"), measures nothing.
    if (threshold.implied && value === threshold.value) continue;
    const meets = threshold.atLeast ? value >= threshold.value : value <= threshold.value;
    return meets ? 1 : -1;
  }
  return 0;
}
