/** Pure text and number formatting rules shared by server and client. */
import { LIMITS } from './limits.ts';

const NAME_STRIP = /[<>\\{}".=`]/g;

/** Strips the characters < > \ { } " . = and backtick, trims, and cuts to 50 characters. */
export function sanitizeName(name: string): string {
  return name.replace(NAME_STRIP, '').trim().slice(0, LIMITS.nameMax).trim();
}

/** The slug form of a name: lowercase letters and digits only, up to 50 characters. */
export function slugify(name: string): string {
  return stripAccents(name)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, LIMITS.slugMax);
}

/** Removes accents (combining marks) after Unicode decomposition. */
export function stripAccents(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

export const ELLIPSIS = '…';

/**
 * Truncates to at most `max` characters plus an ellipsis. When a space falls beyond 80% of the cut
 * point the text breaks there, so words are not cut in half.
 */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  const end = space > max * 0.8 ? space : max;
  return cut.slice(0, end).trimEnd() + ELLIPSIS;
}

/** A price string always shows cents: "59" becomes "59.00" and "59.5" becomes "59.50". */
export function priceString(value: number | string): string {
  const text = String(value).trim();
  if (text === '') return '0.00';
  const [whole = '0', cents] = text.split('.');
  if (cents === undefined) return `${whole}.00`;
  if (cents.length === 0) return `${whole}.00`;
  if (cents.length === 1) return `${whole}.${cents}0`;
  return `${whole}.${cents}`;
}

const ABBREVIATIONS = [
  { value: 1e12, suffix: 'T' },
  { value: 1e9, suffix: 'B' },
  { value: 1e6, suffix: 'M' },
  { value: 1e3, suffix: 'K' },
] as const;

/** Abbreviates large numbers with K, M, B and T, keeping one decimal where it matters. */
export function abbreviateNumber(value: number): string {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  for (const { value: unit, suffix } of ABBREVIATIONS) {
    if (abs >= unit) {
      const scaled = Math.floor((abs / unit) * 10) / 10;
      return `${sign}${Number.isInteger(scaled) ? scaled.toFixed(0) : scaled.toFixed(1)}${suffix}`;
    }
  }
  return `${sign}${Number.isInteger(abs) ? abs : Math.round(abs * 10) / 10}`;
}

/** Formats seconds as h:mm:ss. */
export function formatTimer(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  return `${hours}:${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

const ZERO_DATES = new Set([
  '0001-01-01T00:00:00Z',
  '0001-01-01T00:00:00.000Z',
  '0001-01-01',
  '1970-01-01T00:00:00Z',
  '1970-01-01T00:00:00.000Z',
  '1970-01-01',
]);

/** A date is empty when it is falsy or one of the zero-date values (year 1 or the epoch). */
export function isEmptyDate(value: Date | string | number | null | undefined): boolean {
  if (!value) return true;
  if (value instanceof Date) {
    const time = value.getTime();
    return Number.isNaN(time) || time === 0 || value.getUTCFullYear() <= 1;
  }
  if (typeof value === 'string') return ZERO_DATES.has(value);
  return false;
}

/** Remaining characters shown by a text counter, or null when the counter stays hidden. */
export function remainingCharacters(
  length: number,
  max: number = LIMITS.textFieldMax,
  showAt: number = LIMITS.textCounterAt,
): number | null {
  const remaining = max - length;
  return remaining <= showAt ? remaining : null;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
};

/** Plain text to the editor's HTML: "- " lines become a list, other lines paragraphs. */
export function plainToHtml(plain: string): string {
  const escape = (text: string) => text.replace(/[&<>"]/g, (c) => HTML_ESCAPES[c]!);
  const out: string[] = [];
  let list: string[] = [];
  const flush = () => {
    if (list.length)
      out.push(`<ul>${list.map((l) => `<li><p>${escape(l)}</p></li>`).join('')}</ul>`);
    list = [];
  };
  for (const line of plain.split('\n')) {
    const item = /^\s*[-•]\s+(.*)$/.exec(line);
    if (item) list.push(item[1]!);
    else {
      flush();
      if (line.trim()) out.push(`<p>${escape(line.trim())}</p>`);
    }
  }
  flush();
  return out.join('');
}
