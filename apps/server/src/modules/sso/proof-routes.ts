/**
 * Proofs single sign-on asks for (issue #47), thin: an owner proves a domain (its DNS record is
 * read, or a confirmation mail goes to one of its administrative mailboxes, whose link is
 * confirmed on a page); a person allows an organisation's single sign-on to sign in to their
 * account (the mailed link, confirmed on a page, then single sign-on starts again).
 */
import type { FastifyInstance } from 'fastify';
import {
  ssoDomainCheckAnswer,
  ssoDomainConfirmAnswer,
  ssoDomainMailAnswer,
  ssoDomainMailSchema,
  ssoDomainParams,
  ssoLinkAnswer,
  ssoTokenSchema,
} from '@assay/domain';
import { route } from '../../http/route.ts';
import { requireMember } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { checkDomainDns, confirmDomainByMail, mailDomainConfirmation } from './domains.ts';
import { confirmLink } from './links.ts';
import { serviceProviderOf } from './settings.ts';

export function registerSsoProofRoutes(app: FastifyInstance, services: AppServices) {
  route(app, {
    method: 'POST',
    url: '/api/org/sso/domains/:domain/dns-check',
    summary: 'Reads the domain’s TXT record; verifies the domain when it holds the value (owners).',
    auth: 'session',
    params: ssoDomainParams,
    answer: ssoDomainCheckAnswer,
    async handler({ request, input }) {
      const member = await requireMember(services, request);
      return checkDomainDns(services, member, input().params.domain);
    },
  });
  route(app, {
    method: 'POST',
    url: '/api/org/sso/domains/:domain/mail',
    summary:
      'Mails a confirmation link to an administrative mailbox of the domain, once every ten minutes (owners).',
    auth: 'session',
    params: ssoDomainParams,
    body: ssoDomainMailSchema,
    answer: ssoDomainMailAnswer,
    async handler({ request, input }) {
      const member = await requireMember(services, request);
      const { params, body } = input();
      return mailDomainConfirmation(services, member, params.domain, body.mailbox);
    },
  });
  route(app, {
    method: 'POST',
    url: '/api/auth/sso/domains/confirm',
    summary: 'Confirms a domain with the link mailed to one of its administrative mailboxes.',
    auth: 'public',
    body: ssoTokenSchema,
    answer: ssoDomainConfirmAnswer,
    handler: async ({ input }) => confirmDomainByMail(services, input().body.token),
  });
  route(app, {
    method: 'POST',
    url: '/api/auth/sso/link',
    summary:
      'Allows an organisation’s single sign-on to sign in to the account the mailed link names; answers where to start it again.',
    auth: 'public',
    body: ssoTokenSchema,
    answer: ssoLinkAnswer,
    async handler({ input }) {
      const { organization, path } = await confirmLink(services, input().body.token);
      const start = serviceProviderOf(services.config, organization.slug).startUrl;
      return {
        url: `${start}?path=${encodeURIComponent(path)}`,
        organizationName: organization.name,
      };
    },
  });
}
