/**
 * The agent reading one piece of evidence (#49): for each hypothesis it bears on, a rating on the
 * spec's scale (−2 … 2), a verbatim quote and a one-line reason; and 3–6 key insights, each with
 * its quote. Every quote is checked word for word against the evidence before anyone sees it
 * (`findQuote`): a quote that is not there is dropped with what it was meant to prove.
 */
import { z } from 'zod';
import type { RATINGS } from './canvas.ts';

export const QUOTE_MAX = 400;
export const REASON_MAX = 1000;
export const INSIGHT_TEXT_MAX = 600;
export const INSIGHTS_MIN = 3;
export const INSIGHTS_MAX = 6;

const rating = z.number().int().min(-2).max(2) as z.ZodType<(typeof RATINGS)[number]['value']>;

export const evidenceSuggestionSchema = z.object({
  hypothesisId: z.string().min(1).max(100),
  rating,
  quote: z.string().max(QUOTE_MAX),
  reason: z.string().max(REASON_MAX),
});
export type EvidenceSuggestion = z.infer<typeof evidenceSuggestionSchema>;

export const evidenceInsightSchema = z.object({
  text: z.string().min(1).max(INSIGHT_TEXT_MAX),
  quote: z.string().max(QUOTE_MAX),
});
export type EvidenceInsight = z.infer<typeof evidenceInsightSchema>;

export const evidenceReadingSchema = z.object({
  suggestions: z.array(evidenceSuggestionSchema).max(50),
  insights: z.array(evidenceInsightSchema).max(INSIGHTS_MAX),
});
export type EvidenceReading = z.infer<typeof evidenceReadingSchema>;

/** What the agent reads (the measuring contract's input, `ai:connect`). */
export const evidenceReadingInputSchema = z.object({
  project: z.object({ name: z.string().max(300), description: z.string().max(30000) }),
  hypotheses: z
    .array(
      z.object({
        id: z.string().min(1).max(100),
        section: z.string().max(60),
        title: z.string().max(2000),
        description: z.string().max(20000).default(''),
      }),
    )
    .max(200),
  evidence: z.object({
    type: z.string().max(40),
    title: z.string().max(2000).default(''),
    text: z.string().max(200_000),
  }),
});
export type EvidenceReadingInput = z.infer<typeof evidenceReadingInputSchema>;

// ---------------------------------------------------------------------------------------------
// Quotes checked word for word.

/** Typographic quotation marks and apostrophes, read as the plain ones. */
const SINGLE_QUOTES = /[\u2018\u2019\u201A\u201B\u2032\u2035\u02BC\u0060\u00B4]/g;
const DOUBLE_QUOTES = /[\u201C\u201D\u201E\u201F\u2033\u2036\u00AB\u00BB\u2039\u203A]/g;

/**
 * A text as quotes are compared (the contract's rule): Unicode NFC, typographic quotes as plain
 * ones, every run of white space (no-break and narrow spaces too) as one space. Each character of
 * the result remembers where it came from in the original, so a found quote can be highlighted.
 */
function normalise(text: string): { text: string; origin: number[] } {
  let out = '';
  const origin: number[] = [];
  let pendingSpace = -1;
  // NFC per character keeps the map to the original positions (combining marks compose with
  // the letter before them, so they are read together).
  const chars = Array.from(text);
  let at = 0;
  for (let i = 0; i < chars.length; i += 1) {
    let ch = chars[i]!;
    const start = at;
    at += ch.length;
    while (i + 1 < chars.length && /\p{M}/u.test(chars[i + 1]!)) {
      ch += chars[i + 1]!;
      at += chars[i + 1]!.length;
      i += 1;
    }
    if (/\s/u.test(ch)) {
      if (pendingSpace < 0) pendingSpace = start;
      continue;
    }
    if (pendingSpace >= 0) {
      if (out.length > 0) {
        out += ' ';
        origin.push(pendingSpace);
      }
      pendingSpace = -1;
    }
    const plain = ch.normalize('NFC').replace(SINGLE_QUOTES, "'").replace(DOUBLE_QUOTES, '"');
    out += plain;
    // One entry per UTF-16 unit, as `out` is indexed: an emoji is two.
    for (let k = 0; k < plain.length; k += 1) origin.push(start);
  }
  origin.push(at);
  return { text: out, origin };
}

