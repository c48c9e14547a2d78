/**
 * Real identity providers for the single sign-on tests, started on loopback ports: oidc-provider
 * (OpenID Connect, with its development sign-in pages) and a SAML 2.0 provider built on samlify
 * (HTTP-Redirect in, HTTP-POST out, assertions signed with a certificate made for the run). Used
 * by the server tests and, through e2e/sso-providers.mjs, by the browser journeys.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import Provider from 'oidc-provider';

async function listen(server: http.Server, port = 0): Promise<number> {
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

// ---------------------------------------------------------------------------------------------
// OpenID Connect

export interface OidcClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export interface OidcProvider {
  issuer: string;
  close(): Promise<void>;
}

/**
 * Accounts are their email: whatever one types at the sign-in page is who one is. An address
 * that starts with "unverified." comes with email_verified: false.
 */
export async function startOidcProvider(clients: OidcClient[], port = 0): Promise<OidcProvider> {
  const server = http.createServer();
  const bound = await listen(server, port);
  const issuer = `http://127.0.0.1:${bound}`;
  const provider = new Provider(issuer, {
    clients: clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: c.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    findAccount: async (_context, id) => ({
      accountId: id,
      claims: () => ({
        sub: id,
        email: id,
        email_verified: !id.startsWith('unverified.'),
        given_name: id.split('@')[0] ?? id,
        family_name: 'Example',
      }),
    }),
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name'],
    },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['assay-test-oidc-provider-cookie-key'] },
    pkce: { required: () => true },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Signs in at the provider as a browser would (its development login and consent pages) and
 * answers the URL it sends the browser back to, with the code.
 */
export async function signInAtOidcProvider(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (pair && at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  let url = new URL(authorizationUrl);
  let method = 'GET';
  let body: URLSearchParams | undefined;
  const issuerOrigin = url.origin;
  for (let hop = 0; hop < 20; hop += 1) {
    if (url.origin !== issuerOrigin) return url;
    const response = await fetch(url, {
      method,
      redirect: 'manual',
      headers: { cookie: cookieHeader() },
      ...(body ? { body } : {}),
    });
    keep(response);
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url);
      method = 'GET';
      body = undefined;
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`unexpected page at the provider: ${html.slice(0, 300)}`);
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1] ?? 'login';
    url = new URL(action.replace(/&amp;/g, '&'), url);
    method = 'POST';
    body =
      prompt === 'login'
        ? new URLSearchParams({ prompt, login, password: 'any' })
        : new URLSearchParams({ prompt });
  }
  throw new Error('the provider never sent the browser back');
}

// ---------------------------------------------------------------------------------------------
// SAML 2.0

/**
 * The parts of samlify used here. Its type declarations pull in @xmldom's DOM library types,
 * which would change the server's own types (Buffer and fetch bodies), so it is loaded untyped.
 */
interface Samlify {
  setSchemaValidator(validator: { validate(xml: string): Promise<string> }): void;
  IdentityProvider(options: Record<string, unknown>): {
    getMetadata(): string;
    createLoginResponse(
      sp: unknown,
      requestInfo: unknown,
      binding: string,
      user: Record<string, string>,
      replace: (template: string) => { id: string; context: string },
    ): Promise<{ context: string }>;
  };
  ServiceProvider(options: Record<string, unknown>): unknown;
  SamlLib: { replaceTagsByValue(template: string, values: Record<string, string>): string };
}
const samlifyModule = 'samlify';
const loaded = (await import(samlifyModule)) as Partial<Samlify> & { default?: Samlify };
// Node exposes a CommonJS module's exports as named ones, or only as the default (loaders differ).
const samlify = (loaded.SamlLib ? loaded : loaded.default) as Samlify;
samlify.setSchemaValidator({ validate: () => Promise.resolve('skipped: test provider') });

const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

