/**
 * Security headers on every answer: no sniffing, a strict referrer, HSTS over https, and for
 * pages a Content-Security-Policy without inline scripts (the portal's inlined board carries a
 * per-response nonce) and frame protection, except for the video-meeting client's entry screens,
 * which that client may frame.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config.ts';

declare module 'fastify' {
  interface FastifyReply {
    /** The nonce of the page's one inline script, if it has one. */
    cspNonce: string | null;
  }
}

/** The video-meeting client's entry screens (part 1 §2.1) may be framed by that client. */
const FRAMEABLE = /^\/(zoom|connect)(\/|$)/;

/** A fresh nonce for the page about to be sent. */
export function pageNonce(reply: FastifyReply): string {
  reply.cspNonce = randomBytes(16).toString('base64');
  return reply.cspNonce;
}

function origin(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** What the support chat widget loads from, talks to and frames (Intercom's documented hosts). */
function supportChatSources(config: Pick<Config, 'supportChat'>) {
  if (!config.supportChat) return { script: [], connect: [], frame: [], media: [] };
  const own = origin(config.supportChat.scriptUrl);
  const intercom = own?.endsWith('intercom.io') ?? false;
  return {
    script: [own, ...(intercom ? ['https://js.intercomcdn.com'] : [])],
    connect: [own, ...(intercom ? ['https://*.intercom.io', 'wss://*.intercom.io'] : [])],
    frame: intercom ? ['https://intercom-sheets.com'] : [],
    media: intercom ? ['https://js.intercomcdn.com'] : [],
  };
}

/** Where browser error reports go (the DSN's origin). */
function errorReportingSources(config: Pick<Config, 'errorReporting'>) {
  return [origin(config.errorReporting?.dsn)];
}

/**
 * The page policy: the app's own scripts, plus Recurly.js when card payments go to Recurly and
 * the support chat widget and error reporting when they are configured.
 */
export function contentSecurityPolicy(
  config: Pick<Config, 'recurly' | 'supportChat' | 'errorReporting'>,
  options: { nonce: string | null; frameable: boolean },
): string {
  const recurly = origin(config.recurly?.scriptUrl);
  const recurlyApi = config.recurly ? 'https://api.recurly.com' : null;
  const chat = supportChatSources(config);
  const list = (...items: (string | null)[]) => items.filter(Boolean).join(' ');
  return [
    "default-src 'self'",
    `script-src ${list("'self'", options.nonce ? `'nonce-${options.nonce}'` : null, recurly, ...chat.script)}`,
    // Component styles are set inline by the UI library; scripts never are.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    `media-src ${list("'self'", 'blob:', ...chat.media)}`,
    "font-src 'self' data: https:",
    `connect-src ${list("'self'", 'ws:', 'wss:', recurlyApi, ...chat.connect, ...errorReportingSources(config))}`,
    `frame-src ${list("'self'", recurlyApi, ...chat.frame)}`,
    // Session replays record in a worker made from a blob.
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${options.frameable ? "'self' https://*.zoom.us" : "'none'"}`,
  ].join('; ');
}

export function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  app.decorateReply('cspNonce', null);
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (config.protocol === 'https')
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    const type = String(reply.getHeader('content-type') ?? '');
    // Routes that set their own policy (visitor images) keep it.
    if (type.startsWith('text/html') && !reply.hasHeader('content-security-policy')) {
      const pathname = request.url.split('?')[0] ?? '/';
      const frameable = FRAMEABLE.test(pathname);
      reply.header(
        'content-security-policy',
        contentSecurityPolicy(config, { nonce: reply.cspNonce, frameable }),
      );
      if (!frameable) reply.header('x-frame-options', 'DENY');
    }
    return payload;
  });
}
