import { describe, expect, it } from 'vitest';
import {
  nextOnboardingStep,
  onboardingModuleDefaults,
  onboardingProjectSettings,
  onboardingProductScores,
  onboardingSequence,
  previousOnboardingStep,
  awaitingCheckout,
  type OnboardingState,
} from './onboarding.ts';
import { onboardingPatchSchema } from './onboarding-schema.ts';

const answers = (
  type: OnboardingState['onboardingType'],
  ...options: (keyof OnboardingState['selectedOptions'])[]
): Pick<OnboardingState, 'onboardingType' | 'selectedOptions'> => ({
  onboardingType: type,
  selectedOptions: Object.fromEntries(options.map((o) => [o, true])),
});

describe('the onboarding sequence (part 1 §4.2)', () => {
  it('is only the introduction without permission, without a tier, or when skipped', () => {
    const a = answers('advanced', 'productCanvas');
    expect(onboardingSequence(a, { license: 'team', canCreateProjects: false })).toEqual([
      'introduction',
    ]);
    expect(onboardingSequence(a, { license: null, canCreateProjects: true })).toEqual([
      'introduction',
    ]);
    expect(
      onboardingSequence(a, { license: 'team', canCreateProjects: true, skipProject: true }),
    ).toEqual(['introduction']);
  });
  it('is only the introduction when the organisation’s scope leaves out `onboarding` (§6)', () => {
    const a = answers('advanced', 'productCanvas');
    const context = { license: 'team' as const, canCreateProjects: true };
    expect(onboardingSequence(a, { ...context, scope: ['default'] })).toEqual(['introduction']);
    expect(onboardingSequence(a, { ...context, scope: [] })).toEqual(['introduction']);
    const full = onboardingSequence(a, { ...context, scope: ['default', 'onboarding'] });
    expect(full.length).toBeGreaterThan(1);
    // No scope said: the default, which offers the questions.
    expect(onboardingSequence(a, context)).toEqual(full);
  });

  it('on an AI tier asks for the business canvas kind only with the Mission Model canvas', () => {
    expect(
      onboardingSequence(answers(null), { license: 'garage', canCreateProjects: true }),
    ).toEqual(['introduction', 'projectGeneration']);
    expect(
      onboardingSequence(answers(null, 'businessCanvas'), {
        license: 'garage',
        canCreateProjects: true,
        allows: (f) => f === 'missionModelCanvas',
      }),
    ).toEqual(['introduction', 'businessCanvasKind', 'projectGeneration']);
  });
  it('quick: introduction, type, canvas, and workflow for the product canvas', () => {
    expect(
      onboardingSequence(answers('quick', 'productCanvas'), {
        license: 'team',
        canCreateProjects: true,
      }),
    ).toEqual(['introduction', 'onboardingType', 'canvasType', 'workflow']);
    expect(
      onboardingSequence(answers('quick', 'businessCanvas'), {
        license: 'team',
        canCreateProjects: true,
      }),
    ).toEqual(['introduction', 'onboardingType', 'canvasType']);
  });
  it('basic adds experiments and, with the product canvas, the public portal', () => {
    expect(
      onboardingSequence(answers('basic', 'productCanvas'), {
        license: 'team',
        canCreateProjects: true,
      }),
    ).toEqual([
      'introduction',
      'onboardingType',
      'canvasType',
      'workflow',
      'experiments',
      'publicPortal',
    ]);
    expect(
      onboardingSequence(answers('basic', 'businessCanvas'), {
        license: 'team',
        canCreateProjects: true,
        allows: (f) => f === 'productHypotheses',
      }),
    ).toEqual(['introduction', 'onboardingType', 'canvasType']);
  });
  it('advanced adds prioritization, the canvas kind, integrations, tools and generation', () => {
    expect(
      onboardingSequence(answers('advanced', 'productCanvas', 'businessCanvas'), {
        license: 'enterprise',
        canCreateProjects: true,
      }),
    ).toEqual([
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
    ]);
  });
  it('moves forward and back', () => {
    const steps = onboardingSequence(answers('quick', 'productCanvas'), {
      license: 'team',
      canCreateProjects: true,
    });
    expect(nextOnboardingStep('introduction', steps)).toBe('onboardingType');
    expect(nextOnboardingStep('workflow', steps)).toBeNull();
    expect(previousOnboardingStep('canvasType', steps)).toBe('onboardingType');
    expect(previousOnboardingStep('introduction', steps)).toBeNull();
  });
});