/** A key and a self-signed certificate for one run. */
function signingPair(): { key: string; cert: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'assay-idp-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-sha256',
        '-days',
        '2',
        '-subj',
        '/CN=Assay test IdP',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'pipe' },
    );
    return {
      key: readFileSync(path.join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What a test may change in an answer, to see it refused. */
export interface SamlTweaks {
  audience?: string;
  recipient?: string;
  notOnOrAfter?: Date;
  issuer?: string;
}

export interface SamlIdp {
  origin: string;
  entityId: string;
  metadataXml: string;
  /** A signed answer (base64, as posted) to the request with this id. */
  respond(requestId: string, email: string, tweaks?: SamlTweaks): Promise<string>;
  close(): Promise<void>;
}

/** The request id and relay state of a redirect-binding AuthnRequest URL. */
export function readAuthnRequest(url: string): { id: string; relayState: string } {
  const parsed = new URL(url);
  const xml = inflateRawSync(
    Buffer.from(parsed.searchParams.get('SAMLRequest') ?? '', 'base64'),
  ).toString();
  const id = /\sID="([^"]+)"/.exec(xml)?.[1];
  if (!id) throw new Error(`no request id in ${xml}`);
  return { id, relayState: parsed.searchParams.get('RelayState') ?? '' };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A SAML identity provider for one service provider (its entity id and assertion consumer
 * service). Its /sso page asks for an email and posts the signed answer back, as a real
 * provider's would after its own sign-in.
 */
export async function startSamlIdp(
  sp: { entityId: string; acsUrl: string },
  port = 0,
): Promise<SamlIdp> {
  const { key, cert } = signingPair();
  const server = http.createServer();
  const bound = await listen(server, port);
  const origin = `http://127.0.0.1:${bound}`;
  const entityId = `${origin}/metadata`;
  const idp = samlify.IdentityProvider({
    entityID: entityId,
    signingCert: cert,
    privateKey: key,
    nameIDFormat: [EMAIL_FORMAT],
    singleSignOnService: [
      { Binding: REDIRECT, Location: `${origin}/sso` },
      { Binding: POST, Location: `${origin}/sso` },
    ],
  });
  const serviceProvider = samlify.ServiceProvider({
    entityID: sp.entityId,
    assertionConsumerService: [{ Binding: POST, Location: sp.acsUrl }],
    wantAssertionsSigned: true,
  });

  const respond = async (requestId: string, email: string, tweaks: SamlTweaks = {}) => {
    const now = new Date();
    const later = tweaks.notOnOrAfter ?? new Date(now.getTime() + 5 * 60 * 1000);
    const values = {
      ID: `_${Math.random().toString(36).slice(2)}${Date.now()}`,
      AssertionID: `_${Math.random().toString(36).slice(2)}a${Date.now()}`,
      Destination: sp.acsUrl,
      Audience: tweaks.audience ?? sp.entityId,
      SubjectRecipient: tweaks.recipient ?? sp.acsUrl,
      Issuer: tweaks.issuer ?? entityId,
      IssueInstant: now.toISOString(),
      StatusCode: 'urn:oasis:names:tc:SAML:2.0:status:Success',
      ConditionsNotBefore: new Date(now.getTime() - 60_000).toISOString(),
      ConditionsNotOnOrAfter: later.toISOString(),
      SubjectConfirmationDataNotOnOrAfter: later.toISOString(),
      NameIDFormat: EMAIL_FORMAT,
      NameID: email,
      InResponseTo: requestId,
      AuthnStatement: `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="_s${Date.now()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>`,
      AttributeStatement: '',
    };
    const answer = await idp.createLoginResponse(
      serviceProvider,
      { extract: { request: { id: requestId } } },
      'post',
      { email },
      (template: string) => ({
        id: values.ID,
        context: samlify.SamlLib.replaceTagsByValue(template, values),
      }),
    );
    return answer.context;
  };

  server.on('request', (request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', origin);
      if (request.method === 'GET' && url.pathname === '/metadata') {
        response.setHeader('content-type', 'application/xml');
        response.end(idp.getMetadata());
        return;
      }
      if (request.method === 'GET' && url.pathname === '/sso') {
        const { id, relayState } = readAuthnRequest(url.href);
        response.setHeader('content-type', 'text/html; charset=utf-8');
        response.end(`<!doctype html><title>Test identity provider</title>
<h1>Test identity provider</h1>
<form method="post" action="/sso/login">
<input type="hidden" name="requestId" value="${escapeHtml(id)}">
<input type="hidden" name="relayState" value="${escapeHtml(relayState)}">
<label>Email <input type="email" name="email" required></label>
<button type="submit">Sign in</button>
</form>`);
        return;
      }
      if (request.method === 'POST' && url.pathname === '/sso/login') {
        let text = '';
        for await (const chunk of request) text += String(chunk);
        const form = new URLSearchParams(text);
        const saml = await respond(form.get('requestId') ?? '', form.get('email') ?? '');
        response.setHeader('content-type', 'text/html; charset=utf-8');
        response.end(`<!doctype html><title>Signing in…</title>
<form method="post" action="${escapeHtml(sp.acsUrl)}">
<input type="hidden" name="SAMLResponse" value="${escapeHtml(saml)}">
<input type="hidden" name="RelayState" value="${escapeHtml(form.get('relayState') ?? '')}">
<noscript><button type="submit">Continue</button></noscript>
</form><script>document.forms[0].submit()</script>`);
        return;
      }
      response.statusCode = 404;
      response.end();
    })().catch((error: unknown) => {
      response.statusCode = 500;
      response.end(String(error));
    });
  });

  return {
    origin,
    entityId,
    metadataXml: idp.getMetadata(),
    respond,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
