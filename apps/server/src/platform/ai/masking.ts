/**
 * No personal data to an outside AI provider (#49 item 6): before a prompt leaves the server,
 * interviewees' names, e-mail addresses and phone numbers are replaced by placeholders
 * ([PERSON_1], [EMAIL_1], [PHONE_1]); the answer gets them back. Built-in and local models read
 * the text as it is.
 */

export interface Mask {
  /** The text with every known piece of personal data replaced. */
  hide(text: string): string;
  /** An answer's text with the placeholders put back. */
  reveal(text: string): string;
  /** What was replaced (for tests and logs: never logged with the values). */
  readonly count: number;
}

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu;
// A phone number: an optional +, then 7 to 15 digits with spaces, dots, dashes or brackets.
const PHONE = /(?<![\p{L}\p{N}])\+?\(?\d[\d\s().-]{6,}\d(?![\p{L}\p{N}])/gu;
/** A speaker's name at the start of a line ("Priya:", "[3 dic, 10:41] Rosa:"). */
const SPEAKER =
  /^\s*(?:\[[^\]\n]{1,40}\]\s*)?([\p{Lu}][\p{L}'’-]+(?:\s+[\p{Lu}][\p{L}'’.-]*){0,2})\s*(?:\([^)\n]*\))?\s*:/gmu;
/** Words that head a line but are not people. */
const NOT_NAMES = new Set(
  [
    'interviewer',
    'interviewee',
    'entrevistador',
    'entrevistadora',
    'intervistatore',
    'intervistatrice',
    'enquêteur',
    'enquêtrice',
    'note',
    'notes',
    'notas',
    'nota',
    'q',
    'a',
    'p',
    'r',
    'd',
    'question',
    'answer',
    'agent',
    'support',
    'soporte',
    'suporte',
    'atendente',
    'operatore',
    'context',
    'contexte',
    'contesto',
    'contexto',
    'update',
    'edit',
    'title',
  ].map((w) => w.toLowerCase()),
);

function digitsOf(text: string) {
  return text.replace(/\D/g, '');
}

/**
 * A mask for these texts: the names are the speakers of a transcript or chat and the people the
 * evidence's title names ("Priya, freelance UX designer"), plus any names given.
 */
export function createMask(texts: { text: string; title?: string }, names: string[] = []): Mask {
  const people = new Set<string>();
  for (const m of texts.text.matchAll(SPEAKER)) {
    const name = m[1]!.trim();
    if (!NOT_NAMES.has(name.toLowerCase())) people.add(name);
  }
  // A title that starts with a name: "Dana R., practice manager", "Entrevista con Ramiro M.".
  const titleName =
    /^(?:[\p{Ll}\s]+\s)?([\p{Lu}][\p{L}'’-]+(?:\s+[\p{Lu}][\p{L}'’-]*\.?)?)\s*[,–—-]/u.exec(
      texts.title ?? '',
    );
  if (titleName && !NOT_NAMES.has(titleName[1]!.toLowerCase())) people.add(titleName[1]!.trim());
  for (const n of names) if (n.trim()) people.add(n.trim());
  // Each full name, and its first word on its own (people are called by first name).
  const parts = new Set<string>();
  for (const p of people) {
    parts.add(p.replace(/\.$/, ''));
    const first = p.split(/\s+/)[0]!;
    if (first.length > 2) parts.add(first);
  }
  const ordered = [...parts].sort((a, b) => b.length - a.length);
  const placeholders = new Map<string, string>();
  const byPlaceholder = new Map<string, string>();
  const counters = { PERSON: 0, EMAIL: 0, PHONE: 0 };
  const placeholder = (kind: keyof typeof counters, value: string) => {
    const key = `${kind}:${kind === 'PHONE' ? digitsOf(value) : value.toLowerCase()}`;
    let found = placeholders.get(key);
    if (!found) {
      counters[kind] += 1;
      found = `[${kind}_${counters[kind]}]`;
      placeholders.set(key, found);
      byPlaceholder.set(found, value);
    }
    return found;
  };
  const nameRe = ordered.length
    ? new RegExp(
        `(?<![\\p{L}\\p{N}])(${ordered.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\p{L}\\p{N}])`,
        'gu',
      )
    : null;
  const hide = (text: string) => {
    let out = text.replace(EMAIL, (m) => placeholder('EMAIL', m));
    out = out.replace(PHONE, (m) => (digitsOf(m).length >= 7 ? placeholder('PHONE', m) : m));
    if (nameRe) out = out.replace(nameRe, (m) => placeholder('PERSON', m));
    return out;
  };
  // Everything the texts hold is known before any answer comes back.
  hide(`${texts.title ?? ''}\n${texts.text}`);
  return {
    hide,
    reveal: (text) =>
      text.replace(/\[(PERSON|EMAIL|PHONE)_\d+\]/g, (m) => byPlaceholder.get(m) ?? m),
    get count() {
      return byPlaceholder.size;
    },
  };
}
