/** Single sign-on's mails (issue #47): a domain's confirmation and an account's link. */
import type { MailMessage } from '../../platform/mail/index.ts';
import { message } from './templates.ts';

export function ssoDomainMail(
  to: string,
  organizationName: string,
  domain: string,
  url: string,
): MailMessage {
  return message(
    to,
    `Confirm that ${organizationName} may use single sign-on for ${domain}`,
    [
      `An owner of ${organizationName} on Assay asks to sign in people with addresses at ${domain} through the organization’s own identity provider.`,
      `This mail went to ${to} because that address speaks for the domain. Confirm only if ${organizationName} belongs to you or your company. The link works for 24 hours, once.`,
      'If you do not know this organization, ignore this mail: nothing changes.',
    ],
    { label: `Confirm ${domain}`, url },
  );
}

export function ssoLinkMail(to: string, organizationName: string, url: string): MailMessage {
  return message(
    to,
    `Allow ${organizationName}’s single sign-on to sign in to your Assay account`,
    [
      `Someone signed in through the identity provider of ${organizationName} as ${to}, and an Assay account already has this address.`,
      `If it was you, allow it with the link below: from then on ${organizationName}’s single sign-on signs you in to your account. The link works for one hour, once.`,
      'If it was not you, ignore this mail: nobody was signed in to your account.',
    ],
    { label: 'Allow single sign-on', url },
  );
}
