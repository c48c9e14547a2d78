/** Plans, prices, plan codes, licenses and the plan/feature table (part 1 §6, §9.1–9.2). */

export const BILLING_PERIODS = ['monthly', 'yearly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

export const LICENSES = [
  'basic',
  'team',
  'business',
  'enterprise',
  'academic',
  'garage',
  'businessAI',
] as const;
export type License = (typeof LICENSES)[number];

/** Display names of licenses. */
export const LICENSE_NAMES: Record<License, string> = {
  basic: 'Starter',
  team: 'Team',
  business: 'Business',
  enterprise: 'Enterprise',
  academic: 'Launchpad',
  garage: 'Garage AI',
  businessAI: 'Business AI',
};

/** The AI tiers. */
export const AI_LICENSES: readonly License[] = ['garage', 'businessAI'];

export function isAiLicense(license: License): boolean {
  return AI_LICENSES.includes(license);
}

export const PLAN_IDS = ['garage', 'business', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  name: string;
  /** Price in whole US dollars, or null for "contact us". */
  monthlyUsd: number | null;
  yearlyUsd: number | null;
  /** Project and user limits; `plus` means "this many or more, by arrangement". */
  projects: number;
  users: number;
  plus: boolean;
  license: License;
  planCodes: { monthly: string; yearly: string } | null;
  features: readonly string[];
}

export const PLANS: Record<PlanId, Plan> = {
  garage: {
    id: 'garage',
    name: 'Garage',
    monthlyUsd: 59,
    yearlyUsd: 590,
    projects: 3,
    users: 3,
    plus: false,
    license: 'garage',
    planCodes: { monthly: 'aiMonthly', yearly: 'aiYearly' },
    features: [
      'AI agent',
      'Dashboard',
      'Canvas',
      'Browser extension',
      'Email integration',
      'CSV export',
      '@ mentions',
    ],
  },
  business: {
    id: 'business',
    name: 'Business',
    monthlyUsd: 990,
    yearlyUsd: 9900,
    projects: 10,
    users: 10,
    plus: false,
    license: 'businessAI',
    planCodes: { monthly: 'aiBusinessMonthly', yearly: 'aiBusinessYearly' },
    features: [
      'PRO agent',
      'Success manager',
      'Onboarding',
      'Portfolio dashboard',
      'Collections',
      'Archive',
      'Evidence locker',
      'Chat-tool integration',
      'Video-meeting integration',
      'Card-board tool integration',
      'Transcriptions',
    ],
  },
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise',
    monthlyUsd: null,
    yearlyUsd: null,
    projects: 15,
    users: 15,
    plus: true,
    license: 'enterprise',
    planCodes: null,
    features: [
      'Single sign-on',
      'Automation tool integration',
      'Mission model canvas',
      'Custom prompts',
      'Public portal',
      'Issue-tracker integration',
      'Design-tool integration',
    ],
  },
};

/** Plan codes used when subscribing. */
export const SUBSCRIBE_PLAN_CODES = [
  'aiMonthly',
  'aiYearly',
  'aiBusinessMonthly',
  'aiBusinessYearly',
] as const;
export type SubscribePlanCode = (typeof SUBSCRIBE_PLAN_CODES)[number];

/** Legacy plan codes that appear in billing data. */
export const LEGACY_PLAN_CODES = [
  'basic',
  'basicNoTrial',
  'basic2021',
  'team',
  'teamNoTrial',
  'team2021',
  'business',
  'businessNoTrial',
  'business2021',
  'ai',
  'aiBusiness',
  'monthly',
  'yearly',
] as const;

export const DEFAULT_PLAN: PlanId = 'garage';
export const DEFAULT_BILLING_PERIOD: BillingPeriod = 'monthly';

/** Transcription hours allowed per license. */
export const TRANSCRIPTION_HOURS: Record<License, number> = {
  basic: 0,
  team: 0,
  business: 10,
  enterprise: 15,
  academic: 0,
  garage: 0,
  businessAI: 10,
};

/** Feature names gated by plan (part 1 §6). */
const BASIC_FEATURES = [
  'billing',
  'chatToolIntegration',
  'videoMeetingIntegration',
  'browserExtension',
  'deleteCard',
  'evidenceView',
  'orgSearch',
  'homepageProjects',
  'email',
  'organizationTimeZone',
  'viewers',
  'productHypotheses',
] as const;
const TEAM_FEATURES = [
  'projectSettings',
  'inviteToProject',
  'bulkInvite',
  'automationToolIntegration',
  'issueTrackerIntegration',
  'customerChatIntegration',
  'cardBoardToolIntegration',
  'publicPortal',
  'templates',
  'archiveProjects',
  'deleteProject',
  'experiments',
] as const;
const BUSINESS_FEATURES = [
  'orgAccessLogs',
  'projectAccess',
  'orgProfileProjectPermission',
  'transcriptions',
] as const;
const ENTERPRISE_FEATURES = [
  'singleSignOn',
  'portfolioDashboard',
  'collections',
  'inbox',
  'privateProjects',
  'customAgentPrompts',
  'missionModelCanvas',
  'organizationContext',
  'regenerateMarket',
  'autoSummerizeFiles',
  'unarchiveProjects',
  'designToolIntegration',
] as const;
const ACADEMIC_FEATURES = [
  'homepageCohorts',
  'cohortGuests',
  'cohortAgents',
  'engagements',
] as const;

