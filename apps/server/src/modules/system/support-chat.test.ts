import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { contentSecurityPolicy } from '../../http/security-headers.ts';
import { createProjectIn } from '../../../test/cards.ts';
import { ownerWithOrganization } from '../../../test/organization.ts';

const SECRET = 'identity-verification-secret-0123';
const withChat = await buildTestApp({
  env: {
    SUPPORT_CHAT_APP_ID: 'abc12def',
    SUPPORT_CHAT_SECRET: SECRET,
    SUPPORT_CHAT_URL: 'https://widget.example/widget/',
    ERROR_REPORTING_DSN: 'https://public@errors.example/7',
    ERROR_REPORTING_TRACE_TARGETS: 'localhost, ^https://api\\.example',
  },
});
const plain = await buildTestApp();

describe('page configuration: support chat and error reporting', () => {
  it('gives a signed-in member the widget settings, with the user hash made on the server', async () => {
    const { owner, org } = await ownerWithOrganization(withChat, { license: 'business' });
    await createProjectIn(owner.agent, org.slug, 'Counted');
    const response = await owner.agent.get('/api/bootstrap', { host: `${org.slug}.assay.test` });
    const boot = response.json() as {
      user: { id: string; email: string };
      supportChat: Record<string, unknown> & {
        user: { userHash: string; email: string; name: string };
        company: { name: string; tier: string; usage: Record<string, number> };
      };
      errorReporting: Record<string, unknown>;
    };
    expect(boot.supportChat).toMatchObject({
      appId: 'abc12def',
      scriptUrl: 'https://widget.example/widget/abc12def',
      user: { email: owner.email, name: 'Ada Lovelace' },
      company: { name: 'Team', tier: 'Business', usage: { projects: 1, members: 1, evidence: 0 } },
    });
    expect(boot.supportChat.user.userHash).toBe(
      createHmac('sha256', SECRET).update(boot.user.id).digest('hex'),
    );
    expect(response.body).not.toContain(SECRET);
    expect(boot.errorReporting).toEqual({
      dsn: 'https://public@errors.example/7',
      tracePropagationTargets: ['localhost', '^https://api\\.example'],
      environment: 'test',
      release: 'test-version',
    });
    // The page policy lets the widget and the error reports through.
    const csp = contentSecurityPolicy(withChat.services.config, { nonce: null, frameable: false });
    expect(csp).toMatch(/script-src 'self' https:\/\/widget\.example;/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/errors\.example/);
    expect(contentSecurityPolicy(plain.services.config, { nonce: null, frameable: false })).toMatch(
      /script-src 'self';/,
    );
  });

  it('is off for visitors and when not configured', async () => {
    const visitor = await withChat.app.inject('/api/bootstrap');
    expect(visitor.json()).toMatchObject({ supportChat: null });
    const { owner, org } = await ownerWithOrganization(plain);
    const boot = (
      await owner.agent.get('/api/bootstrap', { host: `${org.slug}.assay.test` })
    ).json() as { supportChat: unknown; errorReporting: unknown };
    expect(boot.supportChat).toBeNull();
    expect(boot.errorReporting).toBeNull();
  });
});
