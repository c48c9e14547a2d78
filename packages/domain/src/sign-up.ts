/** The saved sign-up state and the route it resolves to (spec part 1 §2.1, §2.3). */

export interface SignUpState {
  user?: { primaryEmail?: string | null; exp?: string | null; id?: string | null };
  organization?: { name?: string | null; slug?: string | null; id?: string | null };
  /**
   * What admits a new account: the beta code when one was used, otherwise the plan
   * (self-serve sign-ups are admitted by the default plan).
   */
  betaCode?: string | null;
  token?: string | null;
  plan?: string | null;
  userExists?: boolean;
  orgSlugExists?: boolean;
  sso?: boolean;
  error?: string | null;
}

export const SIGN_UP_ROUTES = {
  email: '/sign-up/email',
  newAccount: '/sign-up/new-account',
  invitedAccount: '/sign-up/new-account/invited',
  invites: '/sign-up/invites',
  newOrganization: '/sign-up/new-org',
} as const;

/** Resolves the sign-up step from the saved state, as the route table says. */
export function signUpRoute(state: SignUpState | null | undefined): string {
  const s = state ?? {};
  const hasCode = Boolean(s.betaCode);
  const hasUser = Boolean(s.user?.primaryEmail || s.user?.id);
  const hasExp = Boolean(s.user?.exp);
  const hasSlug = Boolean(s.organization?.slug);
  if (hasCode && hasUser && hasSlug) return SIGN_UP_ROUTES.newOrganization;
  if (hasCode && hasExp && !hasSlug) return SIGN_UP_ROUTES.newAccount;
  if (hasCode && hasUser && !hasSlug && !hasExp) return SIGN_UP_ROUTES.invites;
  if (!hasCode && hasExp && hasSlug) return SIGN_UP_ROUTES.invitedAccount;
  return SIGN_UP_ROUTES.email;
}

/** Parses stored session data; anything that fails to parse is treated as empty. */
export function parseStored<T>(text: string | null): T | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null ? (value as T) : null;
  } catch {
    return null;
  }
}