describe('module defaults and product scores (part 1 §4.2)', () => {
  it('quick turns on only the timeline', () => {
    expect(onboardingModuleDefaults(answers('quick', 'productCanvas'))).toEqual({
      timeline: true,
      productStatus: false,
      productTheme: false,
      projectOverview: false,
      experiments: false,
      publicPortal: false,
      productHypotheses: true,
      businessHypotheses: false,
    });
  });
  it('other types turn on timeline, status, overview, experiments and portal, theme off', () => {
    expect(onboardingModuleDefaults(answers('basic', 'businessCanvas'))).toEqual({
      timeline: true,
      productStatus: true,
      productTheme: false,
      projectOverview: true,
      experiments: true,
      publicPortal: true,
      productHypotheses: false,
      businessHypotheses: true,
    });
  });
  it('keeps only the chosen boards, and the no answers turn modules off', () => {
    const m = onboardingModuleDefaults(
      answers('advanced', 'productCanvas', 'productTheme', 'experimentsNo', 'publicPortalNo'),
    );
    expect(m).toMatchObject({
      timeline: false,
      productStatus: false,
      productTheme: true,
      experiments: false,
      publicPortal: false,
    });
  });
  it('forces the product canvas on when neither canvas was chosen', () => {
    expect(onboardingModuleDefaults(answers('basic'))).toMatchObject({
      productHypotheses: true,
      businessHypotheses: false,
    });
  });
  it('turns on product scores only with the product canvas', () => {
    expect(onboardingProductScores(answers('advanced', 'productCanvas', 'ice', 'rice'))).toEqual([
      'ice',
      'rice',
    ]);
    expect(onboardingProductScores(answers('advanced', 'businessCanvas', 'ice'))).toEqual([]);
  });
});

describe('who awaits checkout (part 1 §2.4, §4.3; #48 item 1)', () => {
  it('is an AI tier with neither a subscription nor manual billing, whatever else it has', () => {
    expect(awaitingCheckout('garage', {})).toBe(true);
    expect(awaitingCheckout('businessAI', null)).toBe(true);
    // A card saved without subscribing is not a plan.
    expect(awaitingCheckout('garage', { cardOnFile: true })).toBe(true);
  });
  it('is not one that subscribed, is billed by hand, or is on another tier', () => {
    expect(awaitingCheckout('garage', { subscriptionUUID: 'sub-1' })).toBe(false);
    expect(awaitingCheckout('garage', { manual: true })).toBe(false);
    expect(awaitingCheckout('enterprise', {})).toBe(false);
    expect(awaitingCheckout('business', { cardOnFile: false })).toBe(false);
  });
});

describe('the project an onboarding starts', () => {
  it('gets the modules and the product scores of the answers', () => {
    expect(
      onboardingProjectSettings(
        answers('advanced', 'productCanvas', 'timeline', 'ice', 'painFrequency', 'experimentsNo'),
      ),
    ).toEqual({
      timeline: true,
      productStatus: false,
      productTheme: false,
      projectOverview: true,
      experiments: false,
      publicPortal: true,
      productHypotheses: true,
      businessHypotheses: false,
      productScores: ['ice', 'pf'],
    });
  });
  it('accepts only known steps and options in a patch', () => {
    expect(
      onboardingPatchSchema.safeParse({
        currentOnboardingStep: 'canvasType',
        selectedOptions: { ice: true },
      }).success,
    ).toBe(true);
    expect(onboardingPatchSchema.safeParse({ selectedOptions: { bitcoin: true } }).success).toBe(
      false,
    );
    expect(onboardingPatchSchema.safeParse({ currentOnboardingStep: 'payday' }).success).toBe(
      false,
    );
    expect(onboardingPatchSchema.safeParse({ role: 'owner' }).success).toBe(false);
  });
});
