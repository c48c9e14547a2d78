/**
 * Single sign-on for Enterprise organisations (issue #25): OpenID Connect or SAML 2.0, allowed
 * email domains, "require SSO" and just-in-time membership. The settings an owner edits; the
 * client secret is write-only (blank keeps the one saved).
 */
import { z } from 'zod';

export const SSO_PROTOCOLS = ['oidc', 'saml'] as const;
export type SsoProtocol = (typeof SSO_PROTOCOLS)[number];

/** Roles a person may be given on their first single sign-on (never owner). */
export const SSO_JIT_ROLES = ['admin', 'collaborator', 'limitedContributor'] as const;
export type SsoJitRole = (typeof SSO_JIT_ROLES)[number];

const domainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    'Enter a domain like example.com',
  );

export const ssoSettingsSchema = z
  .object({
    enabled: z.boolean(),
    protocol: z.enum(SSO_PROTOCOLS),
    /** OpenID Connect: the issuer (discovery at /.well-known/openid-configuration). */
    oidcIssuer: z.string().trim().max(500).default(''),
    oidcClientId: z.string().trim().max(300).default(''),
    /** Write-only; blank keeps the secret saved before. */
    oidcClientSecret: z.string().max(1000).default(''),
    /** SAML: the identity provider's metadata XML (entity id, sign-in address, certificate). */
    samlMetadataXml: z.string().max(200_000).default(''),
    allowedDomains: z.array(domainSchema).max(50).default([]),
    requireSso: z.boolean().default(false),
    /** The role a person gets on their first sign-in; null: only invited members may sign in. */
    jitRole: z.enum(SSO_JIT_ROLES).nullable().default(null),
  })
  .superRefine((value, context) => {
    if (!value.enabled) return;
    if (value.protocol === 'oidc') {
      if (!/^https?:\/\/[^\s]+$/.test(value.oidcIssuer))
        context.addIssue({ code: 'custom', path: ['oidcIssuer'], message: 'Enter the issuer URL' });
      if (!value.oidcClientId)
        context.addIssue({
          code: 'custom',
          path: ['oidcClientId'],
          message: 'Enter the client ID',
        });
    } else if (!value.samlMetadataXml.includes('EntityDescriptor')) {
      context.addIssue({
        code: 'custom',
        path: ['samlMetadataXml'],
        message: 'Paste the identity provider’s metadata XML',
      });
    }
  });
export type SsoSettingsInput = z.input<typeof ssoSettingsSchema>;
export type SsoSettings = z.output<typeof ssoSettingsSchema>;

/** What an owner sees of the settings (the secret only as "saved"). */
export interface SsoSettingsView {
  enabled: boolean;
  protocol: SsoProtocol;
  oidcIssuer: string;
  oidcClientId: string;
  oidcClientSecretSaved: boolean;
  samlMetadataXml: string;
  /** Parsed from the metadata: who the identity provider is and where it signs people in. */
  samlIdp: { entityId: string; ssoUrl: string } | null;
  allowedDomains: string[];
  /** Each allowed domain and whether the organisation has proved it owns it. */
  domains: SsoDomainView[];
  requireSso: boolean;
  jitRole: SsoJitRole | null;
  /** What to register at the identity provider. */
  serviceProvider: {
    oidcRedirectUri: string;
    samlEntityId: string;
    samlAcsUrl: string;
    samlMetadataUrl: string;
    startUrl: string;
  };
}

/**
 * The mailboxes of a domain that may confirm it by mail: the administrative addresses CAs accept
 * for the same proof (CA/Browser Forum baseline requirements 3.2.2.4.4). An ordinary address
 * proves only a mailbox, not the domain (anyone has one at a webmail domain).
 */
export const SSO_DOMAIN_MAILBOXES = [
  'admin',
  'administrator',
  'hostmaster',
  'postmaster',
  'webmaster',
] as const;
export type SsoDomainMailbox = (typeof SSO_DOMAIN_MAILBOXES)[number];

export const ssoDomainMailSchema = z.object({ mailbox: z.enum(SSO_DOMAIN_MAILBOXES) });
export const ssoDomainParams = z.object({ domain: domainSchema });
export const ssoTokenSchema = z.object({ token: z.string().min(1).max(200) });

/** A domain of an organisation's single sign-on and its proof of ownership (issue #47). */
export interface SsoDomainView {
  domain: string;
  verified: boolean;
  verifiedBy: 'dns' | 'mail' | null;
  /** The TXT record to publish: its name and value. */
  txtName: string;
  txtValue: string;
  /** The last confirmation mail: to whom, and when. */
  mailSentTo: string | null;
}

/** Where a domain's verification record lives. */
export const ssoTxtName = (domain: string) => `_assay-challenge.${domain}`;
export const ssoTxtValue = (challenge: string) => `assay-domain-verification=${challenge}`;

/** The domain of an address, lower case. */
export const emailDomainOf = (email: string) =>
  email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/**
 * Whether an address may sign in through an organisation's SSO: its domain must be one the
 * organisation has verified (issue #47). No verified domain: nobody.
 */
export function emailDomainAllowed(email: string, verifiedDomains: readonly string[]): boolean {
  return verifiedDomains.includes(emailDomainOf(email));
}
