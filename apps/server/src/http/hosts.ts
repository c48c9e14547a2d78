/** The app host is app.<APP_DOMAIN>; each organisation has <slug>.<APP_DOMAIN>. */
import type { Config } from '../config.ts';

export type HostKind =
  { kind: 'app' } | { kind: 'bare' } | { kind: 'organization'; slug: string } | { kind: 'other' };

/** Classifies a Host header against the configured domain. */
export function classifyHost(host: string | undefined, appDomain: string): HostKind {
  const value = (host ?? '').toLowerCase();
  const domain = appDomain.toLowerCase();
  if (value === domain) return { kind: 'bare' };
  if (value === `app.${domain}`) return { kind: 'app' };
  if (value.endsWith(`.${domain}`)) {
    const slug = value.slice(0, -(domain.length + 1));
    if (/^[a-z0-9]+$/.test(slug)) return { kind: 'organization', slug };
  }
  return { kind: 'other' };
}

export function appOrigin(config: Pick<Config, 'protocol' | 'appDomain'>): string {
  return `${config.protocol}://app.${config.appDomain}`;
}

export function organizationOrigin(
  config: Pick<Config, 'protocol' | 'appDomain'>,
  slug: string,
): string {
  return `${config.protocol}://${slug}.${config.appDomain}`;
}

/** True for an Origin header that belongs to this app (its domain or any subdomain of it). */
export function isOwnOrigin(origin: string, appDomain: string): boolean {
  let host: string;
  try {
    host = new URL(origin).host.toLowerCase();
  } catch {
    return false;
  }
  const domain = appDomain.toLowerCase();
  return host === domain || host.endsWith(`.${domain}`);
}

/**
 * The cookie Domain attribute that shares a session across the subdomains, when browsers allow
 * one: they refuse it for single-label hosts such as localhost (there the organisation handoff
 * sets a host-only cookie instead).
 */
export function sharedCookieDomain(appDomain: string): string | undefined {
  const hostname = appDomain.split(':')[0] ?? '';
  if (!hostname.includes('.') || /^[0-9.]+$/.test(hostname)) return undefined;
  return `.${hostname}`;
}
