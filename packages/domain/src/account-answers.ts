/** What the account routes answer (part 1 §7.2): sign-up, sign-in, sessions, mail links. */
import { z } from 'zod';

const organizationRef = z.object({ id: z.string(), name: z.string(), slug: z.string() });

/** The signed-in person, as anyone they share an organisation with may know them. */
export const userAnswer = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  mfaEnabled: z.boolean(),
});

/** Whether a subdomain is taken, and whether its organisation signs in through SSO. */
export const slugStatusAnswer = z.object({ exists: z.boolean(), sso: z.boolean() });

/** The license a beta code grants. */
export const licenseAnswer = z.object({ license: z.string() });

/** A mail was sent if it should have been (the same answer either way). */
export const sentAnswer = z.object({ sent: z.boolean() });

/** What an emailed link stands for, before it is used. */
export const tokenAnswer = z.object({
  kind: z.string(),
  email: z.string().nullable(),
  exp: z.string(),
  licenseKey: z.string().nullable(),
  license: z.string().nullable(),
  organization: organizationRef.nullable(),
  userExists: z.boolean(),
});

/** An account made: the person, their license and the organisation they joined, if any. */
export const newUserAnswer = z.object({
  user: userAnswer,
  license: z.string().nullable(),
  organization: organizationRef.nullable(),
});

/** Signed in, or the second factor is asked for (X-MFA-Required). */
export const signInAnswer = z.union([
  z.object({ user: userAnswer, organizationSlug: z.string().nullable() }),
  z.object({ mfaRequired: z.literal(true) }),
]);

/** One of your sessions. */
export const sessionAnswer = z.object({
  id: z.string(),
  device: z.string(),
  ip: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});

/** A pending invitation to an organisation. */
export const inviteAnswer = z.object({
  id: z.string(),
  role: z.string(),
  organization: organizationRef,
});

/** Done. */
export const okAnswer = z.object({ ok: z.boolean() });

/** An email change confirmed. */
export const emailChangedAnswer = z.looseObject({ email: z.string() });

/** Where the browser goes to carry the session to an organisation's subdomain. */
export const handoffAnswer = z.object({ url: z.string() });

// The account routes' bodies (#51 item 4). Declared for the documents and the types; each route
// leaves the checking to its use case (decision 010), which answers with the catalogue's words.
const field = (max: number) => z.string().max(max);

/** POST /api/auth/signups: the address to confirm, with a beta code or plan when invited so. */
export const signupStartBody = z.object({
  email: field(320),
  licenseKey: field(100).optional(),
  license: field(40).optional(),
});

/** POST /api/auth/users: the account made from a confirmation link. */
export const newUserBody = z.object({
  token: field(200),
  firstName: field(100),
  lastName: field(100),
  password: field(1000),
});

/** POST /api/auth/session: a sign-in, with the second factor when it was asked for. */
export const signInBody = z.object({
  email: field(320),
  password: field(1000),
  code: field(40).optional(),
});

/** POST /api/auth/password/forgot: the address a reset link goes to. */
export const forgotPasswordBody = z.object({ email: field(320) });

/** PUT /api/auth/password: a new password from a reset link. */
export const resetPasswordBody = z.object({ token: field(200), password: field(1000) });

/** PUT /api/auth/email: an email change confirmed by its token. */
export const emailChangeBody = z.object({ token: field(200) });

/**
 * POST /api/auth/sso/{slug}/saml/acs: the identity provider's HTTP-POST binding (SAML 2.0
 * Bindings §3.5), a form with the signed response and the state sent with the request.
 */
export const samlPostBody = z.object({
  SAMLResponse: z.string().max(1_000_000),
  RelayState: z.string().max(2000).optional(),
});

/** POST /api/auth/handoff: the organisation to carry the session to, and the page to open. */
export const handoffBody = z.object({ organizationId: field(64), path: field(2000).optional() });

/** An organisation's single sign-on settings, as its owners see them (never the secret). */
export const ssoSettingsAnswer = z.object({
  enabled: z.boolean(),
  protocol: z.enum(['oidc', 'saml']),
  oidcIssuer: z.string(),
  oidcClientId: z.string(),
  oidcClientSecretSaved: z.boolean(),
  samlMetadataXml: z.string(),
  samlIdp: z.object({ entityId: z.string(), ssoUrl: z.string() }).nullable(),
  allowedDomains: z.array(z.string()),
  domains: z.array(
    z.object({
      domain: z.string(),
      verified: z.boolean(),
      verifiedBy: z.enum(['dns', 'mail']).nullable(),
      txtName: z.string(),
      txtValue: z.string(),
      mailSentTo: z.string().nullable(),
    }),
  ),
  requireSso: z.boolean(),
  jitRole: z.string().nullable(),
  serviceProvider: z.object({
    oidcRedirectUri: z.string(),
    samlEntityId: z.string(),
    samlAcsUrl: z.string(),
    samlMetadataUrl: z.string(),
    startUrl: z.string(),
  }),
});

/** A domain's proof of ownership (issue #47): checked, mailed, confirmed. */
export const ssoDomainCheckAnswer = z.object({ verified: z.boolean() });
export const ssoDomainMailAnswer = z.object({ sent: z.boolean(), verified: z.boolean() });
export const ssoDomainConfirmAnswer = z.object({ domain: z.string() });
/** A mailed link allowed: where to continue (the organisation's single sign-on again). */
export const ssoLinkAnswer = z.object({ url: z.string(), organizationName: z.string() });

/** A redirect (303): to the identity provider, or back to the page, or to the sign-in page with ?ssoError. */
export const redirectAnswer = z.null().describe('A 303 redirect.');
