/** The sign-up state, kept in session storage between the steps. */
import { parseStored, type SignUpState } from '@assay/domain';

const KEY = 'signUpState';

export function loadSignUpState(): SignUpState {
  try {
    const state = parseStored<SignUpState>(sessionStorage.getItem(KEY));
    if (!state) sessionStorage.removeItem(KEY);
    return state ?? {};
  } catch {
    return {};
  }
}

export function saveSignUpState(state: SignUpState): void {
  sessionStorage.setItem(KEY, JSON.stringify(state));
}

export function clearSignUpState(): void {
  sessionStorage.removeItem(KEY);
}
