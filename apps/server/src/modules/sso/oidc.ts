/** Single sign-on through OpenID Connect: the start (to the provider) and the callback. */
import { AppError, sameOriginPath } from '@assay/domain';
import { decryptSecret, encryptSecret, hashToken } from '../../platform/crypto.ts';
import type { AppServices } from '../../services.ts';
import type { AuthContext } from '../auth/ports.ts';
import type { OrganizationRow } from '../organizations/schema.ts';
import type { OrganizationSsoRow } from '../organizations/sso-schema.ts';
import { beginLogin, takeLogin } from './logins.ts';
import { authorizationUrl, discover, exchangeCode } from './oidc-client.ts';
import { clientSecretOf, serviceProviderOf } from './settings.ts';
import { completeSsoSignIn } from './sign-in.ts';

type Found = { organization: OrganizationRow; sso: OrganizationSsoRow };
const VERIFIER_PURPOSE = 'sso-pkce';

function configOf(services: AppServices, sso: OrganizationSsoRow) {
  return discover(sso.oidcIssuer, sso.oidcClientId, clientSecretOf(services.config, sso));
}

/** Answers the provider's authorization URL; the state, nonce and PKCE verifier wait here. */
export async function startOidc(
  services: AppServices,
  found: Found,
  browser: string,
  path: string,
): Promise<string> {
  const config = await configOf(services, found.sso);
  const redirectUri = serviceProviderOf(services.config, found.organization.slug).oidcRedirectUri;
  const start = await authorizationUrl(config, redirectUri);
  await beginLogin(services.database.db, {
    id: hashToken(start.state),
    organizationId: found.organization.id,
    protocol: 'oidc',
    browser,
    path: sameOriginPath(path),
    codeVerifier: encryptSecret(start.codeVerifier, services.config.appSecret, VERIFIER_PURPOSE),
    nonce: start.nonce,
  });
  return start.url;
}

/** The provider sent the browser back: check everything, then hand off into the organisation. */
export async function finishOidc(
  services: AppServices,
  found: Found,
  query: Record<string, string | undefined>,
  browser: string,
  context: { ip: string; device: string },
  signedIn: AuthContext | null,
): Promise<string> {
  const state = query.state ?? '';
  if (!state) throw new AppError('ssoFailed', { context: 'no state' });
  const login = await takeLogin(
    services.database.db,
    hashToken(state),
    found.organization.id,
    browser,
  );
  if (query.error)
    throw new AppError('ssoFailed', {
      context: `${query.error}: ${query.error_description ?? ''}`.slice(0, 300),
    });
  const config = await configOf(services, found.sso);
  // The URL the provider redirected to, as registered (the app's origin, not the proxy's view).
  const callback = new URL(
    serviceProviderOf(services.config, found.organization.slug).oidcRedirectUri,
  );
  for (const [key, value] of Object.entries(query))
    if (value !== undefined) callback.searchParams.set(key, value);
  const identity = await exchangeCode(config, callback, {
    state,
    nonce: login.nonce ?? '',
    codeVerifier: decryptSecret(
      login.codeVerifier ?? '',
      services.config.appSecret,
      VERIFIER_PURPOSE,
    ),
  });
  return completeSsoSignIn(
    services,
    found,
    identity,
    { path: login.path, browser },
    context,
    signedIn,
  );
}
