/**
 * Onboarding (part 1 §2.4, §4.1, §4.2): who sees it, the step sequence of the non-AI tiers, and
 * the project module defaults and product scores the answers give.
 */
import { licenseAllows, isAiLicense, type Feature, type License } from './plans.ts';
import { organizationBillingStatus, type OrganizationBilling } from './organization.ts';
import type { ProductScoreKey, ProjectSettings } from './projects.ts';

export const ONBOARDING_STEPS = [
  'introduction',
  'onboardingType',
  'canvasType',
  'workflow',
  'prioritization',
  'businessCanvasKind',
  'experiments',
  'publicPortal',
  'nativeIntegrations',
  'otherTools',
  'projectGeneration',
] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export const ONBOARDING_TYPES = ['quick', 'basic', 'advanced'] as const;
export type OnboardingType = (typeof ONBOARDING_TYPES)[number];

export const ONBOARDING_STATUSES = ['active', 'complete'] as const;
export type OnboardingStatus = (typeof ONBOARDING_STATUSES)[number];

/** The options a step offers; a chosen option is `true` in selectedOptions. */
export const ONBOARDING_OPTIONS = {
  canvasType: ['productCanvas', 'businessCanvas'],
  workflow: ['timeline', 'productStatus', 'productTheme'],
  prioritization: ['ice', 'rice', 'impactEffort', 'painFrequency'],
  businessCanvasKind: ['businessModelCanvas', 'missionModelCanvas'],
  experiments: ['experimentsYes', 'experimentsNo'],
  publicPortal: ['publicPortalYes', 'publicPortalNo'],
  nativeIntegrations: [
    'chatTool',
    'cardBoardTool',
    'issueTracker',
    'customerChat',
    'videoMeeting',
    'designTool',
    'email',
    'automationTool',
    'browserExtension',
  ],
  otherTools: [
    'spreadsheetTool',
    'teamChatTool',
    'helpdesk',
    'codeHostingTool',
    'otherCodeHostingTool',
    'designHandoffTool',
  ],
  projectGeneration: ['generateYes', 'generateNo'],
} as const;
export type OnboardingOption = (typeof ONBOARDING_OPTIONS)[keyof typeof ONBOARDING_OPTIONS][number];

export interface OnboardingState {
  status: OnboardingStatus;
  currentOnboardingStep: OnboardingStep;
  onboardingType: OnboardingType | null;
  selectedOptions: Partial<Record<OnboardingOption, boolean>>;
  projectName: string;
  projectPrompt: string;
}

export const INITIAL_ONBOARDING: OnboardingState = {
  status: 'active',
  currentOnboardingStep: 'introduction',
  onboardingType: null,
  selectedOptions: {},
  projectName: '',
  projectPrompt: '',
};

/**
 * An organisation's scope (part 1 §3 Organization.scope, §6 "hard gating of onboarding"): what its
 * members are offered. `onboarding` is the required value for the set-up questions; without it
 * members see the introduction only. New organisations have both.
 */
export const ORGANIZATION_SCOPES = ['default', 'onboarding'] as const;
export type OrganizationScope = (typeof ORGANIZATION_SCOPES)[number];
export const DEFAULT_ORGANIZATION_SCOPE: OrganizationScope[] = ['default', 'onboarding'];
export const ONBOARDING_SCOPE: OrganizationScope = 'onboarding';

/** True when the organisation's scope offers the set-up questions (absent scope: the default). */
export function onboardingInScope(scope: readonly string[] | null | undefined) {
  return (scope ?? DEFAULT_ORGANIZATION_SCOPE).includes(ONBOARDING_SCOPE);
}

export interface OnboardingContext {
  license: License | null;
  /** The organisation's scope; without `onboarding` only the introduction (§6). */
  scope?: readonly string[] | null;
  /** organization:write or the right to create projects; without it only the introduction. */
  canCreateProjects: boolean;
  /** The person chose to skip creating a project. */
  skipProject?: boolean;
  /** Slug-limited and flag-limited features already resolved (missionModelCanvas, glidrai…). */
  allows?: (feature: Feature) => boolean;
}

const chosen = (state: Pick<OnboardingState, 'selectedOptions'>, option: OnboardingOption) =>
  state.selectedOptions[option] === true;

