/**
 * Display rules (part 1 §9.3, #48 item 7): dates older than a year in full, and the time zone
 * string from the browser's offset. (Counts with K, M, B, T and h:mm:ss timers are text.ts's
 * abbreviateNumber and formatTimer.)
 */

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * A moment as a person reads it: within the last year the day and month (and the time when it
 * is today), older than a year the full date with its year.
 */
export function formatWhen(at: Date | string, now = new Date(), locale = 'en-US'): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(date.getTime())) return '';
  if (now.getTime() - date.getTime() > YEAR_MS)
    return date.toLocaleDateString(locale, { day: 'numeric', month: 'long', year: 'numeric' });
  if (date.toDateString() === now.toDateString())
    return date.toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' });
  return date.toLocaleDateString(locale, { day: 'numeric', month: 'short' });
}

/**
 * The time zone string from the browser's offset (Date#getTimezoneOffset: minutes *behind* UTC,
 * so Paris in summer is -120): "UTC+02:00", "UTC-05:30", "UTC+00:00".
 */
export function timezoneFromOffset(offsetMinutes: number): string {
  const ahead = -offsetMinutes;
  const sign = ahead < 0 ? '-' : '+';
  const abs = Math.abs(ahead);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
