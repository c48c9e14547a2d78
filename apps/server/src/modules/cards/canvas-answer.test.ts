/**
 * The canvas over REST as ready-to-send bytes (issue #28): the same answer as the gateway's, an
 * ETag and a 304 when nothing changed, compressed when asked — and never a stale or another
 * member's board: a card change, a project rename, a draft and a filter each make their own answer.
 */
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { createCardAs, createProjectIn, publishedHypothesis } from '../../../test/cards.ts';
import { addMember, onOrg, ownerWithOrganization } from '../../../test/organization.ts';

const built = await buildTestApp();

type Canvas = {
  project: { name: string };
  cards: { id: string; title: string; canEdit: boolean }[];
};

describe('the canvas as bytes', () => {
  it('answers with an ETag, 304 while unchanged, and a new answer after every change', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const projectId = await createProjectIn(owner.agent, org.slug);
    await publishedHypothesis(owner.agent, org.slug, projectId, 'Students hate the laundromat');
    const host = { host: `${org.slug}.assay.test` };
    const url = `/api/canvas/${projectId}`;

    const first = await owner.agent.get(url, host);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    expect((first.json() as Canvas).cards.map((c) => c.title)).toEqual([
      'Students hate the laundromat',
    ]);
    const gateway = await onOrg(
      owner.agent,
      org.slug,
      'query($p: ID!) { canvas(projectId: $p) { cards { id title canEdit } } }',
      { p: projectId },
    );
    expect((gateway.data?.canvas as Canvas).cards).toEqual(
      (first.json() as Canvas).cards.map(({ id, title, canEdit }) => ({ id, title, canEdit })),
    );

    const unchanged = await owner.agent.get(url, { ...host, 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');

    // A new card: a new answer under a new ETag, even with the old one offered.
    await publishedHypothesis(owner.agent, org.slug, projectId, 'Pickup within a day');
    const afterCard = await owner.agent.get(url, { ...host, 'if-none-match': etag });
    expect(afterCard.statusCode).toBe(200);
    expect((afterCard.json() as Canvas).cards).toHaveLength(2);
    expect(afterCard.headers.etag).not.toBe(etag);

    // A renamed project (its cards untouched) is a new answer too.
    await onOrg(
      owner.agent,
      org.slug,
      'mutation($id: ID!) { updateProject(id: $id, input: { name: "Laundry" }) { id } }',
      { id: projectId },
    );
    const renamed = await owner.agent.get(url, {
      ...host,
      'if-none-match': String(afterCard.headers.etag),
    });
    expect(renamed.statusCode).toBe(200);
    expect((renamed.json() as Canvas).project.name).toBe('Laundry');
  });

  it('keeps each member to their own view: drafts, edit rights and filters', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const projectId = await createProjectIn(owner.agent, org.slug);
    const viewer = await addMember(built, owner.agent, org, 'limitedContributor');
    await publishedHypothesis(owner.agent, org.slug, projectId, 'Published one');
    await createCardAs(owner.agent, org.slug, { projectId, title: 'Owner draft' });
    const host = { host: `${org.slug}.assay.test` };
    const url = `/api/canvas/${projectId}`;

    const mine = (await owner.agent.get(url, host)).json() as Canvas;
    expect(mine.cards.map((c) => [c.title, c.canEdit])).toEqual(
      expect.arrayContaining([
        ['Published one', true],
        ['Owner draft', true],
      ]),
    );
    const theirs = await viewer.agent.get(url, host);
    expect(theirs.statusCode).toBe(200);
    expect((theirs.json() as Canvas).cards.map((c) => [c.title, c.canEdit])).toEqual([
      ['Published one', false],
    ]);
    const searched = await owner.agent.get(
      `${url}?filters=${encodeURIComponent(JSON.stringify({ search: 'draft' }))}`,
      host,
    );
    expect((searched.json() as Canvas).cards.map((c) => c.title)).toEqual(['Owner draft']);

    // Someone outside the organisation gets nothing, cached or not.
    const stranger = await ownerWithOrganization(built, { license: 'enterprise' });
    const refused = await stranger.owner.agent.get(url, {
      host: `${stranger.org.slug}.assay.test`,
    });
    expect([403, 404]).toContain(refused.statusCode);
  });

  it('compresses a large board for a client that accepts it', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const projectId = await createProjectIn(owner.agent, org.slug);
    for (let i = 0; i < 60; i += 1)
      await publishedHypothesis(
        owner.agent,
        org.slug,
        projectId,
        `Hypothesis ${i}: nurses on night shifts will pay for coffee delivered to the ward`,
      );
    const host = { host: `${org.slug}.assay.test` };
    const url = `/api/canvas/${projectId}`;
    const plain = await owner.agent.get(url, host);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(16 * 1024);

    const gzip = await owner.agent.get(url, { ...host, 'accept-encoding': 'gzip, deflate' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);

    const br = await owner.agent.get(url, { ...host, 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
  });
});
