import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import {
  cardMutation,
  createCardAs,
  createProjectIn,
  publishedHypothesis,
} from '../../../test/cards.ts';
import { onOrg, ownerWithOrganization } from '../../../test/organization.ts';
import type { Agent } from '../../../test/agent.ts';

const built = await buildTestApp();

const ASK =
  'mutation($p: ID!, $q: String!) { askAssistant(projectId: $p, question: $q) { answer provider citations { cardId title path } } }';

interface Answer {
  answer: string;
  citations: { cardId: string; title: string }[];
}

async function ask(agent: Agent, slug: string, projectId: string, question: string) {
  const r = await onOrg(agent, slug, ASK, { p: projectId, q: question });
  if (!r.data?.askAssistant) throw new Error(JSON.stringify(r.errors));
  return r.data.askAssistant as Answer;
}

describe('the assistant on the project’s own standing', () => {
  it('names the riskiest hypothesis and what to test next from risk, evidence and ratings, citing cards', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'garage' });
    const projectId = await createProjectIn(owner.agent, org.slug, 'Coffee cart');
    const host = { host: `${org.slug}.assay.test` };
    const supported = await publishedHypothesis(
      owner.agent,
      org.slug,
      projectId,
      'Nurses buy coffee at 6am',
    );
    const risky = await publishedHypothesis(
      owner.agent,
      org.slug,
      projectId,
      'Hospitals let a cart park at the entrance',
      {
        risky: true,
      },
    );
    const marked = await cardMutation(owner.agent, org.slug, 'updateHypothesis', {
      cardId: risky.id,
      version: risky.version,
      risky: true,
    });
    expect(marked.error).toBeUndefined();
    const contested = await publishedHypothesis(
      owner.agent,
      org.slug,
      projectId,
      'Nurses pay $4 a cup',
    );
    const interview = async (title: string, notes: string) => {
      const card = (
        await createCardAs(owner.agent, org.slug, {
          projectId,
          type: 'post',
          isEvidence: true,
          title,
        })
      ).card!;
      const saved = await cardMutation(owner.agent, org.slug, 'updateText', {
        cardId: card.id,
        version: card.version,
        field: 'keyInsights',
        text: `<p>${notes}</p>`,
        rawText: notes,
      });
      expect(saved.error).toBeUndefined();
      const published = await onOrg(
        owner.agent,
        org.slug,
        'mutation($id: ID!, $v: Int!) { publishCard(cardId: $id, version: $v) { id draft } }',
        { id: card.id, v: saved.card!.version },
      );
      expect(published.errors).toBeUndefined();
      return card;
    };
    const talks = [
      await interview(
        'Talk with Ana',
        'Ana buys coffee every night shift. She says $4 is too much for a cup.',
      ),
      await interview(
        'Talk with Ben',
        'Ben brings coffee from home; the price matters more than the taste.',
      ),
      await interview('Talk with Caro', 'Caro would buy at 6am if it is close to the ward.'),
    ];
    const connect = (cardId: string, other: string, rating: number) =>
      owner.agent.post(
        `/api/canvas/cards/${cardId}/connections`,
        { connection: { cardId: other, rating } },
        host,
      );
    for (const talk of talks)
      expect((await connect(supported.id, talk.id, 2)).statusCode).toBe(200);
    expect((await connect(contested.id, talks[0]!.id, -2)).statusCode).toBe(200);
    expect((await connect(contested.id, talks[1]!.id, -1)).statusCode).toBe(200);

    const riskiest = await ask(owner.agent, org.slug, projectId, 'Which hypothesis is riskiest?');
    expect(riskiest.answer).toMatch(
      /^The riskiest hypothesis is “Hospitals let a cart park at the entrance”: marked risky, no evidence connected yet\./,
    );
    expect(riskiest.citations.map((c) => c.cardId)).toEqual([risky.id, contested.id, supported.id]);

    const next = await ask(owner.agent, org.slug, projectId, 'What should we test next?');
    expect(next.citations[0]!.cardId).toBe(risky.id);
    expect(next.answer).toMatch(/^Test “Hospitals let a cart park at the entrance” next/);
    expect(next.answer).toMatch(/“Nurses pay \$4 a cup”/);

    // A topic question about what people said answers from the evidence only.
    const price = await ask(
      owner.agent,
      org.slug,
      projectId,
      'What did interviews say about price?',
    );
    expect(price.citations.length).toBeGreaterThan(0);
    for (const c of price.citations) expect(c.title).toMatch(/^Talk with/);
    expect(price.answer).toMatch(/price|too much/);
  });
});
