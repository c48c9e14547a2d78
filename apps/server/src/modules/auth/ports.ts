/** The face of auth: what other modules may use (decision 009). */
export { accountForExternalIdentity } from './external-account.ts';
export type { ExternalIdentity } from './external-account.ts';
export { browserOf, ssoHandoff } from './handoff.ts';
export { hashPassword } from './service.ts';
export { createSession, setSessionCookie } from './sessions.ts';
export { sendSecurityMail } from './security-mail.ts';
export type { AuthContext } from './sessions.ts';
