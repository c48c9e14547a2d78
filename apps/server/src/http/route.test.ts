/**
 * Declared routes (http/route.ts): who calls is settled before what they sent, a refused input is
 * the catalogue's 400 with the schema's own message, and an answer outside its declared shape
 * fails while the tests run.
 */
import Fastify from 'fastify';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '@assay/domain';
import { buildTestApp } from '../../test/app.ts';
import { createAgent } from '../../test/agent.ts';
import { onOrg, ownerWithOrganization } from '../../test/organization.ts';
import { registerErrorHandling } from './errors.ts';
import { route } from './route.ts';

const built = await buildTestApp();

describe('a declared route', () => {
  it('checks who calls before what they sent, then refuses bad input with the catalogue’s 400', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const created = await onOrg(
      owner.agent,
      org.slug,
      'mutation { createProject(input: { name: "Declared" }) { id } }',
    );
    const id = (created.data?.createProject as { id: string }).id;
    const host = { host: `${org.slug}.assay.test` };
    const bad = { status: 'somewhere else', surprise: true };
    // A stranger learns nothing of the route's shapes: 401, not 400.
    const stranger = await createAgent(built.app).put(`/api/proj/projects/${id}`, bad, host);
    expect(stranger.statusCode).toBe(401);
    // A member is told what is wrong, in the catalogue's words.
    const refused = await owner.agent.put(`/api/proj/projects/${id}`, bad, host);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ ref: ERRORS.validation.ref });
    const fine = await owner.agent.put(
      `/api/proj/projects/${id}`,
      { name: 'Declared again' },
      host,
    );
    expect(fine.statusCode).toBe(200);
    expect(fine.json()).toMatchObject({ id, name: 'Declared again' });
  });

  it('fails a test when an answer drifts from its declared shape, and sends extra fields as they are', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    let answer: unknown = { id: 'a', extra: 1 };
    route(app, {
      method: 'GET',
      url: '/probe',
      summary: 'A probe.',
      auth: 'public',
      answer: z.object({ id: z.string() }),
      handler: async () => answer as { id: string },
    });
    const kept = await app.inject('/probe');
    expect(kept.json()).toEqual({ id: 'a', extra: 1 });
    answer = { id: 7 };
    const drifted = await app.inject('/probe');
    expect(drifted.statusCode).toBe(500);
    await app.close();
  });
});
