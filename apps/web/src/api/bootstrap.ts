/** GET /api/bootstrap: where the app runs and who is signed in. */
import type { OnboardingState } from '@assay/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { restRequest } from './rest.ts';

export interface Bootstrap {
  appDomain: string;
  appOrigin: string;
  protocol: 'http' | 'https';
  host: 'app' | 'bare' | 'organization' | 'other';
  organization: {
    id: string;
    name: string;
    slug: string;
    license: string;
    sso: boolean;
    billingStatus?: { isExpired: boolean; invalidSubscription: boolean; invalidCard: boolean };
  } | null;
  membership: {
    profileId: string;
    role: string;
    /** The AI-tier onboarding with checkout (part 1 §2.4). */
    onboarding?: boolean;
    /** The question sequence of other tiers, while it is active (part 1 §4.2). */
    projectOnboarding?: OnboardingState | null;
  } | null;
  user: {
    id: string;
    email: string;
    firstName: string;
    lastName: string;
    mfaEnabled: boolean;
  } | null;
  sessionId: string | null;
  devInbox: boolean;
  /** The support chat widget's settings for this person (part 1 §7.4); null when off. */
  supportChat?: SupportChatSettings | null;
  /** Browser error reporting (part 1 §7.4); null unless a trace target is configured. */
  errorReporting?: ErrorReportingSettings | null;
}

export interface SupportChatSettings {
  appId: string;
  scriptUrl: string;
  user: { id: string; email: string; name: string; createdAt: number; userHash: string | null };
  company: {
    id: string;
    name: string;
    tier: string;
    createdAt: number;
    usage: { projects: number; members: number; evidence: number };
  } | null;
}

export interface ErrorReportingSettings {
  dsn: string;
  tracePropagationTargets: string[];
  environment: string;
  release: string;
}

export const bootstrapQueryOptions = () =>
  queryOptions({
    queryKey: ['bootstrap'],
    queryFn: ({ signal }) => restRequest<Bootstrap>('/api/bootstrap', { signal }),
    staleTime: 60_000,
  });

export function useBootstrap() {
  return useQuery(bootstrapQueryOptions());
}

/** The URL of an organisation's subdomain. */
export function organizationUrl(
  boot: Pick<Bootstrap, 'protocol' | 'appDomain'>,
  slug: string,
  path = '/',
) {
  return `${boot.protocol}://${slug}.${boot.appDomain}${path}`;
}
