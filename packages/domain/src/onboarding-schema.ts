/**
 * The onboarding's input shape (part 1 §4.2), apart from its rules so screens that only follow
 * the steps do not load the validation library (#28).
 */
import { z } from 'zod';
import {
  ONBOARDING_OPTIONS,
  ONBOARDING_STATUSES,
  ONBOARDING_STEPS,
  ONBOARDING_TYPES,
  type OnboardingOption,
} from './onboarding.ts';

const ALL_OPTIONS = Object.values(ONBOARDING_OPTIONS).flat() as [
  OnboardingOption,
  ...OnboardingOption[],
];

/** A change to a profile's onboarding (the gateway's updateProfileOnboarding patch). */
export const onboardingPatchSchema = z
  .object({
    status: z.enum(ONBOARDING_STATUSES),
    currentOnboardingStep: z.enum(ONBOARDING_STEPS),
    onboardingType: z.enum(ONBOARDING_TYPES).nullable(),
    selectedOptions: z.partialRecord(z.enum(ALL_OPTIONS), z.boolean()),
    projectName: z.string().max(50),
    projectPrompt: z.string().max(29900),
  })
  .partial()
  .strict();
export type OnboardingPatch = z.infer<typeof onboardingPatchSchema>;