/** The steps, in order, for these answers so far (§4.2). */
export function onboardingSequence(
  state: Pick<OnboardingState, 'onboardingType' | 'selectedOptions'>,
  context: OnboardingContext,
): OnboardingStep[] {
  const { license } = context;
  if (
    !license ||
    !context.canCreateProjects ||
    context.skipProject ||
    !onboardingInScope(context.scope)
  )
    return ['introduction'];
  const allows = (feature: Feature) =>
    context.allows
      ? context.allows(feature)
      : licenseAllows(license, feature, { generation: true });
  const missionModel = allows('missionModelCanvas');
  if (isAiLicense(license)) {
    const steps: OnboardingStep[] = ['introduction'];
    if (missionModel && chosen(state, 'businessCanvas')) steps.push('businessCanvasKind');
    steps.push('projectGeneration');
    return steps;
  }
  const steps: OnboardingStep[] = ['introduction', 'onboardingType', 'canvasType'];
  const type = state.onboardingType;
  const product = chosen(state, 'productCanvas');
  if (product && allows('productHypotheses')) {
    steps.push('workflow');
    if (type === 'advanced') steps.push('prioritization');
  }
  if (chosen(state, 'businessCanvas') && missionModel) steps.push('businessCanvasKind');
  if (type === 'basic' || type === 'advanced') {
    if (allows('experiments')) steps.push('experiments');
    if (product) steps.push('publicPortal');
  }
  if (type === 'advanced') steps.push('nativeIntegrations', 'otherTools');
  if (allows('glidrai')) steps.push('projectGeneration');
  return steps;
}

/** The step after `current` (or null at the end), and the one before it (null at the start). */
export function nextOnboardingStep(
  current: OnboardingStep,
  sequence: readonly OnboardingStep[],
): OnboardingStep | null {
  const index = sequence.indexOf(current);
  return index < 0 ? (sequence[0] ?? null) : (sequence[index + 1] ?? null);
}

export function previousOnboardingStep(
  current: OnboardingStep,
  sequence: readonly OnboardingStep[],
): OnboardingStep | null {
  const index = sequence.indexOf(current);
  return index > 0 ? (sequence[index - 1] ?? null) : null;
}

export interface OnboardingModules {
  timeline: boolean;
  productStatus: boolean;
  productTheme: boolean;
  projectOverview: boolean;
  experiments: boolean;
  publicPortal: boolean;
  productHypotheses: boolean;
  businessHypotheses: boolean;
}

/** The project modules the answers give (§4.2). */
export function onboardingModuleDefaults(
  state: Pick<OnboardingState, 'onboardingType' | 'selectedOptions'>,
): OnboardingModules {
  const quick = state.onboardingType === 'quick' || state.onboardingType === null;
  const modules: OnboardingModules = quick
    ? {
        timeline: true,
        productStatus: false,
        productTheme: false,
        projectOverview: false,
        experiments: false,
        publicPortal: false,
        productHypotheses: false,
        businessHypotheses: false,
      }
    : {
        timeline: true,
        productStatus: true,
        productTheme: false,
        projectOverview: true,
        experiments: true,
        publicPortal: true,
        productHypotheses: false,
        businessHypotheses: false,
      };
  const workflow = ONBOARDING_OPTIONS.workflow.filter((option) => chosen(state, option));
  if (workflow.length > 0) {
    modules.timeline = workflow.includes('timeline');
    modules.productStatus = workflow.includes('productStatus');
    modules.productTheme = workflow.includes('productTheme');
  }
  if (chosen(state, 'experimentsNo')) modules.experiments = false;
  if (chosen(state, 'publicPortalNo')) modules.publicPortal = false;
  modules.productHypotheses = chosen(state, 'productCanvas');
  modules.businessHypotheses = chosen(state, 'businessCanvas');
  if (!modules.productHypotheses && !modules.businessHypotheses) modules.productHypotheses = true;
  return modules;
}

export const PRIORITIZATION_LABELS = {
  ice: 'ICE',
  rice: 'RICE',
  impactEffort: 'Impact vs Effort',
  painFrequency: 'Pain vs Frequency',
} as const;

/** Product scores turned on by the prioritization answers, only with the product canvas. */
export function onboardingProductScores(
  state: Pick<OnboardingState, 'selectedOptions'>,
): (keyof typeof PRIORITIZATION_LABELS)[] {
  if (!chosen(state, 'productCanvas')) return [];
  return ONBOARDING_OPTIONS.prioritization.filter((option) => chosen(state, option));
}

/** The product score each prioritization answer turns on. */
export const PRIORITIZATION_SCORES: Record<keyof typeof PRIORITIZATION_LABELS, ProductScoreKey> = {
  ice: 'ice',
  rice: 'rice',
  impactEffort: 'ie',
  painFrequency: 'pf',
};

/** The settings a project created at the end of the onboarding starts with. */
export function onboardingProjectSettings(
  state: Pick<OnboardingState, 'onboardingType' | 'selectedOptions'>,
): Partial<ProjectSettings> {
  return {
    ...onboardingModuleDefaults(state),
    productScores: onboardingProductScores(state).map((option) => PRIORITIZATION_SCORES[option]),
  };
}

/**
 * An AI-tier organisation that has not paid (#48 item 1): no subscription and no manual billing
 * (part 1 §4.3's invalid subscription). A card saved without subscribing is not a plan. Until it
 * pays, the server refuses projects and the agent, and its owners get the checkout wherever they
 * go.
 */
export function awaitingCheckout(
  license: License,
  billing: OrganizationBilling | null | undefined,
) {
  return isAiLicense(license) && organizationBillingStatus(billing).invalidSubscription;
}
