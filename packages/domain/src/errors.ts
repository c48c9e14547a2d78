/**
 * The error catalogue: every message, ref and status code named in §8 of both parts of the
 * specification, plus the few the server needs of its own. One place, typed; the server maps an
 * AppError once per transport and the web client parses it back.
 */

import { LIFECYCLE_ERRORS } from './lifecycle-errors.ts';
import { SSO_ERRORS } from './sso-errors.ts';

export interface ErrorDefinition {
  /** HTTP status code sent with the error. */
  readonly status: number;
  /** The reference number the client can match on (spec refs; our own from 2000 up). */
  readonly ref?: number;
  /** The exact message a user sees. */
  readonly message: string;
}

/** Messages shown by the client that are not tied to one server error. */
export const MESSAGES = {
  somethingWentWrong: 'Something went wrong. Please try again.',
  thereWasAnIssue: 'There was an issue. Please try again.',
  unknownRequestError: 'An unknown error occurred with your request. Please try again.',
  expiredLink: 'Uh oh. It looks like the link you are coming from has expired.',
  enableCookiesTitle: 'Enable Cookies on Your Browser',
  pleaseTryAgain: 'Please try again.',
  renderErrorTitle: 'Something went wrong',
  renderErrorBody: 'Please refresh the page',
  uploadErrorTitle: 'UPLOAD ERROR',
  uploadErrorBody: 'Failed to upload. Please try again.',
  promoCodeError: 'There was an error with your promo code.',
  paymentDetailsInvalid:
    'There was an issue with your payment details. Please review your credit card information.',
  subscriptionCanceled: 'Your subscription has been canceled',
  subscriptionReactivated: 'Your subscription has been reactivated',
  subscriptionChangeFailed: 'Something went wrong, please contact us for further assistance.',
  invoiceDownloaded: 'Download Successful! Please look in your downloads folder.',
  invoiceNotFound: 'There was an issue finding this invoice. Please contact customer support.',
  projectLimitTitle: 'Project Limit Reached',
  cardNotFoundTitle: '404',
  cardNotFound: 'Whoops! We cannot find the card you are looking for',
  cardNotFoundButton: 'Okay',
  /** Realtime: the card being viewed was deleted by someone else (spec wording not shown). */
  cardDeletedElsewhere: 'This card was deleted by someone else. Taking you home in a few seconds.',
  trelloListFailed: 'Error retrieving Trello connections. Please try again.',
  trelloPermissionDenied: 'Trello permission denied. Please contact support.',
  trelloRateLimited: 'Trello rate limit exceeded. Please try again later.',
  unableToAddTeam: 'Unable to add team: ',
  publicBoardCreateFailed:
    "Something went wrong. We couldn't create your public board. Please try again",
  organizationUpdated: 'Your organization has been updated',
  deleteConfirm:
    'Are you sure you want to delete? You could also change the status to Archived to get it out of the way while keeping it to come back to later.',
  mentionNoResult: 'No result',
  waitTitle: 'Awesome stuff is happening',
  waitBody: 'This will only take a few seconds',
  newVersion: 'A new version of Assay is available. Refresh the page to get it.',
} as const;

