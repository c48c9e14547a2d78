/** Limits and timers (part 1 §9.3, part 2 §9). Durations are in milliseconds unless named. */
import { AppError } from './errors.ts';

export const LANGUAGES = ['en-US', 'es-US', 'fr-FR', 'it-IT', 'pt-BR'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en-US';

export const LANGUAGE_NAMES: Record<Language, string> = {
  'en-US': 'English (US)',
  'es-US': 'Español (US)',
  'fr-FR': 'Français',
  'it-IT': 'Italiano',
  'pt-BR': 'Português (Brasil)',
};

/** The browser language when supported, otherwise en-US. */
export function pickLanguage(browserLanguage: string | undefined): Language {
  const found = LANGUAGES.find((l) => l.toLowerCase() === browserLanguage?.toLowerCase());
  return found ?? DEFAULT_LANGUAGE;
}

export const LIMITS = {
  projectDescriptionMin: 100,
  onboardingSteps: 2,
  passwordMin: 9,
  passwordMax: 72,
  emailMax: 256,
  nameMax: 50,
  slugMax: 50,
  textFieldMax: 29900,
  textCounterAt: 20,
  editorCounterAt: 50,
  reasonMax: 400,
  keyLearningsMax: 400,
  sideNavProjects: 10,
  sideNavCollections: 5,
  feedCount: 40,
  mentionSuggestions: 5,
  uploadMaxBytes: 104_857_600,
  pdfPageCap: 100,
  imageMediumLongSide: 800,
  imageMediumMinBytes: 100_000,
  imageThumbBox: 500,
  imageThumbMinBytes: 50_000,
  avatarColors: 8,
  profile: {
    firstName: 50,
    lastName: 50,
    phone: 50,
    linkedin: 256,
    title: 500,
    department: 500,
    aboutMe: 2000,
  },
} as const;

export const TIMERS = {
  /** An organisation an owner asked to delete stays restorable this many days (#29). */
  organizationDeletionGraceDays: 14,
  alertMs: 4000,
  uploadToastMs: 3000,
  editorAutosaveMs: 500,
  textAutosaveMs: 700,
  savedCheckMs: 3000,
  paymentWarningMs: 8000,
  postPaymentRefreshMs: 4000,
  tooltipDelayMs: 1000,
  tooltipMaxWidth: 900,
  tooltipEdgePx: 100,
  debounceMs: 500,
  resizeDebounceMs: 150,
  realtimeReconnectMs: 10_000,
  realtimeMaxAttempts: 1000,
  deletedCardRedirectMs: 5000,
  cohortEndingMs: 432_000_000,
  cardGraceDays: 7,
  /**
   * Dunning (#30): the days after a renewal's payment fails when it is tried again; after the last
   * failure the subscription expires. A Recurly site's dunning campaign is set to the same days.
   */
  dunningDays: [0, 3, 7] as readonly number[],
  /** The owners are told this many days before the card on file stops working (#30). */
  cardExpiringNoticeDays: 30,
  /** The owners are told this many days before a past-due plan expires (the grace ends). */
  graceEndingNoticeDays: 2,
  studentAccessWeeks: 6,
  cohortDefaultMonths: 3,
} as const;

/** Dates older than this show as full dates. */
export const FULL_DATE_AGE_MS = 365 * 24 * 60 * 60 * 1000;

/** Sign-in lockouts, sessions and token lifetimes. */
export const AUTH_LIMITS = {
  /** Failed attempts per account before a lockout. */
  attemptsPerAccount: 5,
  /** Account mails (sign-up, reset) to one address per hour; more are not sent. */
  mailsPerRecipientPerHour: 3,
  /** Failed attempts per IP address before a lockout. */
  attemptsPerAddress: 20,
  /** The window failures are counted over, and how long a lockout lasts. */
  lockoutWindowMs: 15 * 60 * 1000,
  sessionDays: 30,
  signupTokenHours: 24,
  inviteTokenDays: 14,
  resetTokenHours: 1,
  changeEmailTokenHours: 24,
  handoffTokenSeconds: 60,
  recoveryCodes: 10,
} as const;

export const SESSION_COOKIE = 'assay_session';
/** A browser an account signed in from before (decision 006): it may pass an account's lock. */
export const DEVICE_COOKIE = 'assay_device';
export const MFA_REQUIRED_HEADER = 'x-mfa-required';
export const ORGANIZATION_SLUG_HEADER = 'x-organization-slug';
export const ORGANIZATION_ID_HEADER = 'x-organization-id';

/**
 * Browser error reporting (part 1 §7.4, part 2 §9): every trace, a tenth of sessions recorded
 * as replays, and every session that meets an error. Only when a trace target is configured.
 */
export const ERROR_REPORTING_SAMPLING = {
  tracesSampleRate: 1,
  replaysSessionSampleRate: 0.1,
  replaysOnErrorSampleRate: 1,
} as const;

/** The highest page number a list answers (a bigger one is refused, not sent to the database). */
export const MAX_PAGE = 10_000;

/**
 * A page number from a query string: missing or empty gives `first`; anything that is not a
 * whole number from `first` to MAX_PAGE is refused with the catalogue's 400 (issue #25).
 */
export function pageNumber(raw: string | undefined | null, first: 0 | 1 = 0): number {
  if (raw === undefined || raw === null || raw.trim() === '') return first;
  const page = Number(raw);
  if (!Number.isSafeInteger(page) || page < first || page > MAX_PAGE)
    throw new AppError('validation', {
      context: `page must be a whole number from ${first} to ${MAX_PAGE}`,
    });
  return page;
}

/**
 * A path to send a browser to on this site: only one that stays on the same origin once a browser
 * reads it (`/\\evil.example` and `//evil.example` leave it); anything else becomes "/"
 * (issue #25 weakness 2).
 */
export function sameOriginPath(path: unknown): string {
  if (typeof path !== 'string' || !path.startsWith('/')) return '/';
  const base = 'https://assay.invalid';
  try {
    const url = new URL(path, base);
    if (url.origin !== base) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}
