/**
 * OpenID Connect through openid-client: discovery (cached a few minutes per issuer and client),
 * the authorization URL with PKCE, state and nonce, and the code exchange that validates the ID
 * token (signature, issuer, audience, expiry, nonce). Plain HTTP is allowed only for an issuer on
 * this machine (development and the tests' own provider).
 */
import type * as Client from 'openid-client';
import { AppError } from '@assay/domain';

/** openid-client loads with the first OpenID sign-in, not with the server. */
const loadClient = () => import('openid-client');

const CACHE_MS = 5 * 60 * 1000;
const cache = new Map<string, { at: number; config: Promise<Client.Configuration> }>();

function isLoopback(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1' || host === '::1'
  );
}

export async function discover(
  issuer: string,
  clientId: string,
  clientSecret: string,
): Promise<Client.Configuration> {
  const client = await loadClient();
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw new AppError('ssoInvalidSettings', { context: 'the issuer is not a URL' });
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url)))
    throw new AppError('ssoInvalidSettings', { context: 'the issuer must use https' });
  const key = `${issuer}\n${clientId}\n${clientSecret}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.config;
  const config = client
    .discovery(url, clientId, clientSecret || undefined, undefined, {
      timeout: 10,
      ...(url.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : {}),
    })
    .catch((error: unknown) => {
      cache.delete(key);
      throw new AppError('ssoInvalidSettings', {
        context:
          `discovery failed: ${error instanceof Error ? error.message : String(error)}`.slice(
            0,
            300,
          ),
      });
    });
  cache.set(key, { at: Date.now(), config });
  return config;
}

export interface OidcStart {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export async function authorizationUrl(
  config: Client.Configuration,
  redirectUri: string,
): Promise<OidcStart> {
  const client = await loadClient();
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url: url.href, state, nonce, codeVerifier };
}

export interface OidcIdentity {
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

/** Trades the code for tokens and answers who signed in; any check that fails is ssoFailed. */
export async function exchangeCode(
  config: Client.Configuration,
  callbackUrl: URL,
  checks: { state: string; nonce: string; codeVerifier: string },
): Promise<OidcIdentity> {
  const client = await loadClient();
  let claims: Record<string, unknown> | undefined;
  try {
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    claims = idToken;
    // Many providers keep the email out of the ID token: ask the userinfo endpoint, for the
    // subject the (validated) ID token named.
    if (idToken && typeof idToken.email !== 'string') {
      claims = {
        ...(await client.fetchUserInfo(config, tokens.access_token, idToken.sub)),
        ...idToken,
      };
    }
  } catch (error) {
    throw new AppError('ssoFailed', {
      context: (error instanceof Error ? error.message : String(error)).slice(0, 300),
    });
  }
  const email = typeof claims?.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!email) throw new AppError('ssoFailed', { context: 'the ID token has no email claim' });
  return {
    email,
    emailVerified: claims?.email_verified === true,
    firstName: typeof claims?.given_name === 'string' ? claims.given_name : '',
    lastName: typeof claims?.family_name === 'string' ? claims.family_name : '',
  };
}