export const ERRORS = {
  // Generic transport errors.
  badRequest: { status: 400, ref: 2000, message: MESSAGES.thereWasAnIssue },
  validation: { status: 400, ref: 2001, message: MESSAGES.thereWasAnIssue },
  unauthenticated: { status: 401, ref: 2002, message: 'Please sign in to continue.' },
  forbidden: { status: 403, ref: 2003, message: 'You do not have permission to do that.' },
  notFound: { status: 404, ref: 2004, message: 'We could not find what you were looking for.' },
  staleVersion: {
    status: 409,
    ref: 2005,
    message: 'Someone else changed this while you were editing. Reload to see the latest version.',
  },
  rateLimited: { status: 429, ref: 2006, message: 'Too many requests. Please try again later.' },
  internal: { status: 500, ref: 2007, message: MESSAGES.somethingWentWrong },
  ...SSO_ERRORS,
  ...LIFECYCLE_ERRORS,
  /** The database is out of reach for a moment (a restart, a failover): try again shortly. */
  databaseUnavailable: { status: 503, ref: 2067, message: MESSAGES.somethingWentWrong },
  queryTooDeep: {
    status: 400,
    ref: 2008,
    message: 'This query is nested too deeply. Please ask for fewer levels of data.',
  },
  queryTooCostly: {
    status: 400,
    ref: 2009,
    message: 'This query asks for too much data at once. Please ask for less.',
  },
  tokenExpired: { status: 400, ref: 2010, message: MESSAGES.expiredLink },
  crossSite: {
    status: 403,
    ref: 2035,
    message: 'This request came from another site and was refused.',
  },
  mfaCodeInvalid: {
    status: 401,
    ref: 2036,
    message: 'That code is not valid. Please check your authenticator app and try again.',
  },
  organizationSlugTaken: {
    status: 409,
    ref: 2037,
    message: 'That address is already taken. Please choose another one.',
  },
  projectAlreadyMigrated: {
    status: 409,
    ref: 2075,
    message: 'You have already taken this project into an organization of its own.',
  },
  alreadyMember: {
    status: 409,
    ref: 2040,
    message: 'This person is already a member of your organization.',
  },
  profileLimitReached: {
    status: 403,
    ref: 2041,
    message:
      'Your plan has no room for more members. Ask an owner to upgrade, or remove someone first.',
  },
  projectNotFound: {
    status: 404,
    ref: 2042,
    message: 'We could not find that project. It may have been deleted.',
  },
  cardTitleInvalid: { status: 400, ref: 2044, message: 'The title can not be left blank.' },
  featureUnavailable: {
    status: 403,
    ref: 2045,
    message: 'This feature is not part of your plan.',
  },
  notAMember: {
    status: 403,
    ref: 2038,
    message: 'You are not a member of this organization.',
  },

  // Part 1 §8: accounts.
  invalidEmail: { status: 400, ref: 115, message: 'The email you entered is invalid' },
  wrongPassword: {
    status: 401,
    ref: 1079,
    message: 'The email or password you entered is incorrect.',
  },
  passwordLength: {
    status: 400,
    ref: 1080,
    message: 'Your password must be between 9 and 72 characters.',
  },
  joinFailed: {
    status: 403,
    ref: 7,
    message:
      'Unable to join org, invite has either expired or been rescinded. Please contact the org admin.',
  },
  tooManyLoginAttempts: { status: 429, ref: 48, message: 'Too many log in attempts.' },
  mismatch: { status: 400, ref: 22, message: 'The values you entered do not match.' },
  invalidBetaCode: { status: 404, ref: 2011, message: 'This invite code is not valid' },
  projectAllocationExceeded: {
    status: 403,
    ref: 2012,
    message: 'Monthly project allocation exceeded',
  },

  // Part 1 §8: billing.
  promoCode: { status: 400, ref: 2013, message: MESSAGES.promoCodeError },
  promoNotValid: { status: 400, ref: 2014, message: 'This promo is not valid' },
  promoAlreadyApplied: {
    status: 400,
    ref: 2015,
    message: 'This code has already been applied to your account',
  },
  cvvMismatch: { status: 402, ref: 2016, message: 'CVV / Security code did not match' },
  cardDeclined: { status: 402, ref: 2017, message: 'Card number declined' },
  paymentDetails: { status: 400, ref: 2018, message: MESSAGES.paymentDetailsInvalid },
  subscriptionChangeFailed: { status: 400, ref: 2019, message: MESSAGES.subscriptionChangeFailed },
  invoiceNotFound: { status: 404, ref: 2020, message: MESSAGES.invoiceNotFound },
  cardExpired: { status: 402, ref: 2055, message: 'The card has expired' },
  noSubscription: {
    status: 404,
    ref: 2056,
    message: 'This organization has no subscription yet. Choose a plan first.',
  },
  alreadySubscribed: {
    status: 409,
    ref: 2057,
    message: 'This organization already has a subscription. Change the plan instead.',
  },
  alreadyCanceled: {
    status: 409,
    ref: 2076,
    message: 'Your subscription is already canceled. It runs to the end of the paid period.',
  },
  notCanceled: {
    status: 409,
    ref: 2077,
    message: 'Your subscription is active: there is nothing to reactivate.',
  },
  paymentDue: {
    status: 402,
    ref: 2059,
    message: 'Payment is due for this cohort. Pay the editor fee to keep working in your team.',
  },
  cohortLimitReached: {
    status: 403,
    ref: 2061,
    message: 'Your organization has reached its cohort limit. Contact us to add more cohorts.',
  },
  jiraUnauthorized: {
    status: 400,
    ref: 2062,
    message: 'Jira refused the email and API token. Please check them and try again.',
  },
  jiraRateLimited: {
    status: 429,
    ref: 2063,
    message: 'Jira is limiting requests right now. Please try again in a minute.',
  },
  jiraNotFound: {
    status: 400,
    ref: 2064,
    message: 'Jira cannot find that issue or project. It may have been deleted or moved.',
  },
  jiraRefused: {
    status: 400,
    ref: 2065,
    message: 'Jira refused the issue. Please check its fields.',
  },
  jiraUnavailable: {
    status: 502,
    ref: 2066,
    message: 'Jira did not answer. Nothing was changed; please try again.',
  },
  editorFeeNotDue: {
    status: 400,
    ref: 2060,
    message: 'This cohort has no editor fee to pay.',
  },
  paymentProcessorUnavailable: {
    status: 502,
    ref: 2058,
    message: 'The card processor did not answer. Nothing was charged; please try again.',
  },

  // Part 2 §8: workspace.
  cardNotFound: { status: 404, ref: 2021, message: MESSAGES.cardNotFound },
  connectionRejected: {
    status: 400,
    ref: 32,
    message: 'These cards cannot be connected. Please contact us if this keeps happening.',
  },
  trelloListFailed: { status: 502, ref: 2022, message: MESSAGES.trelloListFailed },
  trelloPermissionDenied: { status: 401, ref: 2023, message: MESSAGES.trelloPermissionDenied },
  trelloRateLimited: { status: 429, ref: 2024, message: MESSAGES.trelloRateLimited },
  teamCreateFailed: { status: 400, ref: 58, message: MESSAGES.unableToAddTeam },
  publicLinkInUse: {
    status: 409,
    ref: 53,
    message: 'The link you have chosen is already in use. Please choose a different link.',
  },
  publicBoardCreateFailed: { status: 500, ref: 2025, message: MESSAGES.publicBoardCreateFailed },

  // Part 2 §8: Slack (refs as the spec numbers them).
  slackInvalidWebhook: {
    status: 400,
    ref: 29,
    message: 'The Slack webhook URL is invalid. Please check it and try again.',
  },
  slackInvalidChannel: {
    status: 400,
    ref: 30,
    message: 'The Slack channel is invalid. Please check it and try again.',
  },
  slackContactUs: {
    status: 400,
    ref: 33,
    message: 'Something went wrong with Slack. Please contact us for further assistance.',
  },
  slackCannotPostToChannel: {
    status: 400,
    ref: 34,
    message: 'We cannot post to this Slack channel. Please check its settings and try again.',
  },
  slackChannelArchived: {
    status: 400,
    ref: 35,
    message: 'We cannot post to this Slack channel. Please check its settings and try again.',
  },
  slackProblem: {
    status: 502,
    ref: 36,
    message: 'Slack is having a problem right now. Please try again later.',
  },
  slackServerMessage: { status: 400, ref: 47, message: MESSAGES.thereWasAnIssue },

  // Part 2 §5: uploads (validation messages a server refuses with).
  uploadTooLarge: { status: 413, ref: 2026, message: 'uploads must be less than 100mb' },
  uploadEmpty: { status: 400, ref: 2027, message: 'cannot upload an empty file' },
  uploadSvg: {
    status: 400,
    ref: 2028,
    message: 'Unable to upload SVGs, please try another file type',
  },
  pdfInvalidType: {
    status: 400,
    ref: 2029,
    message: 'Invalid file type. Please upload a PDF file.',
  },
  pdfInvalidStructure: { status: 400, ref: 2030, message: 'Invalid PDF document structure' },
  pdfNoPages: { status: 400, ref: 2031, message: 'PDF document has no pages' },
  pdfProcessing: { status: 400, ref: 2032, message: 'Error processing PDF' },
  csvOnly: { status: 400, ref: 2033, message: 'Only CSV file types are accepted' },
  transcriptionNotInPlan: {
    status: 403,
    ref: 2046,
    message: 'Transcriptions are not part of your plan.',
  },
  transcriptionHoursUsed: {
    status: 403,
    ref: 2047,
    message: 'Your organization has used all its transcription hours for this plan.',
  },
  transcriptionNotConfigured: {
    status: 503,
    ref: 2048,
    message: 'Transcription is not configured on this server. Ask your administrator to set it up.',
  },
  transcriptionWrongFile: {
    status: 400,
    ref: 2049,
    message: 'Only audio and video files can be transcribed.',
  },
  generationNeedsDescription: {
    status: 400,
    ref: 2034,
    message: 'Generation needs a non-empty project description',
  },
  generationNotAllowed: {
    status: 403,
    ref: 2050,
    message: 'The AI agent is not part of your plan, or it is turned off for your organization.',
  },
  generationAllowanceUsed: {
    status: 429,
    ref: 2051,
    message: 'Your organization has used all its AI generations for this period.',
  },
  generationTooSoon: {
    status: 429,
    ref: 2052,
    message: 'A generation ran for this a moment ago. Please wait before generating again.',
  },
  generationBusy: {
    status: 409,
    ref: 2053,
    message: 'A generation is already running for this. Please wait for it to finish.',
  },
  generationNotRetryable: {
    status: 409,
    ref: 2054,
    message: 'Only a failed generation can be retried.',
  },
  assistantBusy: {
    status: 409,
    ref: 2097,
    message:
      'The assistant is answering another question in your organization. Please ask again in a moment.',
  },
  importBusy: {
    status: 409,
    ref: 2098,
    message:
      'Another project is being imported into your organization. Please wait for it to finish.',
  },
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof ERRORS;

/** An error the application raises on purpose; transports turn it into the spec's shapes. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly ref: number | undefined;
  readonly context: string | undefined;
  /** Extra fields for the client (e.g. attemptsRemaining); sent in REST bodies. */
  readonly details: Record<string, unknown> | undefined;

  constructor(
    code: ErrorCode,
    options: { message?: string; context?: string; details?: Record<string, unknown> } = {},
  ) {
    const definition: ErrorDefinition = ERRORS[code];
    super(options.message ?? definition.message);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = definition.status;
    this.ref = definition.ref;
    this.context = options.context;
    this.details = options.details;
  }

  toBody(): RestErrorBody {
    return restErrorBody(this);
  }
}