export type Feature =
  | (typeof BASIC_FEATURES)[number]
  | (typeof TEAM_FEATURES)[number]
  | (typeof BUSINESS_FEATURES)[number]
  | (typeof ENTERPRISE_FEATURES)[number]
  | (typeof ACADEMIC_FEATURES)[number]
  | 'glidrai'
  | 'copyCardToProject';

const TEAM: readonly Feature[] = [...BASIC_FEATURES, ...TEAM_FEATURES];
const BUSINESS: readonly Feature[] = [...TEAM, ...BUSINESS_FEATURES];
const ENTERPRISE: readonly Feature[] = [...BUSINESS, ...ENTERPRISE_FEATURES];

/** Features checkout lists under Enterprise that the older Team and Business licenses had. */
const CHECKOUT_ENTERPRISE_ADDITIONS: readonly Feature[] = [
  'publicPortal',
  'automationToolIntegration',
  'issueTrackerIntegration',
];

/** Which features each license allows. */
export const LICENSE_FEATURES: Record<License, readonly Feature[]> = {
  basic: BASIC_FEATURES,
  team: TEAM,
  business: BUSINESS,
  // Enterprise builds on the Business AI plan (part 1 §9.1: PRO agent, custom prompts).
  enterprise: [...ENTERPRISE, 'glidrai'],
  academic: [...TEAM, ...ACADEMIC_FEATURES],
  garage: [...BASIC_FEATURES, 'experiments', 'glidrai'],
  // What checkout lists (§9.1): the public portal and the automation and issue-tracker
  // integrations are Enterprise additions, not part of Business AI (#30).
  businessAI: [
    ...BUSINESS.filter((f) => !CHECKOUT_ENTERPRISE_ADDITIONS.includes(f)),
    'portfolioDashboard',
    'collections',
    'glidrai',
  ],
};

/** True when the license allows the feature (glidrai also needs the organisation's generation flag). */
export function licenseAllows(
  license: License,
  feature: Feature,
  options: { generation?: boolean } = {},
): boolean {
  const allowed = LICENSE_FEATURES[license].includes(feature);
  if (feature === 'glidrai') return allowed && options.generation === true;
  return allowed;
}

export interface OrganizationLimits {
  /** Projects created per month. */
  project: number | null;
  /** Active members plus pending invitations. */
  profile: number | null;
  cohort: number | null;
}

/** The limits a license brings (null: no limit); an organisation's own limits override them. */
export function licenseLimits(license: License): OrganizationLimits {
  switch (license) {
    case 'garage':
      return { project: PLANS.garage.projects, profile: PLANS.garage.users, cohort: 0 };
    case 'businessAI':
      return { project: PLANS.business.projects, profile: PLANS.business.users, cohort: 0 };
    default:
      return { project: null, profile: null, cohort: license === 'academic' ? null : 0 };
  }
}

/** The limits in force: the organisation's own where set, else the license's. */
export function effectiveLimits(
  license: License,
  own: Partial<OrganizationLimits> | null | undefined,
): OrganizationLimits {
  const base = licenseLimits(license);
  return {
    project: own?.project ?? base.project,
    profile: own?.profile ?? base.profile,
    cohort: own?.cohort ?? base.cohort,
  };
}

/** The profile limit is reached when the count reaches it. */
export function isLimitReached(count: number, limit: number | null): boolean {
  return limit !== null && count >= limit;
}

/** Features offered only to the organisations named for them (by slug), on top of the plan. */
export const SLUG_LIMITED_FEATURES = ['cohortAgents', 'cohortGuests', 'copyCardToProject'] as const;
export type SlugLimitedFeature = (typeof SLUG_LIMITED_FEATURES)[number];

/** Every feature name the plan table knows. */
export const ALL_FEATURES: readonly Feature[] = [
  ...new Set([
    ...LICENSE_FEATURES.enterprise,
    ...LICENSE_FEATURES.academic,
    'glidrai',
    'copyCardToProject',
  ] as Feature[]),
];

/**
 * Whether an organisation has a feature: its license must allow it (copying cards to another
 * project is an academic feature), the AI agent also needs the generation flag, and the
 * slug-limited features need the organisation to be named for them.
 */
export function organizationHasFeature(
  organization: { license: License; slug: string; generation?: boolean },
  feature: Feature,
  slugAllowList: Partial<Record<SlugLimitedFeature, readonly string[]>> = {},
): boolean {
  const limited = (SLUG_LIMITED_FEATURES as readonly string[]).includes(feature);
  if (feature === 'copyCardToProject') {
    return (
      organization.license === 'academic' &&
      (slugAllowList.copyCardToProject ?? []).includes(organization.slug)
    );
  }
  if (
    !licenseAllows(organization.license, feature, { generation: organization.generation ?? false })
  )
    return false;
  if (!limited) return true;
  return (slugAllowList[feature as SlugLimitedFeature] ?? []).includes(organization.slug);
}
