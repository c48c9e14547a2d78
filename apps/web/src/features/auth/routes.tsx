import type { RouteObject } from 'react-router';

/** Account screens load on demand, keeping the first page small. */
const screens = () => import('./screens.ts');

function lazyRoute(
  path: string,
  pick: (m: Awaited<ReturnType<typeof screens>>) => RouteObject['Component'],
): RouteObject {
  return { path, lazy: async () => ({ Component: pick(await screens()) }) };
}

export const authRoutes: RouteObject[] = [
  lazyRoute('/sign-up', (m) => m.SignUpEntry),
  lazyRoute('/sign-up/email', (m) => m.SignUpEmailPage),
  lazyRoute('/sign-up/new-account', (m) => m.SignUpNewAccountPage),
  lazyRoute('/sign-up/new-account/invited', (m) => m.SignUpInvitedAccountPage),
  lazyRoute('/sign-up/invites', (m) => m.SignUpInvitesPage),
  lazyRoute('/sign-up/new-org', (m) => m.SignUpNewOrgPage),
  lazyRoute('/sign-in', (m) => m.SignInPage),
  lazyRoute('/sign-in/forgot-password', (m) => m.ForgotPasswordPage),
  lazyRoute('/sign-in/reset-password', (m) => m.ResetPasswordPage),
  lazyRoute('/sign-in/log-in/:organization', (m) => m.LogInRedirect),
  lazyRoute('/connect/:slug/sign-in', (m) => m.SignInPage),
  lazyRoute('/organizations', (m) => m.OrganizationsPage),
  lazyRoute('/change-email', (m) => m.ChangeEmailPage),
  lazyRoute('/sso-link', (m) => m.SsoLinkPage),
  lazyRoute('/sso-domain', (m) => m.SsoDomainPage),
  lazyRoute('/profile/security', (m) => m.SecurityPage),
];
