/**
 * What the client does with a failed call (spec part 1 §8, part 2 §8): 401 to sign-in, 403 to the
 * not-authorised page (a feature the plan lacks: the feature alert; a workspace open only to its
 * members: the project's dashboard), 400/401 on token pages to /token-error, 301 ignored, 429 the server's
 * message with its context, anything else an alert (the default message when there is none).
 */
import { ERRORS, isFeature, MESSAGES, type Feature } from '@assay/domain';
import { toApiError } from './errors.ts';
import { signInPathFrom } from './login-request.ts';

export interface ErrorHandlingDeps {
  navigate(to: string): void;
  alert(message: string): void;
  location: { pathname: string; search: string };
  /** Runs on 401 before going to sign-in (the session handler). */
  onSessionExpired?: () => void;
  /** Shows the feature alert for a feature the plan does not have (part 2 §2). */
  featureAlert?: (feature: Feature) => void;
}

export const NOT_AUTHORIZED_PATH = '/PageNotAuthorized?redirect=true&status=403';

/** A token page is one opened from an emailed link: it carries a token query parameter. */
export function isTokenPage(location: { search: string }): boolean {
  return new URLSearchParams(location.search).has('token');
}

export type ErrorOutcome =
  | 'ignored'
  | 'token-error'
  | 'sign-in'
  | 'not-authorized'
  | 'feature-alert'
  | 'workspace-closed'
  | 'alert';

export function handleApiError(error: unknown, deps: ErrorHandlingDeps): ErrorOutcome {
  const apiError = toApiError(error);
  const status = apiError.statusCode;
  if (status === 301) return 'ignored';
  if ((status === 400 || status === 401) && isTokenPage(deps.location)) {
    deps.navigate('/token-error');
    return 'token-error';
  }
  if (status === 401) {
    deps.onSessionExpired?.();
    // Already on sign-in (a second call of the page that sent them here failing late): stay,
    // keeping the page they asked for in the address.
    if (deps.location.pathname.startsWith('/sign-in')) return 'sign-in';
    // Signed in again, the person comes back here (#48 item 2).
    deps.navigate(signInPathFrom(deps.location));
    return 'sign-in';
  }
  // A feature the plan lacks is not a locked door: say which plan brings it, and how to get it.
  if (
    status === 403 &&
    apiError.ref === ERRORS.featureUnavailable.ref &&
    isFeature(apiError.context) &&
    deps.featureAlert
  ) {
    deps.featureAlert(apiError.context);
    return 'feature-alert';
  }
  // A workspace open only to its members (part 1 §2.5): the project's dashboard, not a locked door.
  const workspace = /^\/workspace\/([0-9a-f-]{36})(?:\/|$)/i.exec(deps.location.pathname);
  if (status === 403 && apiError.ref === ERRORS.workspaceClosed.ref) {
    // From its dashboard (a card opened from it): the reason, where they are.
    if (!workspace) {
      deps.alert(apiError.message);
      return 'alert';
    }
    deps.navigate(`/project-dashboard/${workspace[1]}/overview`);
    return 'workspace-closed';
  }
  if (status === 403) {
    deps.navigate(NOT_AUTHORIZED_PATH);
    return 'not-authorized';
  }
  if (status === 429) {
    deps.alert(apiError.context ? `${apiError.message} ${apiError.context}` : apiError.message);
    return 'alert';
  }
  deps.alert(apiError.message || MESSAGES.somethingWentWrong);
  return 'alert';
}
