/**
 * The feature alert (part 2 §2, modals): what a member sees on reaching a feature their plan does
 * not have — its name, the plan that brings it (by its license's name: Garage AI, Business AI, Enterprise), and (part 1 §6) the owner's path to it.
 */
import {
  LICENSE_FEATURES,
  LICENSE_NAMES,
  LICENSES,
  PLAN_IDS,
  PLANS,
  type Feature,
  type License,
} from './plans.ts';

/** Names a person reads; a feature without one here is named from its key. */
const FEATURE_LABELS: Partial<Record<Feature, string>> = {
  chatToolIntegration: 'Chat-tool integration',
  evidenceLocker: 'Evidence locker',
  videoMeetingIntegration: 'Video-meeting integration',
  projectSettings: 'Project settings',
  inviteToProject: 'Inviting to a project',
  bulkInvite: 'Inviting in bulk',
  automationToolIntegration: 'Automation-tool integration',
  issueTrackerIntegration: 'Issue-tracker integration',
  customerChatIntegration: 'Customer-chat integration',
  cardBoardToolIntegration: 'Card-board integration',
  publicPortal: 'Public portal',
  templates: 'Templates',
  archiveProjects: 'Archiving projects',
  deleteProject: 'Deleting projects',
  experiments: 'Experiments',
  orgAccessLogs: 'Access log',
  projectAccess: 'Project access',
  transcriptions: 'Transcriptions',
  singleSignOn: 'Single sign-on',
  portfolioDashboard: 'Portfolio dashboard',
  collections: 'Collections',
  inbox: 'Inbox',
  privateProjects: 'Private projects',
  customAgentPrompts: 'Custom agent prompts',
  missionModelCanvas: 'Mission model canvas',
  organizationContext: 'Organisation context',
  regenerateMarket: 'Regenerating market data',
  autoSummerizeFiles: 'File summaries',
  unarchiveProjects: 'Restoring archived projects',
  designToolIntegration: 'Design-tool integration',
  homepageCohorts: 'Cohorts',
  cohortGuests: 'Cohort guests',
  cohortAgents: 'Cohort agents',
  engagements: 'Engagements',
  glidrai: 'The AI agent',
  copyCardToProject: 'Copying cards between projects',
};

const KNOWN = new Set<string>(Object.values(LICENSE_FEATURES).flat());

/** True for a feature key the plans know (an error's context names one). */
export function isFeature(value: unknown): value is Feature {
  return typeof value === 'string' && KNOWN.has(value);
}

export function featureLabel(feature: Feature): string {
  const label = FEATURE_LABELS[feature];
  if (label) return label;
  const words = feature.replace(/([A-Z])/g, ' $1').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The plan a customer can buy that brings the feature, cheapest first; else the name of a license
 * that has it (the academic Launchpad, by arrangement); null when none has it.
 */
export function planWithFeature(feature: Feature): { name: string; purchasable: boolean } | null {
  for (const id of PLAN_IDS) {
    if (LICENSE_FEATURES[PLANS[id].license].includes(feature))
      return { name: LICENSE_NAMES[PLANS[id].license], purchasable: true };
  }
  const license = LICENSES.find((l) => LICENSE_FEATURES[l].includes(feature));
  return license ? { name: LICENSE_NAMES[license], purchasable: false } : null;
}

/**
 * Where an owner goes to lift a limit or unlock a feature (#30 item 5): the monthly code of the
 * first plan on sale that has it, or 'enterprise' for what only the Enterprise plan brings.
 */
export type PlanTarget = string | 'enterprise';

export function planTargetForFeature(feature: Feature): PlanTarget | null {
  for (const id of PLAN_IDS) {
    if (LICENSE_FEATURES[PLANS[id].license].includes(feature))
      return PLANS[id].planCodes?.monthly ?? 'enterprise';
  }
  return null;
}

/** The plan above a license's limits: Business after Garage, then Enterprise. */
export function planTargetAbove(license: License): PlanTarget | null {
  if (license === 'garage' || license === 'basic' || license === 'team')
    return PLANS.business.planCodes?.monthly ?? 'enterprise';
  if (license === 'businessAI' || license === 'business') return 'enterprise';
  return null;
}

/** Settings → Billing, opened on the plan that lifts it. */
export const plansPath = (target: PlanTarget | null) =>
  target ? `/settings/billing?plan=${encodeURIComponent(target)}` : '/settings/billing';

export interface FeatureAlert {
  title: string;
  message: string;
  /** What the owners are asked for (the access log and their email name it). */
  request: string;
}

/** The alert's words for a member on a plan without the feature. */
export function featureAlert(feature: Feature): FeatureAlert {
  const label = featureLabel(feature);
  const plan = planWithFeature(feature);
  // "Label: plan" reads right whether the label is one thing or many.
  const title = plan ? `${label}: ${plan.name} plan` : label;
  const message = !plan
    ? 'This is not part of any plan yet.'
    : plan.purchasable
      ? `Your plan does not include this; the ${plan.name} plan does. Owners change the plan in Settings → Billing, and anyone else can ask them.`
      : `This comes with the ${plan.name} plan for programmes. Write to us to arrange it.`;
  return { title, message, request: `${label} (${plan ? `${plan.name} plan` : 'not in a plan'})` };
}
