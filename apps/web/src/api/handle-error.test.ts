import { describe, expect, it, vi } from 'vitest';
import { ERRORS, MESSAGES, type Feature } from '@assay/domain';
import { ApiError } from './errors.ts';
import { handleApiError, NOT_AUTHORIZED_PATH } from './handle-error.ts';

function deps(search = '') {
  return {
    navigate: vi.fn<(to: string) => void>(),
    alert: vi.fn<(message: string) => void>(),
    onSessionExpired: vi.fn(),
    location: { pathname: '/somewhere', search },
  };
}

const error = (statusCode: number, message = 'Server says no', context?: string) =>
  new ApiError({ statusCode, message, kind: 'gateway', context });

describe('handleApiError', () => {
  it('sends 401 to sign-in after the session handler, asking to come back here (#48)', () => {
    const d = deps('?tab=2');
    expect(handleApiError(error(401), d)).toBe('sign-in');
    expect(d.onSessionExpired).toHaveBeenCalledOnce();
    expect(d.navigate).toHaveBeenCalledWith('/sign-in?request=%2Fsomewhere%3Ftab%3D2');
  });

  it('stays on sign-in when a late call fails there, keeping the page asked for', () => {
    const d = { ...deps(), location: { pathname: '/sign-in', search: '?request=%2Finbox' } };
    expect(handleApiError(error(401), d)).toBe('sign-in');
    expect(d.navigate).not.toHaveBeenCalled();
  });

  it('sends 403 to the not-authorised page', () => {
    const d = deps();
    handleApiError(error(403), d);
    expect(d.navigate).toHaveBeenCalledWith('/PageNotAuthorized?redirect=true&status=403');
    expect(NOT_AUTHORIZED_PATH).toBe('/PageNotAuthorized?redirect=true&status=403');
  });

  it('shows the feature alert for a feature the plan lacks, and the locked door for anything else', () => {
    const featureAlert = vi.fn<(feature: Feature) => void>();
    const locked = (context?: string) =>
      new ApiError({
        statusCode: 403,
        message: ERRORS.featureUnavailable.message,
        kind: 'gateway',
        ref: ERRORS.featureUnavailable.ref,
        context,
      });
    const d = { ...deps(), featureAlert };
    expect(handleApiError(locked('collections'), d)).toBe('feature-alert');
    expect(featureAlert).toHaveBeenCalledWith('collections');
    expect(d.navigate).not.toHaveBeenCalled();
    // No feature named (a project's module turned off), or a name the plans do not know.
    expect(handleApiError(locked(), d)).toBe('not-authorized');
    expect(handleApiError(locked('dropTables'), d)).toBe('not-authorized');
    expect(featureAlert).toHaveBeenCalledOnce();
  });

  it('takes a workspace open only to its members to the project’s dashboard', () => {
    const closed = new ApiError({
      statusCode: 403,
      message: ERRORS.workspaceClosed.message,
      kind: 'gateway',
      ref: ERRORS.workspaceClosed.ref,
    });
    const id = '0b6c3b3e-9d1f-4d7e-9a55-0a4f6f2c1e11';
    const d = { ...deps(), location: { pathname: `/workspace/${id}/experiments`, search: '' } };
    expect(handleApiError(closed, d)).toBe('workspace-closed');
    expect(d.navigate).toHaveBeenCalledWith(`/project-dashboard/${id}/overview`);
    // Refused elsewhere (a card opened from the dashboard): the reason, where they are.
    const elsewhere = deps();
    expect(handleApiError(closed, elsewhere)).toBe('alert');
    expect(elsewhere.alert).toHaveBeenCalledWith(ERRORS.workspaceClosed.message);
    expect(elsewhere.navigate).not.toHaveBeenCalled();
  });

  it('sends 400 and 401 on token pages to /token-error', () => {
    for (const status of [400, 401]) {
      const d = deps('?token=abc');
      expect(handleApiError(error(status), d)).toBe('token-error');
      expect(d.navigate).toHaveBeenCalledWith('/token-error');
    }
  });

  it('ignores 301, shows 429 with its context, and alerts the rest', () => {
    const d = deps();
    expect(handleApiError(error(301), d)).toBe('ignored');
    handleApiError(error(429, 'Too many log in attempts.', '2 attempts left'), d);
    expect(d.alert).toHaveBeenLastCalledWith('Too many log in attempts. 2 attempts left');
    handleApiError(error(500, MESSAGES.somethingWentWrong), d);
    expect(d.alert).toHaveBeenLastCalledWith('Something went wrong. Please try again.');
    handleApiError(new TypeError('boom'), d);
    expect(d.alert).toHaveBeenLastCalledWith('Something went wrong. Please try again.');
    expect(d.navigate).not.toHaveBeenCalled();
  });
});
