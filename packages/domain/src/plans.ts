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

/**
 * What checkout sells, line by line (part 1 §9.1), and the features each line unlocks (part 1 §6):
 * the one table both the checkout's feature lists and the AI tiers' gating come from (#48 item 4).
 * A line with no features is a service (a success manager) or something every plan has.
 */
export const CHECKOUT_LINES: Record<
  PlanId,
  readonly { label: string; features: readonly Feature[] }[]
> = {
  garage: [
    { label: 'AI agent', features: ['glidrai'] },
    { label: 'Dashboard', features: [] },
    { label: 'Canvas', features: [] },
    { label: 'Browser extension', features: ['browserExtension'] },
    { label: 'Email integration', features: ['email'] },
    { label: 'CSV export', features: [] },
    { label: '@ mentions', features: [] },
  ],
  business: [
    { label: 'PRO agent', features: [] },
    { label: 'Success manager', features: [] },
    { label: 'Onboarding', features: [] },
    { label: 'Portfolio dashboard', features: ['portfolioDashboard'] },
    { label: 'Collections', features: ['collections'] },
    { label: 'Archive', features: ['archiveProjects'] },
    { label: 'Evidence locker', features: ['evidenceLocker'] },
    { label: 'Chat-tool integration', features: ['chatToolIntegration'] },
    { label: 'Video-meeting integration', features: ['videoMeetingIntegration'] },
    { label: 'Card-board tool integration', features: ['cardBoardToolIntegration'] },
    { label: 'Transcriptions', features: ['transcriptions'] },
  ],
  enterprise: [
    { label: 'Single sign-on', features: ['singleSignOn'] },
    { label: 'Automation tool integration', features: ['automationToolIntegration'] },
    { label: 'Mission model canvas', features: ['missionModelCanvas'] },
    { label: 'Custom prompts', features: ['customAgentPrompts'] },
    { label: 'Public portal', features: ['publicPortal'] },
    { label: 'Issue-tracker integration', features: ['issueTrackerIntegration'] },
    { label: 'Design-tool integration', features: ['designToolIntegration'] },
  ],
};

/** The features checkout sells on the plans above this one: a cheaper AI tier must not have them. */
function soldAbove(plan: PlanId): Set<Feature> {
  const above = PLAN_IDS.slice(PLAN_IDS.indexOf(plan) + 1);
  return new Set(above.flatMap((id) => CHECKOUT_LINES[id].flatMap((l) => l.features)));
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
    features: CHECKOUT_LINES.garage.map((l) => l.label),
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
    features: CHECKOUT_LINES.business.map((l) => l.label),
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
    features: CHECKOUT_LINES.enterprise.map((l) => l.label),
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
  'evidenceLocker',
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

/**
 * An AI tier's features: what it had before checkout named them, and what its checkout lines sell,
 * less whatever checkout sells on a dearer plan (the checkout's word is the gating, #48 item 4).
 */
function aiTier(plan: PlanId, base: readonly Feature[]): readonly Feature[] {
  const above = soldAbove(plan);
  const sold = CHECKOUT_LINES[plan].flatMap((l) => l.features);
  return [...new Set([...base, ...sold])].filter((f) => !above.has(f));
}

/** Which features each license allows. */
export const LICENSE_FEATURES: Record<License, readonly Feature[]> = {
  basic: BASIC_FEATURES,
  team: TEAM,
  business: BUSINESS,
  // Enterprise builds on the Business AI plan (part 1 §9.1: PRO agent, custom prompts).
  enterprise: [...ENTERPRISE, 'glidrai'],
  academic: [...TEAM, ...ACADEMIC_FEATURES],
  garage: aiTier('garage', [...BASIC_FEATURES, 'experiments']),
  businessAI: aiTier('business', [
    ...BUSINESS,
    ...CHECKOUT_LINES.garage.flatMap((l) => l.features),
  ]),
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
