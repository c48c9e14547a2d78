/**
 * Single sign-on through SAML 2.0 (node-saml): the AuthnRequest (HTTP-Redirect), the assertion
 * consumer service (HTTP-POST) and the service provider's metadata. Assertions must be signed by
 * the provider's certificate; the audience, time conditions and InResponseTo are checked by
 * node-saml, the assertion's issuer (node-saml checks it only on logout), recipient and
 * destination here; an answer works once (its request is taken
 * back atomically), so a replay — even sent twice at once — is refused. Unsolicited responses
 * (IdP-initiated sign-on) are refused: every answer must answer a request this browser made.
 */
import type { CacheProvider, Profile } from '@node-saml/node-saml';
import { AppError, sameOriginPath } from '@assay/domain';
import { randomToken } from '../../platform/crypto.ts';
import type { AppServices } from '../../services.ts';
import type { AuthContext } from '../auth/ports.ts';
import type { OrganizationRow } from '../organizations/schema.ts';
import type { OrganizationSsoRow } from '../organizations/sso-schema.ts';
import { beginLogin, LOGIN_TTL_MS, loginWaiting, takeLogin } from './logins.ts';
import { parseIdpMetadata } from './saml-metadata.ts';
import { serviceProviderOf } from './settings.ts';
import { completeSsoSignIn } from './sign-in.ts';

type Found = { organization: OrganizationRow; sso: OrganizationSsoRow };

const EMAIL_ATTRIBUTES = [
  'email',
  'mail',
  'urn:oid:0.9.2342.19200300.100.1.3',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
];
const FIRST_NAME_ATTRIBUTES = [
  'firstName',
  'givenName',
  'urn:oid:2.5.4.42',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname',
];
const LAST_NAME_ATTRIBUTES = [
  'lastName',
  'sn',
  'surname',
  'urn:oid:2.5.4.4',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname',
];

async function samlOf(
  services: AppServices,
  found: Found,
  cacheProvider: CacheProvider,
  requestId?: string,
) {
  const idp = parseIdpMetadata(found.sso.samlMetadataXml);
  const sp = serviceProviderOf(services.config, found.organization.slug);
  // node-saml loads with the first SAML sign-in, not with the server.
  const { SAML, ValidateInResponseTo } = await import('@node-saml/node-saml');
  return new SAML({
    entryPoint: idp.ssoUrl,
    issuer: sp.samlEntityId,
    callbackUrl: sp.samlAcsUrl,
    audience: sp.samlEntityId,
    idpIssuer: idp.entityId,
    idpCert: idp.certificates,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: LOGIN_TTL_MS,
    acceptedClockSkewMs: 30_000,
    cacheProvider,
    identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    disableRequestedAuthnContext: true,
    signatureAlgorithm: 'sha256',
    ...(requestId ? { generateUniqueId: () => requestId } : {}),
  });
}

/** node-saml's request cache, read from the sign-ins waiting here (taking is done after). */
function waitingRequests(
  services: AppServices,
  save?: (key: string) => Promise<void>,
): CacheProvider {
  return {
    saveAsync: async (key, value) => {
      await save?.(key);
      return { createdAt: Date.now(), value };
    },
    getAsync: async (key) => {
      const at = await loginWaiting(services.database.db, key);
      return at ? at.toISOString() : null;
    },
    removeAsync: async (key) => key,
  };
}

export async function startSaml(
  services: AppServices,
  found: Found,
  browser: string,
  path: string,
): Promise<string> {
  const requestId = `_${randomToken(20).replace(/[^A-Za-z0-9]/g, '')}`;
  const cache = waitingRequests(services, (key) =>
    beginLogin(services.database.db, {
      id: key,
      organizationId: found.organization.id,
      protocol: 'saml',
      browser,
      path: sameOriginPath(path),
    }),
  );
  const saml = await samlOf(services, found, cache, requestId);
  return saml.getAuthorizeUrlAsync('', undefined, {});
}

