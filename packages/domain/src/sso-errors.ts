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
} as const;
