/**
 * Input no field can hold (issue #25 weakness 6): NUL characters, invalid UTF-8 and page numbers
 * past any list are refused with the catalogue's 400 (ref 2001), never a 500.
 */
import { describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { holdsNul } from '../src/http/input-guard.ts';
import { buildTestApp } from './app.ts';
import { createProjectIn, publishedHypothesis } from './cards.ts';
import { onOrg, ownerWithOrganization } from './organization.ts';

const built = await buildTestApp();

describe('input no field can hold', () => {
  it('refuses NUL characters, invalid UTF-8 and huge page numbers with ref 2001', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const host = { host: `${org.slug}.assay.test` };
    const projectId = await createProjectIn(owner.agent, org.slug, 'Guarded');
    const card = await publishedHypothesis(owner.agent, org.slug, projectId, 'Clean title');
    const nul = 'bad\u0000text';

    const refusedGateway = async (query: string, variables: Record<string, unknown>) => {
      // refused before the gateway runs: the catalogue's 400 as the REST body
      const answer = await onOrg(owner.agent, org.slug, query, variables);
      expect(answer).toMatchObject({ statusCode: 400, ref: 2001 });
    };
    // A card title, a project name, a comment.
    await refusedGateway('mutation($i: JSON!) { createCard(input: $i) { id } }', {
      i: { projectId, type: 'hypothesis', title: nul },
    });
    await refusedGateway('mutation($i: CreateProjectInput!) { createProject(input: $i) { id } }', {
      i: { name: nul },
    });
    await refusedGateway('mutation($i: JSON!) { addComment(input: $i) { id } }', {
      i: { subjectType: 'card', subjectId: card.id, body: nul },
    });

    const refusedRest = (response: { statusCode: number; json: () => unknown }) => {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, ref: 2001 });
    };
    // A tag, an organisation name, a members search, page numbers past any list.
    refusedRest(await owner.agent.post(`/api/canvas/cards/${card.id}/tags/bad%00tag`, {}, host));
    refusedRest(await owner.agent.put(`/api/org/organizations/${org.id}`, { name: nul }, host));
    refusedRest(await owner.agent.get('/api/users/profiles?search=a%00b', host));
    refusedRest(await owner.agent.get('/api/users/profiles?page=99999999999999999999', host));
    refusedRest(await owner.agent.get('/api/canvas/interviewees?page=99999999999999999999', host));
    refusedRest(await owner.agent.get('/api/canvas/interviewees?page=-3', host));

    // A body that is not UTF-8 is refused, not stored as replacement characters.
    const invalid = await built.app.inject({
      method: 'PUT',
      url: `/api/org/organizations/${org.id}`,
      headers: {
        'content-type': 'application/json',
        cookie: [...owner.agent.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        host: host.host,
      },
      payload: Buffer.concat([Buffer.from('{"name":"Caf'), Buffer.from([0xe9]), Buffer.from('"}')]),
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ ref: 2001 });

    // Nothing was changed, and good input still works.
    const org2 = await owner.agent.put(
      `/api/org/organizations/${org.id}`,
      { name: 'Café Lab' },
      host,
    );
    expect(org2.statusCode).toBe(200);
    expect(org2.json()).toMatchObject({ name: 'Café Lab' });
  });

  it('looks only into parsed text: the bytes of an upload are not text', () => {
    expect(holdsNul({ a: ['x', { b: 'y\u0000' }] })).toBe(true);
    expect(holdsNul({ a: 'clean' })).toBe(false);
    // a PNG's bytes hold zeros; a stream's internals are not looked into
    expect(holdsNul(Buffer.from([0x89, 0x50, 0x00, 0x00]))).toBe(false);
    expect(holdsNul(Readable.from([Buffer.from([0, 0, 0])]))).toBe(false);
  });
});
