/**
 * The web app's pages: the built assets (with their Brotli and gzip copies), the host rules of a
 * page load, the portal's pages for visitors, and every other page as index.html with where the
 * app stands (the bootstrap answer) inlined, so the first screen needs no request (#28, #32).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError, firstScreenFor, restErrorBody } from '@assay/domain';
import { authenticate } from './http/auth-context.ts';
import { appOrigin, classifyHost } from './http/hosts.ts';
import { scriptJson } from './http/html.ts';
import { pageNonce } from './http/security-headers.ts';
import { bootstrapFor } from './modules/auth/bootstrap.ts';
import { findOrganizationBySlug } from './modules/organizations/service.ts';
import { parsePortalPath, renderPortalPage } from './modules/portal/page.ts';
import type { AppServices } from './services.ts';

const API_PREFIXES = ['/api/', '/sub/'];

export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((p) => url.startsWith(p)) || url === '/api';
}

/** The element the web app reads the inlined bootstrap answer from (apps/web api/bootstrap.ts). */
export const BOOTSTRAP_ELEMENT_ID = 'assay-bootstrap';

/** What the web build says each first screen needs beyond the entry (apps/web vite.config.ts). */
export type FirstScreens = Record<string, { js: string[]; css: string[] } | undefined>;

/**
 * index.html with the bootstrap answer as a data block (not a script: no nonce needed), and the
 * first screen's code named so the browser fetches it alongside the entry.
 */
export function pageHtml(
  indexHtml: string,
  answer: unknown,
  screen?: { js: string[]; css: string[] },
): string {
  const head = [
    `<script type="application/json" id="${BOOTSTRAP_ELEMENT_ID}">${scriptJson(answer)}</script>`,
    ...(screen?.js ?? []).map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    ...(screen?.css ?? []).map((href) => `<link rel="preload" as="style" href="${href}">`),
  ].join('\n    ');
  return indexHtml.includes('</head>')
    ? indexHtml.replace('</head>', `  ${head}\n  </head>`)
    : indexHtml.replace('<div id="root">', `${head}<div id="root">`);
}

/** Host rules for page loads (spec part 1 §2.2); null when the page is served where it was asked. */
async function pageRedirect(services: AppServices, host: string | undefined, url: string) {
  const where = classifyHost(host, services.config.appDomain);
  const path = url.split('?')[0] ?? '/';
  const app = appOrigin(services.config);
  if (where.kind === 'bare') return `${app}${url}`;
  if (where.kind !== 'organization') return null;
  const appOnly =
    path.startsWith('/sign-up') || path === '/organizations' || path.startsWith('/organizations/');
  if (appOnly) return `${app}${url}`;
  const org = await findOrganizationBySlug(services.database.db, where.slug);
  return org ? null : `${app}/sign-in`;
}

export function registerWebApp(app: FastifyInstance, services: AppServices) {
  const { config } = services;
  const indexFile = path.join(config.webDist, 'index.html');
  const hasWebApp = existsSync(indexFile);
  let indexHtml: string | undefined;
  let screens: FirstScreens | undefined;
  if (hasWebApp) {
    app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      // The build leaves .br and .gz copies beside the assets (apps/web/scripts/compress.mjs).
      preCompressed: true,
      cacheControl: false,
      index: false,
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.setHeader('cache-control', 'no-cache');
        }
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(pathname) &&
      path.extname(pathname) === '';
    if (wantsPage) {
      const redirect = await pageRedirect(services, request.headers.host, request.url);
      if (redirect) return reply.redirect(redirect, 302);
    }
    const portal = wantsPage && hasWebApp ? parsePortalPath(pathname) : null;
    if (portal) {
      // Portal pages carry their title, social-preview tags and board for visitors.
      indexHtml ??= await readFile(indexFile, 'utf8');
      const page = await renderPortalPage(
        services,
        indexHtml,
        portal,
        `${request.protocol}://${request.headers.host ?? 'localhost'}`,
        pageNonce(reply),
      );
      return reply
        .status(page.status)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(page.html);
    }
    if (wantsPage && hasWebApp) {
      indexHtml ??= await readFile(indexFile, 'utf8');
      screens ??= await readFile(path.join(config.webDist, 'first-screens.json'), 'utf8')
        .then((text) => JSON.parse(text) as FirstScreens)
        .catch(() => ({}));
      request.auth = await authenticate(services, request);
      const answer = await bootstrapFor(services, request);
      const screen = firstScreenFor(pathname, answer);
      return (
        reply
          // The page carries who is signed in: for this browser only, checked on every load.
          .header('cache-control', 'private, no-cache')
          .header('vary', 'cookie')
          .type('text/html; charset=utf-8')
          .send(pageHtml(indexHtml, answer, screen ? screens[screen] : undefined))
      );
    }
    if (wantsPage) {
      return reply
        .status(503)
        .type('text/html')
        .send(
          '<!doctype html><p>The web app is not built yet. Run <code>npm run build</code>.</p>',
        );
    }
    return reply.status(404).send(restErrorBody(new AppError('notFound')));
  });
}
