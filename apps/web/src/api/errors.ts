/** Errors from the gateway and REST calls, turned back from the spec's shapes into one type. */
import { MESSAGES, parseGatewayError } from '@assay/domain';

export type ApiErrorKind = 'gateway' | 'rest' | 'network' | 'unknown';

export class ApiError extends Error {
  readonly statusCode: number;
  readonly ref: number | undefined;
  readonly context: string | undefined;
  readonly path: string | undefined;
  readonly kind: ApiErrorKind;
  /** Other fields of a REST error body (e.g. attemptsRemaining). */
  readonly details: Record<string, unknown>;

  constructor(options: {
    statusCode: number;
    message: string;
    kind: ApiErrorKind;
    ref?: number | undefined;
    context?: string | undefined;
    path?: string | undefined;
    details?: Record<string, unknown>;
  }) {
    super(options.message);
    this.details = options.details ?? {};
    this.name = 'ApiError';
    this.statusCode = options.statusCode;
    this.kind = options.kind;
    this.ref = options.ref;
    this.context = options.context;
    this.path = options.path;
  }
}

/** Builds an ApiError from one gateway error entry (the `statusCode:…;message:…` string). */
export function gatewayErrorToApiError(entry: { message?: unknown }, httpStatus: number): ApiError {
  const text = typeof entry.message === 'string' ? entry.message : '';
  const parsed = parseGatewayError(text);
  if (parsed) return new ApiError({ ...parsed, kind: 'gateway' });
  // Engine errors (syntax, validation) are for developers; users get the default message.
  return new ApiError({
    statusCode: httpStatus >= 400 ? httpStatus : 400,
    message: MESSAGES.somethingWentWrong,
    context: text || undefined,
    kind: 'gateway',
  });
}

/** Builds an ApiError from a REST error body `{ statusCode, message, ref }`. */
export function restBodyToApiError(body: unknown, httpStatus: number): ApiError {
  const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const { statusCode: _s, message: _m, ref: _r, context: _c, ...details } = record;
  return new ApiError({
    details,
    statusCode: typeof record.statusCode === 'number' ? record.statusCode : httpStatus,
    message: typeof record.message === 'string' ? record.message : MESSAGES.somethingWentWrong,
    ref: typeof record.ref === 'number' ? record.ref : undefined,
    context: typeof record.context === 'string' ? record.context : undefined,
    kind: 'rest',
  });
}

/** Any thrown value as an ApiError. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError({ statusCode: 0, message: MESSAGES.somethingWentWrong, kind: 'unknown' });
}

export function unknownResponseError(httpStatus: number): ApiError {
  return new ApiError({
    statusCode: httpStatus,
    message: MESSAGES.unknownRequestError,
    kind: 'unknown',
  });
}
