/** GET /api/bootstrap: what the web app needs first — where it is, who is signed in. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { appOrigin, classifyHost } from '../../http/hosts.ts';
import type { AppServices } from '../../services.ts';
import {
  findMembership,
  findOrganizationBySlug,
  ssoOn,
  findProfileOnboarding,
  organizationFeatures,
} from '../organizations/ports.ts';
import { publicUser } from './routes.ts';
import {
  canChangePlan,
  isAiLicense,
  organizationBillingStatus,
  awaitingCheckout,
  type Feature,
  type License,
} from '@assay/domain';
import { countOrganizationProjects } from '../projects/ports.ts';
import { supportChatSettings } from '../system/ports.ts';
import { bootstrapAnswer } from '@assay/domain';
import { route } from '../../http/route.ts';
import { signedImageUrl } from '../media/ports.ts';

export function registerBootstrapRoute(app: FastifyInstance, services: AppServices) {
  route(app, {
    method: 'GET',
    url: '/api/bootstrap',
    summary: 'Where the web app stands: host, organisation, membership, user, page settings.',
    auth: 'public',
    answer: bootstrapAnswer,
    handler: ({ request }) => bootstrapFor(services, request),
  });
}

/** The bootstrap answer for a request: the API's, and what a page load inlines (#28, #32). */
export async function bootstrapFor(services: AppServices, request: FastifyRequest) {
  const { config } = services;
  const host = classifyHost(request.headers.host, config.appDomain);
  const auth = request.auth;
  let organization = null;
  let membership = null;
  let memberOf: Awaited<ReturnType<typeof findOrganizationBySlug>> | null = null;
  if (host.kind === 'organization') {
    const org = await findOrganizationBySlug(services.database.db, host.slug);
    if (org) {
      organization = {
        id: org.id,
        name: org.name,
        slug: org.slug,
        license: org.license,
        sso: ssoOn(org),
        // The logo the organisation's sign-in page shows, by a link that needs no session.
        signedURL: signedImageUrl(services, org.image),
        // What the billing banner needs (the rest of billing is the owner's, in settings).
        billingStatus: organizationBillingStatus(org.billing),
        /** What the plan turns on: for members only (the first screens read it, #32). */
        features: undefined as Feature[] | undefined,
        /** When an owner asked for its deletion, when it goes (members only, #29). */
        deletionDueAt: undefined as string | null | undefined,
        /** What members are offered; without `onboarding` only the introduction (§6). */
        scope: undefined as string[] | undefined,
      };
      const member = auth
        ? await findMembership(services.database.db, auth.user.id, org.id)
        : undefined;
      if (member) {
        organization.features = organizationFeatures(org, config.featureSlugs);
        organization.deletionDueAt = org.deletionDueAt?.toISOString() ?? null;
        organization.scope = org.scope;
        // An AI tier that has not paid (#48 item 1): the owner, who can pay, gets the
        // onboarding with its checkout wherever they go; other members are told to wait.
        const unpaid = awaitingCheckout(org.license as License, org.billing);
        const onboarding = unpaid && canChangePlan(member.role);
        // The onboarding's project step is skipped when there is nothing to draft (§2.4).
        const skipProjectStep =
          onboarding &&
          (org.fromProjectId !== null ||
            (await countOrganizationProjects(services.database.db, org.id)) > 0);
        // Other tiers: the question sequence while the profile's onboarding is active (§4.2).
        const projectOnboarding = isAiLicense(org.license as License)
          ? null
          : ((await findProfileOnboarding(services.database.db, member.profileId)) ?? null);
        memberOf = org;
        membership = {
          profileId: member.profileId,
          role: member.role,
          onboarding,
          awaitingCheckout: unpaid,
          skipProjectStep,
          projectOnboarding: projectOnboarding?.status === 'active' ? projectOnboarding : null,
        };
      }
    }
  }
  return {
    appDomain: config.appDomain,
    appOrigin: appOrigin(config),
    protocol: config.protocol,
    host: host.kind,
    organization,
    membership,
    user: auth ? publicUser(auth.user) : null,
    sessionId: auth?.session.id ?? null,
    devInbox: !config.isProduction,
    // Where people write for help and about plans (configured; #30).
    contact: config.contact,
    // The onboarding's short walkthrough: a video when one is configured (#30).
    onboardingVideo: config.onboardingVideo,
    // The page configuration of the support chat and of error reporting (part 1 §7.4).
    supportChat: await supportChatSettings(services, auth?.user ?? null, memberOf),
    errorReporting: config.errorReporting
      ? {
          dsn: config.errorReporting.dsn,
          tracePropagationTargets: config.errorReporting.traceTargets,
          environment: config.env,
          release: config.appVersion,
        }
      : null,
  };
}
