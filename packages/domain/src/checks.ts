/** Validation checks with the spec's exact messages (part 1 §5, part 2 §5); no zod, so the web bundle stays small. */
import { ERRORS } from './errors.ts';
import { LIMITS } from './limits.ts';

export const VALIDATION_MESSAGES = {
  projectNameRequired: 'Your project needs a name.',
  projectDescriptionMin: 'Your project description must be at least the minimum characters',
  invalidEmail: ERRORS.invalidEmail.message,
  passwordLength: ERRORS.passwordLength.message,
  passwordComplexity:
    'Your password needs an uppercase letter, a lowercase letter, a number and a special character.',
  invalidBetaCode: ERRORS.invalidBetaCode.message,
  languageRequired: 'Please choose a language.',
  urlInvalid: 'Please enter a valid http or https URL.',
  urlRequired: 'Please enter a URL.',
  designLinkInvalid: 'Please enter a valid design file link.',
  textTooLong: 'Please shorten your text...',
  reasonTooLong: 'The reason must be less than 400 characters.',
  evidenceTitle: 'Your evidence needs a title.',
  interviewTitle: 'Your interview needs a title',
  meetingTitle: 'Your meeting needs a title',
  experimentTitle: 'Your experiment needs a title.',
  titleBlank: 'The title can not be left blank.',
  keyInsightsRequired: 'Please add the key insights',
  intervieweeNameRequired: 'Please add a name for the person interviewed.',
  membersNotInSampleTeam: 'members cannot be added to the Sample Team',
} as const;

/** "The {title or field} must be less than {max} characters". */
export function editorTooLongMessage(field: string, max: number): string {
  return `The ${field} must be less than ${max} characters`;
}

/** "{name} is already added to this evidence." */
export function duplicateIntervieweeMessage(name: string): string {
  return `${name} is already added to this evidence.`;
}

const EMAIL_PATTERN =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.[a-z]{2,}$/i;

/** A standard address pattern, case-insensitive, non-empty, at most 256 characters. */
export function isValidEmail(email: string): boolean {
  const trimmed = email.trim();
  return trimmed.length > 0 && trimmed.length <= LIMITS.emailMax && EMAIL_PATTERN.test(trimmed);
}

/** The special characters a password may use to satisfy the special-character rule. */
export const PASSWORD_SPECIALS = `_+-.,!@#$%^&*();/|<>\\'"`;

/** Entries beyond 72 characters are cut to 72. */
export function clampPassword(password: string): string {
  return password.slice(0, LIMITS.passwordMax);
}

/** The first password problem, or null when the password is acceptable. */
export function passwordProblem(password: string): string | null {
  const value = clampPassword(password);
  if (value.length < LIMITS.passwordMin) return VALIDATION_MESSAGES.passwordLength;
  const hasSpecial = [...value].some((c) => PASSWORD_SPECIALS.includes(c));
  if (!/[A-Z]/.test(value) || !/[a-z]/.test(value) || !/[0-9]/.test(value) || !hasSpecial) {
    return VALIDATION_MESSAGES.passwordComplexity;
  }
  return null;
}

/** Only http and https URLs are valid. */
export function isValidUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const DESIGN_HOSTS = new Set(['figma.com', 'www.figma.com']);

/**
 * The file key of a design-file link (https, a design-tool host, a file, proto, design or board
 * path — Figma's current links are /design/… and /board/… — and an id of 22–128 alphanumerics),
 * or null when the value is not one.
 */
export function designFileKey(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || !DESIGN_HOSTS.has(url.hostname)) return null;
  return (
    /^\/(?:file|proto|design|board)\/([A-Za-z0-9]{22,128})(?:\/|$)/.exec(url.pathname)?.[1] ?? null
  );
}

/** A design-file link: see designFileKey. */
export function isDesignFileLink(value: string): boolean {
  return designFileKey(value) !== null;
}

/** Link dialog: URL required and http(s); text optional and defaults to the URL. */

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a UUID (ids in paths and bodies are checked before they reach a query). */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}
