export { LogInRedirect } from './components/log-in-redirect.tsx';
export { OrganizationsPage } from './components/organizations-page.tsx';
export {
  ChangeEmailPage,
  ForgotPasswordPage,
  ResetPasswordPage,
} from './components/password-pages.tsx';
export { SecurityPage } from './components/security-page.tsx';
export { SignInPage } from './components/sign-in-page.tsx';
export { SsoDomainPage, SsoLinkPage } from './components/sso-link-pages.tsx';
export { SignUpEmailPage } from './components/sign-up-email.tsx';
export { SignUpEntry } from './components/sign-up-entry.tsx';
export { SignUpInvitesPage } from './components/sign-up-invites.tsx';
export {
  SignUpInvitedAccountPage,
  SignUpNewAccountPage,
} from './components/sign-up-new-account.tsx';
export { SignUpNewOrgPage } from './components/sign-up-new-org.tsx';