/** A quote stripped of the quotation marks or ellipsis around it. */
function bareQuote(quote: string): string {
  return normalise(quote)
    .text.replace(/^(?:["']|\.\.\.|…|\s)+/u, '')
    .replace(/(?:["']|\.\.\.|…|\s)+$/u, '');
}

/**
 * Where a quote stands in the text, word for word after normalising (null when it is not there,
 * is empty, or is shorter than three words): the span of the original text, for highlighting.
 */
export function findQuote(
  quote: string | null | undefined,
  text: string,
): { start: number; end: number } | null {
  if (!quote) return null;
  const bare = bareQuote(quote);
  if (bare.length === 0 || bare.length > QUOTE_MAX) return null;
  if (bare.split(' ').filter((w) => /[\p{L}\p{N}]/u.test(w)).length < 3) return null;
  const haystack = normalise(text);
  const at = haystack.text.indexOf(bare);
  if (at < 0) return null;
  return { start: haystack.origin[at]!, end: haystack.origin[at + bare.length]! };
}

/** The quote as it stands in the text (the original characters), or null when it is not there. */
export function verbatimQuote(quote: string | null | undefined, text: string): string | null {
  const span = findQuote(quote, text);
  return span ? text.slice(span.start, span.end) : null;
}

/**
 * A quote with the words around it in the evidence (up to `around` characters each side, cut at a
 * word, "…" where cut): what a person reads to judge whether the quote carries the point. Null
 * when the quote is not in the text.
 */
export function quoteInContext(
  quote: string | null | undefined,
  text: string,
  around = 160,
): { before: string; quote: string; after: string } | null {
  const span = findQuote(quote, text);
  if (!span) return null;
  let from = Math.max(0, span.start - around);
  if (from > 0) {
    const space = text.indexOf(' ', from);
    from = space >= 0 && space < span.start ? space + 1 : span.start;
  }
  let to = Math.min(text.length, span.end + around);
  if (to < text.length) {
    const space = text.lastIndexOf(' ', to);
    to = space > span.end ? space : span.end;
  }
  const before = text.slice(from, span.start).replace(/\s+/g, ' ').trimStart();
  const after = text.slice(span.end, to).replace(/\s+/g, ' ').trimEnd();
  return {
    before: `${from > 0 ? '…' : ''}${before}`,
    quote: text.slice(span.start, span.end),
    after: `${after}${to < text.length ? '…' : ''}`,
  };
}

/**
 * Keeps what can be shown: suggestions on known hypotheses, one per hypothesis, with a quote found
 * in the text (rewritten as it stands there); insights likewise. Returns how many were dropped
 * for a quote that is not in the evidence.
 */
export function checkEvidenceReading(
  reading: EvidenceReading,
  text: string,
  hypothesisIds: readonly string[],
): { reading: EvidenceReading; dropped: number } {
  const known = new Set(hypothesisIds);
  const seen = new Set<string>();
  let dropped = 0;
  const suggestions: EvidenceSuggestion[] = [];
  for (const s of reading.suggestions) {
    if (!known.has(s.hypothesisId) || seen.has(s.hypothesisId)) continue;
    const quote = verbatimQuote(s.quote, text);
    if (!quote) {
      dropped += 1;
      continue;
    }
    seen.add(s.hypothesisId);
    suggestions.push({ ...s, quote });
  }
  const insights: EvidenceInsight[] = [];
  for (const i of reading.insights) {
    const quote = verbatimQuote(i.quote, text);
    if (!quote) {
      dropped += 1;
      continue;
    }
    insights.push({ ...i, quote });
  }
  return { reading: { suggestions, insights }, dropped };
}
