/** GET /api/bootstrap: where the app runs and who is signed in. */
import type { Feature, OnboardingState } from '@assay/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { restRequest } from './rest.ts';
import { rememberContactAddresses, type ContactAddresses } from './contact.ts';

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
    billingStatus?: {
      isExpired: boolean;
      invalidSubscription: boolean;
      invalidCard: boolean;
      /** A renewal being retried (#30): when, and when the plan would expire. */
      pastDue?: { retries: string[]; expiresOn: string } | null;
    };
    /** What the plan turns on (members only). */
    features?: Feature[];
    /** When it goes, if an owner asked for its deletion (members only; #29). */
    deletionDueAt?: string | null;
    /** What members are offered; without `onboarding` the set-up shows its introduction only. */
    scope?: string[];
    /** The organisation's logo by a link that needs no session (null: no image). */
    signedURL?: string | null;
  } | null;
  membership: {
    profileId: string;
    role: string;
    /** The AI-tier onboarding with checkout (part 1 §2.4): an owner of an unpaid AI tier. */
    onboarding?: boolean;
    /** The organisation is on an AI tier and has not paid (#48): checkout first, for everyone. */
    awaitingCheckout?: boolean;
    /** The onboarding's project step has nothing to draft (from a project, or projects made). */
    skipProjectStep?: boolean;
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
  /** Where people write for help and about plans (the deployment's; #30). */
  contact?: ContactAddresses;
  /** The onboarding introduction's video, when the deployment has one (#30). */
  onboardingVideo?: string | null;
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

/** The answer the server inlined into the page it sent (apps/server web-app.ts), read once. */
let inlined: { answer: Bootstrap | undefined } | null = null;

/** The inlined answer, without taking it (to choose the first screen before the first render). */
export function peekInlinedBootstrap(doc: Document = document): Bootstrap | undefined {
  if (!inlined) {
    const element = doc.getElementById('assay-bootstrap');
    element?.remove();
    let answer: Bootstrap | undefined;
    try {
      answer = element ? (JSON.parse(element.textContent ?? '') as Bootstrap) : undefined;
    } catch {
      answer = undefined;
    }
    inlined = { answer };
  }
  return inlined.answer;
}

/**
 * The inlined answer, taken once: the first screen draws without waiting for a request; later
 * reads (after signing in or out, or a minute on) ask the server.
 */
export function takeInlinedBootstrap(doc: Document = document): Bootstrap | undefined {
  const answer = peekInlinedBootstrap(doc);
  inlined = { answer: undefined };
  return answer;
}

/** Forgets what was read (tests). */
export function resetInlinedBootstrap() {
  inlined = null;
}

export const bootstrapQueryOptions = () =>
  queryOptions({
    queryKey: ['bootstrap'],
    // Each answer also tells the contact addresses (api/contact.ts) where they are read.
    queryFn: ({ signal }) =>
      restRequest<Bootstrap>('/api/bootstrap', { signal }).then((answer) => {
        rememberContactAddresses(answer);
        return answer;
      }),
    initialData:
      typeof document === 'undefined'
        ? undefined
        : () => {
            const answer = takeInlinedBootstrap();
            rememberContactAddresses(answer);
            return answer;
          },
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
