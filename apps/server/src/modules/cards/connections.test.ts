import { describe, expect, it } from 'vitest';
import { ERRORS } from '@assay/domain';
import { buildTestApp } from '../../../test/app.ts';
import { createCardAs, createProjectIn, publishedHypothesis } from '../../../test/cards.ts';
import { addMember, onOrg, ownerWithOrganization } from '../../../test/organization.ts';
import { ratingSummary } from './connections.ts';

const built = await buildTestApp();
const CARD = `query($id: ID!) { card(cardId: $id) { version
  associations { hypothesis { connectionId cardId title rating } evidence { connectionId cardId title rating } }
  metrics { hypothesis evidence experiments } rating { sum count trendingScore } } }`;

type Linked = {
  version: number;
  associations: {
    hypothesis: { connectionId: string; cardId: string; rating: number | null }[];
    evidence: { connectionId: string; cardId: string; title: string; rating: number | null }[];
  };
  metrics: { hypothesis: number; evidence: number };
  rating: { sum: number; count: number; trendingScore: number };
};

describe('connections', () => {
  it('connects a hypothesis and evidence on both sides, rates, normalises ratings and disconnects', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const host = { host: `${org.slug}.assay.test` };
    const projectId = await createProjectIn(owner.agent, org.slug);
    const hypothesis = await publishedHypothesis(owner.agent, org.slug, projectId, 'Students pay');
    const interview = (
      await createCardAs(owner.agent, org.slug, { projectId, type: 'interview', title: 'Talk' })
    ).card!;

    const connected = await owner.agent.post(
      `/api/canvas/cards/${hypothesis.id}/connections`,
      { connection: { cardId: interview.id, rating: 2 } },
      host,
    );
    expect(connected.statusCode).toBe(200);
    const fromHypothesis = (await onOrg(owner.agent, org.slug, CARD, { id: hypothesis.id })).data
      ?.card as Linked;
    expect(fromHypothesis.associations.evidence).toMatchObject([
      { cardId: interview.id, title: 'Talk', rating: 2 },
    ]);
    expect(fromHypothesis.metrics).toMatchObject({ evidence: 1, hypothesis: 0 });
    expect(fromHypothesis.rating).toMatchObject({ sum: 2, count: 1 });
    const fromInterview = (await onOrg(owner.agent, org.slug, CARD, { id: interview.id })).data
      ?.card as Linked;
    expect(fromInterview.associations.hypothesis).toMatchObject([
      { cardId: hypothesis.id, rating: 2 },
    ]);

    const connectionId = fromHypothesis.associations.evidence[0]!.connectionId;
    const again = await owner.agent.post(
      `/api/canvas/cards/${interview.id}/connections`,
      { cardId: hypothesis.id },
      host,
    );
    expect(again.json()).toMatchObject({ ref: 32 });

    const lower = await owner.agent.put(
      `/api/canvas/cards/${hypothesis.id}/connections/${connectionId}/rating`,
      { rating: -5 },
      host,
    );
    expect((lower.json() as Linked).associations.evidence[0]?.rating).toBeNull();
    const meh = await owner.agent.put(
      `/api/canvas/cards/${hypothesis.id}/connections/${connectionId}/rating`,
      { rating: -1 },
      host,
    );
    expect((meh.json() as Linked).rating).toMatchObject({ sum: -1, count: 1 });

    const removed = await owner.agent.delete(
      `/api/canvas/cards/${interview.id}/connections/${connectionId}`,
      undefined,
      host,
    );
    expect((removed.json() as Linked).associations.hypothesis).toEqual([]);
    const after = (await onOrg(owner.agent, org.slug, CARD, { id: hypothesis.id })).data
      ?.card as Linked;
    expect(after.metrics.evidence).toBe(0);
  });

  it('refuses a card with itself, across projects, and for those who may not edit (ref 32 or 403/404)', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const host = { host: `${org.slug}.assay.test` };
    const one = await createProjectIn(owner.agent, org.slug, 'One');
    const two = await createProjectIn(owner.agent, org.slug, 'Two');
    const a = await publishedHypothesis(owner.agent, org.slug, one, 'A');
    const b = await publishedHypothesis(owner.agent, org.slug, two, 'B');
    const self = await owner.agent.post(
      `/api/canvas/cards/${a.id}/connections`,
      { cardId: a.id },
      host,
    );
    expect(self.json()).toMatchObject({ ref: 32, message: ERRORS.connectionRejected.message });
    const across = await owner.agent.post(
      `/api/canvas/cards/${a.id}/connections`,
      { cardId: b.id },
      host,
    );
    expect(across.json()).toMatchObject({ ref: 32 });
    const limited = await addMember(built, owner.agent, org, 'limitedContributor');
    const c = await publishedHypothesis(owner.agent, org.slug, one, 'C');
    const refused = await limited.agent.post(
      `/api/canvas/cards/${a.id}/connections`,
      { cardId: c.id },
      host,
    );
    expect(refused.statusCode).toBe(403);
  });

  it('weighs recent ratings more in the trending score', () => {
    const now = Date.UTC(2026, 10, 22);
    const week = 7 * 24 * 60 * 60 * 1000;
    expect(
      ratingSummary(
        [
          { rating: 2, updatedAt: new Date(now) },
          { rating: 2, updatedAt: new Date(now - week) },
          { rating: null, updatedAt: new Date(now) },
        ],
        now,
      ),
    ).toEqual({
      sum: 4,
      count: 2,
      trendingScore: 3,
    });
  });
});