function first(profile: Profile, names: string[]): string {
  for (const name of names) {
    const value = profile[name];
    if (typeof value === 'string' && value.trim()) return value.trim();
    if (Array.isArray(value) && typeof value[0] === 'string') return value[0].trim();
  }
  return '';
}

/** The text of the first element of that name in the signed XML (the assertion's Issuer). */
function textOf(xml: string, element: string): string | null {
  const match = new RegExp(`<(?:\\w+:)?${element}\\b[^>]*>([^<]*)</(?:\\w+:)?${element}>`).exec(
    xml,
  );
  return match?.[1]?.trim() ?? null;
}

/** The value of an attribute in the signed XML (Recipient, Destination, InResponseTo). */
function attributeIn(xml: string, element: string, attribute: string): string | null {
  const tag = new RegExp(`<(?:\\w+:)?${element}\\b[^>]*>`).exec(xml)?.[0];
  if (!tag) return null;
  return new RegExp(`\\s${attribute}="([^"]*)"`).exec(tag)?.[1] ?? null;
}

export async function finishSaml(
  services: AppServices,
  found: Found,
  body: Record<string, string | undefined>,
  browser: string,
  context: { ip: string; device: string },
  signedIn: AuthContext | null,
): Promise<string> {
  const response = body.SAMLResponse ?? '';
  if (!response) throw new AppError('ssoFailed', { context: 'no SAMLResponse' });
  const saml = await samlOf(services, found, waitingRequests(services));
  let profile: Profile | null;
  try {
    ({ profile } = await saml.validatePostResponseAsync({
      SAMLResponse: response,
      RelayState: body.RelayState ?? '',
    }));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new AppError(/InResponseTo/i.test(message) ? 'ssoExpired' : 'ssoFailed', {
      context: message.slice(0, 300),
    });
  }
  if (!profile) throw new AppError('ssoFailed', { context: 'no assertion' });
  const acs = serviceProviderOf(services.config, found.organization.slug).samlAcsUrl;
  const assertion = profile.getAssertionXml?.() ?? '';
  const issuer = textOf(assertion, 'Issuer');
  const expectedIssuer = parseIdpMetadata(found.sso.samlMetadataXml).entityId;
  if (issuer !== expectedIssuer)
    throw new AppError('ssoFailed', {
      context: `issuer ${issuer ?? '(none)'} is not the provider`,
    });
  const recipient = attributeIn(assertion, 'SubjectConfirmationData', 'Recipient');
  if (recipient !== null && recipient !== acs)
    throw new AppError('ssoFailed', { context: `recipient ${recipient} is not this service` });
  const destination = attributeIn(profile.getSamlResponseXml?.() ?? '', 'Response', 'Destination');
  if (destination !== null && destination !== acs)
    throw new AppError('ssoFailed', { context: `destination ${destination} is not this service` });
  const inResponseTo =
    attributeIn(assertion, 'SubjectConfirmationData', 'InResponseTo') ??
    attributeIn(profile.getSamlResponseXml?.() ?? '', 'Response', 'InResponseTo');
  if (!inResponseTo) throw new AppError('ssoExpired', { context: 'unsolicited response' });
  // Taken once: a replay, or the same answer posted twice at once, finds nothing.
  const login = await takeLogin(services.database.db, inResponseTo, found.organization.id, browser);
  const nameId = profile.nameID?.includes('@') ? profile.nameID : '';
  const email = (first(profile, EMAIL_ATTRIBUTES) || nameId).toLowerCase();
  if (!email.includes('@'))
    throw new AppError('ssoFailed', { context: 'the assertion names no email' });
  return completeSsoSignIn(
    services,
    found,
    {
      email,
      firstName: first(profile, FIRST_NAME_ATTRIBUTES),
      lastName: first(profile, LAST_NAME_ATTRIBUTES),
      // SAML has no such claim: the organisation's verified domain vouches for its addresses.
      emailVerified: true,
    },
    { path: login.path, browser },
    context,
    signedIn,
  );
}
