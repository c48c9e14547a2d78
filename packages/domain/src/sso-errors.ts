/**
 * The catalogue's single sign-on errors (issue #25), part of ERRORS (errors.ts); the sign-in page
 * shows them by ref when a sign-on comes back refused.
 */
export const SSO_ERRORS = {
  ssoRequired: {
    status: 403,
    ref: 2068,
    message: 'Your organization signs in through single sign-on. Continue with single sign-on.',
  },
  ssoNotConfigured: {
    status: 404,
    ref: 2069,
    message: 'Single sign-on is not set up for this organization.',
  },
  ssoFailed: {
    status: 401,
    ref: 2070,
    message:
      'Single sign-on did not complete: the answer from your identity provider could not be verified. Please try again.',
  },
  ssoExpired: {
    status: 401,
    ref: 2071,
    message: 'Single sign-on took too long or was already used. Please start again.',
  },
  ssoDomainNotAllowed: {
    status: 403,
    ref: 2072,
    message: 'Your email address is not allowed to sign in to this organization.',
  },
  ssoNotAMember: {
    status: 403,
    ref: 2073,
    message:
      'You are not a member of this organization yet. Ask its administrator for an invitation.',
  },
  ssoInvalidSettings: {
    status: 400,
    ref: 2074,
    message: 'These single sign-on settings could not be used. Check them and try again.',
  },
  ssoDomainNotVerified: {
    status: 403,
    ref: 2092,
    message:
      'This organization has not verified the domain of your email address, so single sign-on cannot sign you in yet. Ask its owner to verify it.',
  },
  ssoEmailNotVerified: {
    status: 403,
    ref: 2093,
    message:
      'Your identity provider has not verified this email address, so single sign-on cannot use it.',
  },
  ssoLinkSent: {
    status: 403,
    ref: 2094,
    message:
      'You already have an Assay account. To keep it safe, we emailed you a link to allow this organization’s single sign-on to sign you in. Open it, then continue.',
  },
  ssoDomainCheckFailed: {
    status: 400,
    ref: 2095,
    message:
      'The DNS record was not found yet. Add it at your DNS provider, wait a few minutes, then check again.',
  },
  ssoDomainMailTooSoon: {
    status: 429,
    ref: 2096,
    message:
      'A confirmation mail for this domain was sent a moment ago. Please wait ten minutes before sending another.',
  },
} as const;