/** True for errors raised through the catalogue. */
export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/** The REST error body: `{ statusCode, message, ref }`. */
export interface RestErrorBody {
  statusCode: number;
  message: string;
  ref?: number;
  context?: string;
  [detail: string]: unknown;
}

/** Builds the REST body for an application error. */
export function restErrorBody(error: AppError): RestErrorBody {
  const body: RestErrorBody = {
    ...error.details,
    statusCode: error.statusCode,
    message: error.message,
  };
  if (error.ref !== undefined) body.ref = error.ref;
  if (error.context !== undefined) body.context = error.context;
  return body;
}

/** The parts of a gateway error string. */
export interface GatewayErrorParts {
  statusCode: number;
  message: string;
  ref?: number;
  context?: string;
  path?: string;
}

const GATEWAY_KEYS = ['statusCode', 'message', 'ref', 'context', 'path'] as const;

/**
 * Formats a gateway error as the spec's string: `statusCode:403;message:...;ref:7`, with the path
 * joined by dots. Semicolons inside values are kept; the parser splits only before known keys.
 */
export function formatGatewayError(parts: {
  statusCode: number;
  message: string;
  ref?: number | undefined;
  context?: string | undefined;
  path?: ReadonlyArray<string | number> | string | undefined;
}): string {
  const out = [`statusCode:${parts.statusCode}`, `message:${parts.message}`];
  if (parts.ref !== undefined) out.push(`ref:${parts.ref}`);
  if (parts.context !== undefined && parts.context !== '') out.push(`context:${parts.context}`);
  const path = typeof parts.path === 'string' ? parts.path : parts.path?.join('.');
  if (path) out.push(`path:${path}`);
  return out.join(';');
}

const SPLIT = new RegExp(`;(?=(?:${GATEWAY_KEYS.join('|')}):)`);

/** Parses a gateway error string back into its parts; returns undefined when it is not one. */
export function parseGatewayError(text: string): GatewayErrorParts | undefined {
  if (!text.startsWith('statusCode:')) return undefined;
  const parts: Partial<GatewayErrorParts> = {};
  for (const segment of text.split(SPLIT)) {
    const colon = segment.indexOf(':');
    if (colon < 0) continue;
    const key = segment.slice(0, colon);
    const value = segment.slice(colon + 1);
    switch (key) {
      case 'statusCode':
        parts.statusCode = Number(value);
        break;
      case 'ref':
        parts.ref = Number(value);
        break;
      case 'message':
        parts.message = value;
        break;
      case 'context':
        parts.context = value;
        break;
      case 'path':
        parts.path = value;
        break;
    }
  }
  if (parts.statusCode === undefined || Number.isNaN(parts.statusCode)) return undefined;
  return { message: MESSAGES.somethingWentWrong, ...parts } as GatewayErrorParts;
}
