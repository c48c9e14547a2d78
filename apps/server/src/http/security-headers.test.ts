import { describe, expect, it } from 'vitest';
import { buildTestApp, testConfig } from '../../test/app.ts';
import { contentSecurityPolicy } from './security-headers.ts';

const built = await buildTestApp();
const secure = await buildTestApp({ env: { APP_PROTOCOL: 'https' } });

const page = (app: typeof built, url: string) =>
  app.app.inject({ method: 'GET', url, headers: { host: 'app.assay.test' } });

describe('security headers', () => {
  it('give pages a policy without inline scripts and keep them out of frames', async () => {
    const home = await page(built, '/sign-in');
    const policy = String(home.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(home.headers['x-frame-options']).toBe('DENY');
    expect(home.headers['x-content-type-options']).toBe('nosniff');
    expect(home.headers['strict-transport-security']).toBeUndefined();
  });

  it('let the video-meeting client frame its entry screens', async () => {
    for (const url of ['/zoom/select', '/connect/zoom', '/zoom']) {
      const answer = await page(built, url);
      expect(answer.headers['x-frame-options']).toBeUndefined();
      expect(String(answer.headers['content-security-policy'])).toContain(
        "frame-ancestors 'self' https://*.zoom.us",
      );
    }
  });

  it('ask browsers for https once served over https, and leave API answers without a page policy', async () => {
    const health = await page(secure, '/api/health');
    expect(health.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(health.headers['content-security-policy']).toBeUndefined();
    expect(health.headers['x-content-type-options']).toBe('nosniff');
  });

  it('allow one inline script by its nonce, and Recurly.js only when payments go to Recurly', () => {
    const withNonce = contentSecurityPolicy(testConfig(), { nonce: 'abc123', frameable: false });
    expect(withNonce).toContain("script-src 'self' 'nonce-abc123'");
    const recurly = contentSecurityPolicy(
      testConfig({ RECURLY_API_KEY: 'key', RECURLY_PUBLIC_KEY: 'pub' }),
      { nonce: null, frameable: false },
    );
    expect(recurly).toContain("script-src 'self' https://js.recurly.com");
    expect(recurly).toContain("frame-src 'self' https://api.recurly.com");
  });
});
