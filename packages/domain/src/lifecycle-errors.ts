/**
 * The catalogue's errors of an organisation's lifecycle (issue #29): its owners, handing it over,
 * deleting and restoring it. Part of ERRORS (errors.ts).
 */
export const LIFECYCLE_ERRORS = {
  /** Personal access tokens (issue #52): a person holds at most 20 live ones. */
  accessTokenLimit: {
    status: 409,
    ref: 2101,
    message: 'You have 20 access tokens. Revoke one before you make another.',
  },
  /** A quote given with a rating that is not in the evidence's own words (issue #52). */
  quoteNotInEvidence: {
    status: 400,
    ref: 2103,
    message: 'That quote is not in the evidence word for word. Quote the evidence’s own words.',
  },
  /** A read-only access token asked to add or change something. */
  accessTokenReadOnly: {
    status: 403,
    ref: 2102,
    message: 'This access token is read-only. Make a read-write token to add or change things.',
  },
  /** A set-up step past the introduction when the organisation's scope leaves it out (§6). */
  onboardingOutOfScope: {
    status: 403,
    ref: 2100,
    message: 'Your organization does not offer the set-up questions. Start from the introduction.',
  },
  lastOwner: {
    status: 409,
    ref: 2039,
    message: 'An organization needs at least one owner. Make someone else an owner first.',
  },
  ownershipToSelf: {
    status: 400,
    ref: 2078,
    message: 'Choose another member to hand the organization to.',
  },
  alreadyOwner: {
    status: 409,
    ref: 2079,
    message: 'This member is already an owner.',
  },
  organizationNameMismatch: {
    status: 400,
    ref: 2080,
    message: 'Type the organization’s name exactly as it is shown to confirm.',
  },
  deletionAlreadyScheduled: {
    status: 409,
    ref: 2081,
    message: 'This organization is already scheduled for deletion.',
  },
  deletionNotScheduled: {
    status: 409,
    ref: 2082,
    message: 'This organization is not scheduled for deletion.',
  },
  organizationClosing: {
    status: 403,
    ref: 2083,
    message: 'This organization is scheduled for deletion. An owner can restore it until then.',
  },
  exportInProgress: {
    status: 409,
    ref: 2084,
    message: 'An export of this organization is being made. We will email you when it is ready.',
  },
  exportsPerDayUsed: {
    status: 429,
    ref: 2099,
    message:
      'This organization has made 3 exports today. The newest one stays ready to download; please ask again tomorrow.',
  },
  exportNotReady: {
    status: 409,
    ref: 2085,
    message: 'This export is not ready yet. We will email you when it is.',
  },
  exportExpired: {
    status: 410,
    ref: 2086,
    message: 'This export link has expired. Ask for a new export in the organization settings.',
  },
  organizationReadOnly: {
    status: 402,
    ref: 2087,
    message:
      'This organization’s plan has expired, so it is read-only. An owner can renew it in Billing.',
  },
  webhookSignature: {
    status: 401,
    ref: 2088,
    message: 'The notification is not signed with this endpoint’s key, or it is too old.',
  },
  planTooSmall: {
    status: 409,
    ref: 2089,
    message: 'That plan has room for fewer members than the organization has. Remove some first.',
  },
  planRequired: {
    status: 402,
    ref: 2090,
    message:
      'Your organization needs a plan before it has projects: an owner chooses one at checkout.',
  },
  /** Part 1 §2.5: who may not open a project's workspace sees its dashboard. */
  workspaceClosed: {
    status: 403,
    ref: 2091,
    message:
      'This project’s workspace is open to its members. You can see its dashboard; ask a project admin to add you.',
  },
} as const;
