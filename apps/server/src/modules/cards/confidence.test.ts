import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { createCardAs, createProjectIn, publishedHypothesis } from '../../../test/cards.ts';
import { onOrg, ownerWithOrganization } from '../../../test/organization.ts';

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

    const card = async (type: string, title: string) =>
      (await createCardAs(owner.agent, org.slug, { projectId, type, title })).card!;
    const contacts = new Map<string, string>();
    const interviewWith = async (title: string, person: string) => {
      const made = await card('interview', title);
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

    // Evidence cards have no confidence of their own.
    const evidence = await card('post', 'A post');
    const answer = await onOrg(owner.agent, org.slug, CONFIDENCE, { id: evidence.id });
    expect((answer.data?.card as { confidence: unknown }).confidence).toBeNull();
  });
});
