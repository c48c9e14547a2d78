import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import {
  createCardAs,
  createProjectIn,
  publishEvidence,
  publishedEvidence,
  publishedHypothesis,
} from '../../../test/cards.ts';
import { addMember, onOrg, ownerWithOrganization } from '../../../test/organization.ts';

const built = await buildTestApp();

const CONFIDENCE = `query($id: ID!) { card(cardId: $id) {
  confidence { score state confirming disconfirming evidence people } } }`;

interface Confidence {
  score: number;
  state: string;
  confirming: number;
  disconfirming: number;
  evidence: number;
  people: number;
}

describe('confidence per hypothesis (#24)', () => {
  it('follows connections and ratings: by kind, one interviewee once, contested apart from untested', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const host = { host: `${org.slug}.assay.test` };
    const projectId = await createProjectIn(owner.agent, org.slug);
    const hypothesis = await publishedHypothesis(owner.agent, org.slug, projectId, 'Nurses pay');
    const confidence = async () =>
      (await onOrg(owner.agent, org.slug, CONFIDENCE, { id: hypothesis.id })).data?.card as {
        confidence: Confidence;
      };
    expect((await confidence()).confidence).toMatchObject({ state: 'untested', score: 0 });

    const card = async (type: 'post' | 'evidenceOther', title: string) =>
      publishedEvidence(owner.agent, org.slug, projectId, type, title);
    const contacts = new Map<string, string>();
    const interviewWith = async (title: string, person: string) => {
      const made = (
        await createCardAs(owner.agent, org.slug, { projectId, type: 'interview', title })
      ).card!;
      // The same person picked again from the organisation's contacts.
      const known = contacts.get(person);
      const answer = await onOrg(
        owner.agent,
        org.slug,
        'mutation($i: JSON!) { updateInterview(input: $i) { id evidence { interviewees { id } } } }',
        {
          i: {
            cardId: made.id,
            version: made.version,
            addInterviewee: known ? { id: known } : { name: person },
          },
        },
      );
      expect(answer.errors).toBeUndefined();
      const saved = answer.data?.updateInterview as {
        evidence: { interviewees: { id: string }[] };
      };
      contacts.set(person, saved.evidence.interviewees[0]!.id);
      await publishEvidence(owner.agent, org.slug, made);
      return made;
    };
    const rate = (cardId: string, rating: number) =>
      owner.agent.post(
        `/api/canvas/cards/${hypothesis.id}/connections`,
        { connection: { cardId, rating } },
        host,
      );

    // Three talks with the same nurse count as one person's word.
    for (const title of ['Talk 1', 'Talk 2', 'Talk 3'])
      expect((await rate((await interviewWith(title, 'Ana Silva')).id, 2)).statusCode).toBe(200);
    const one = (await confidence()).confidence;
    expect(one).toMatchObject({
      evidence: 3,
      people: 1,
      confirming: 1,
      disconfirming: 0,
      state: 'weak',
    });

    // An observation (what people do) weighs more; then disconfirming words contest it.
    expect(
      (await rate((await card('evidenceOther', 'Watched the 6am queue')).id, 2)).statusCode,
    ).toBe(200);
    const observed = (await confidence()).confidence;
    expect(observed.confirming).toBe(3);
    expect(observed.state).toBe('supported');
    for (const person of ['Ben', 'Caro', 'Dani', 'Eli'])
      expect(
        (await rate((await interviewWith(`No with ${person}`, person)).id, -2)).statusCode,
      ).toBe(200);
    const contested = (await confidence()).confidence;
    expect(contested).toMatchObject({ state: 'contested', disconfirming: 4, people: 5 });
    expect(contested.score).toBeLessThan(observed.score);

    // A draft is its author's alone: connected and rated, it moves nothing until published.
    const draft = (
      await createCardAs(owner.agent, org.slug, { projectId, type: 'post', title: 'Unsure' })
    ).card!;
    expect((await rate(draft.id, -2)).statusCode).toBe(200);
    expect((await confidence()).confidence).toEqual(contested);

    // Evidence cards have no confidence of their own.
    const evidence = await card('post', 'A post');
    const answer = await onOrg(owner.agent, org.slug, CONFIDENCE, { id: evidence.id });
    expect((answer.data?.card as { confidence: unknown }).confidence).toBeNull();
  });

  it("weighs a piece by the kind the team gives it and by the organisation's weights; the canvas shows the same", async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const host = { host: `${org.slug}.assay.test` };
    const projectId = await createProjectIn(owner.agent, org.slug);
    const hypothesis = await publishedHypothesis(
      owner.agent,
      org.slug,
      projectId,
      'Cafés pre-order',
    );
    const read = async (id: string) =>
      (
        await onOrg(
          owner.agent,
          org.slug,
          `query($id: ID!) { card(cardId: $id) { version
            confidence { score state confirming disconfirming evidence people }
            strength { kind kindSet weight strength } } }`,
          { id },
        )
      ).data?.card as {
        version: number;
        confidence: Confidence | null;
        strength: { kind: string; kindSet: boolean; weight: number; strength: number } | null;
      };
    const onCanvas = async () => {
      const answer = await onOrg(
        owner.agent,
        org.slug,
        'query($p: ID!) { canvas(projectId: $p) { cards { id confidence { score state confirming } links { evidence experiments } } } }',
        { p: projectId },
      );
      const cards = (
        answer.data?.canvas as {
          cards: { id: string; confidence: Confidence; links: Record<string, number> }[];
        }
      ).cards;
      const card = cards.find((c) => c.id === hypothesis.id)!;
      // The canvas card shows what is connected, at a glance (#26).
      return { ...card.confidence, links: card.links };
    };

    const post = await publishedEvidence(owner.agent, org.slug, projectId, 'post', 'Deposit paid');
    expect((await read(post.id)).strength).toMatchObject({
      kind: 'say',
      kindSet: false,
      weight: 1,
    });
    expect((await read(hypothesis.id)).strength).toBeNull();
    const connected = await owner.agent.post(
      `/api/canvas/cards/${hypothesis.id}/connections`,
      { connection: { cardId: post.id, rating: 2 } },
      host,
    );
    expect(connected.statusCode).toBe(200);
    const connectionId = (connected.json() as { connection: { id: string } }).connection.id;
    expect(await onCanvas()).toMatchObject({
      confirming: 1,
      state: 'weak',
      links: { evidence: 1, experiments: 0 },
    });

    // The team says this post records a payment: it weighs what a payment weighs.
    const kind = await onOrg(
      owner.agent,
      org.slug,
      'mutation($i: JSON!) { updatePost(input: $i) { id strength { kind kindSet weight strength } } }',
      { i: { cardId: post.id, version: (await read(post.id)).version, evidenceKind: 'pay' } },
    );
    expect(kind.errors).toBeUndefined();
    expect(kind.data?.updatePost).toMatchObject({
      strength: { kind: 'pay', kindSet: true, weight: 4, strength: 4 },
    });
    expect((await read(hypothesis.id)).confidence).toMatchObject({
      confirming: 4,
      state: 'supported',
    });
    expect(await onCanvas()).toMatchObject({ confirming: 4, state: 'supported' });
    const wrong = await onOrg(
      owner.agent,
      org.slug,
      'mutation($i: JSON!) { updatePost(input: $i) { id } }',
      {
        i: { cardId: post.id, version: (await read(post.id)).version, evidenceKind: 'money' },
      },
    );
    expect(wrong.errors?.[0]?.message).toMatch(/statusCode:400/);

    // The organisation weighs payments less; an admin may change that, a collaborator may not.
    const collaborator = await addMember(built, owner.agent, org, 'collaborator');
    const weights = { weights: { say: 1, do: 2, pay: 2 }, halfLifeDays: 180 };
    const refused = await collaborator.agent.put(
      `/api/org/organizations/${org.id}`,
      { learning: weights },
      host,
    );
    expect(refused.statusCode).toBe(403);
    const bad = await owner.agent.put(
      `/api/org/organizations/${org.id}`,
      { learning: { weights: { say: 1, do: 2, pay: 40 }, halfLifeDays: 180 } },
      host,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'Each weight is a number from 0 to 10.' });
    const saved = await owner.agent.put(
      `/api/org/organizations/${org.id}`,
      { learning: weights },
      host,
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ learning: weights });
    expect((await read(hypothesis.id)).confidence).toMatchObject({ confirming: 2 });
    expect(await onCanvas()).toMatchObject({ confirming: 2 });

    // The evidence deleted: it says nothing any more; restored from the trash: it speaks again.
    const DELETE = 'mutation($id: ID!) { deleteCard(cardId: $id) }';
    expect((await onOrg(owner.agent, org.slug, DELETE, { id: post.id })).errors).toBeUndefined();
    expect(await onCanvas()).toMatchObject({ state: 'untested', links: { evidence: 0 } });
    expect((await read(hypothesis.id)).confidence).toMatchObject({ state: 'untested' });
    const restored = await onOrg(
      owner.agent,
      org.slug,
      'mutation($id: ID!) { restoreCard(cardId: $id) { id } }',
      { id: post.id },
    );
    expect(restored.errors).toBeUndefined();
    expect(await onCanvas()).toMatchObject({ confirming: 2 });

    // Re-rated, then disconnected: the canvas follows at once.
    const rerated = await owner.agent.put(
      `/api/canvas/cards/${hypothesis.id}/connections/${connectionId}/rating`,
      { rating: -2 },
      host,
    );
    expect(rerated.statusCode).toBe(200);
    expect(await onCanvas()).toMatchObject({ state: 'refuted' });
    const removed = await owner.agent.delete(
      `/api/canvas/cards/${hypothesis.id}/connections/${connectionId}`,
      undefined,
      host,
    );
    expect(removed.statusCode).toBe(200);
    expect(await onCanvas()).toMatchObject({ state: 'untested', score: 0 });
  });

  it('counts a completed experiment as what people did: its success criteria met or missed', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const host = { host: `${org.slug}.assay.test` };
    const projectId = await createProjectIn(owner.agent, org.slug);
    const hypothesis = await publishedHypothesis(
      owner.agent,
      org.slug,
      projectId,
      'Drivers switch apps',
    );
    const experiment = (
      await createCardAs(owner.agent, org.slug, {
        projectId,
        type: 'experiment',
        title: 'Switch test',
      })
    ).card!;
    const published = await onOrg(
      owner.agent,
      org.slug,
      'mutation($id: ID!, $v: Int!) { publishCard(cardId: $id, version: $v) { version } }',
      { id: experiment.id, v: experiment.version },
    );
    expect(published.errors).toBeUndefined();
    expect(
      (
        await owner.agent.post(
          `/api/canvas/cards/${hypothesis.id}/connections`,
          { connection: { cardId: experiment.id } },
          host,
        )
      ).statusCode,
    ).toBe(200);
    const update = async (input: Record<string, unknown>) => {
      const current = await onOrg(
        owner.agent,
        org.slug,
        'query($id: ID!) { card(cardId: $id) { version } }',
        {
          id: experiment.id,
        },
      );
      const answer = await onOrg(
        owner.agent,
        org.slug,
        'mutation($i: JSON!) { updateExperiment(input: $i) { id } }',
        {
          i: {
            cardId: experiment.id,
            version: (current.data?.card as { version: number }).version,
            ...input,
          },
        },
      );
      expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
    };
    const confidence = async () =>
      (
        (await onOrg(owner.agent, org.slug, CONFIDENCE, { id: hypothesis.id })).data?.card as {
          confidence: Confidence;
        }
      ).confidence;
    for (const [field, value] of [
      ['statement', 'We believe drivers switch apps for lower fees'],
      ['description', 'Offer ten drivers a week free'],
    ] as const) {
      const written = await onOrg(
        owner.agent,
        org.slug,
        'mutation($i: JSON!) { updateText(input: $i) { version } }',
        {
          i: {
            cardId: experiment.id,
            version: (
              (
                await onOrg(
                  owner.agent,
                  org.slug,
                  'query($id: ID!) { card(cardId: $id) { version } }',
                  {
                    id: experiment.id,
                  },
                )
              ).data?.card as { version: number }
            ).version,
            field,
            text: `<p>${value}</p>`,
            rawText: value,
          },
        },
      );
      expect(written.errors).toBeUndefined();
    }
    await update({
      successCriteria: [
        {
          id: 'c1',
          measurement: 'Drivers who switch',
          expectation: '3 of 10',
          achieved: false,
          evidence: [],
        },
      ],
    });
    // Not complete yet: it says nothing.
    expect(await confidence()).toMatchObject({ state: 'untested' });
    for (const phase of ['test', 'analyze', 'complete']) await update({ phase });
    expect(await confidence()).toMatchObject({ state: 'refuted', disconfirming: 2, evidence: 1 });
  });
});
