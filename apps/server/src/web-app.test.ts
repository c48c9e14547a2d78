import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/app.ts';
import { createAgent } from '../test/agent.ts';
import { signUpUser } from '../test/factories.ts';
import { ownerWithOrganization } from '../test/organization.ts';
import { users } from './modules/auth/schema.ts';
import { firstScreenFor } from '@assay/domain';
import { BOOTSTRAP_ELEMENT_ID } from './web-app.ts';

const web = mkdtempSync(path.join(tmpdir(), 'assay-web-page-'));
writeFileSync(
  path.join(web, 'index.html'),
  '<!doctype html><html><head><title>Assay</title></head><body><div id="root"></div></body></html>',
);
writeFileSync(
  path.join(web, 'first-screens.json'),
  JSON.stringify({
    projects: { js: ['/assets/projects-home.js', '/assets/shared.js'], css: [] },
    onboarding: { js: ['/assets/onboarding.js'], css: [] },
    setup: { js: ['/assets/setup.js', '/assets/shared.js'], css: [] },
    workspace: { js: ['/assets/workspace.js'], css: ['/assets/workspace.css'] },
  }),
);
afterAll(() => rmSync(web, { recursive: true, force: true }));
const built = await buildTestApp({ env: { WEB_DIST: web } });

/** The bootstrap answer a page carries, read as the web app reads it. */
function inlined(html: string): unknown {
  const match = new RegExp(
    `<script type="application/json" id="${BOOTSTRAP_ELEMENT_ID}">(.*?)</script>`,
  ).exec(html);
  expect(match, 'the page carries its bootstrap answer').not.toBeNull();
  return JSON.parse(match?.[1] ?? 'null');
}

describe('a page load (#28, #32)', () => {
  it('carries the same bootstrap answer the API gives, for this browser only', async () => {
    const { owner, org } = await ownerWithOrganization(built);
    const host = { host: `${org.slug}.assay.test` };
    const page = await owner.agent.get('/workspace/abc/canvas/business', host);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(page.headers.vary).toContain('cookie');
    const api = await owner.agent.get('/api/bootstrap', host);
    expect(inlined(page.body)).toEqual(api.json());
    expect(inlined(page.body)).toMatchObject({
      host: 'organization',
      organization: { id: org.id },
      membership: { role: 'owner' },
      user: { email: owner.email },
    });

    // The first screen's code is named in the page, so it comes with the entry.
    const preloads = (html: string) =>
      [...html.matchAll(/<link rel="(?:modulepreload|preload)"[^>]*href="([^"]+)"/g)].map(
        (m) => m[1],
      );
    expect(preloads(page.body)).toEqual(['/assets/workspace.js', '/assets/workspace.css']);
    const home = await owner.agent.get('/', host);
    const screen = firstScreenFor('/', api.json() as Parameters<typeof firstScreenFor>[1]);
    const expected: Record<string, string[]> = {
      projects: ['/assets/projects-home.js', '/assets/shared.js'],
      onboarding: ['/assets/onboarding.js'],
      setup: ['/assets/setup.js', '/assets/shared.js'],
    };
    expect(screen).not.toBeNull();
    expect(preloads(home.body)).toEqual(expected[screen ?? '']);

    const visitor = await createAgent(built.app).get('/', { host: 'app.assay.test' });
    expect(preloads(visitor.body)).toEqual([]);
    expect(inlined(visitor.body)).toMatchObject({ host: 'app', user: null, sessionId: null });
    expect(inlined(visitor.body)).toEqual(
      (await createAgent(built.app).get('/api/bootstrap', { host: 'app.assay.test' })).json(),
    );
  });

  it('keeps what people typed from closing the data block', async () => {
    const person = await signUpUser(built);
    await built.services.database.db
      .update(users)
      .set({ firstName: '</script><script>alert(1)</script>' })
      .where(eq(users.id, person.user.id));
    const page = await person.agent.get('/', { host: 'app.assay.test' });
    expect(page.body).not.toContain('<script>alert(1)');
    expect(inlined(page.body)).toMatchObject({
      user: { firstName: '</script><script>alert(1)</script>' },
    });
  });
});
