import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import {
  cardMutation,
  createCardAs,
  createProjectIn,
  publishedEvidence,
  publishedHypothesis,
} from '../../../test/cards.ts';
import { addMember, onOrg, ownerWithOrganization } from '../../../test/organization.ts';

const built = await buildTestApp();

const MAP = `query($p: ID!) { assumptionsMap(projectId: $p) {
  sections { key name } people { id name }
  points { id title section members importance importanceSet evidence quadrant canEdit
    confidence { state } } } }`;

interface Point {
  id: string;
  title: string;
  section: string;
  members: string[];
  importance: number;
  importanceSet: boolean;
  evidence: number;
  quadrant: string;
  canEdit: boolean;
  confidence: { state: string };
}

describe('the assumptions map (#24)', () => {
  it('places hypotheses by importance × evidence in the four quadrants; dragging sets importance; the dashboard PDF draws it', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const host = { host: `${org.slug}.assay.test` };
    const projectId = await createProjectIn(owner.agent, org.slug, 'Map project');
    const who = await publishedHypothesis(owner.agent, org.slug, projectId, 'Clinics want it', {
      section: 'customerSegments',
    });
    const how = await publishedHypothesis(owner.agent, org.slug, projectId, 'We need a lab', {
      section: 'keyResources',
    });
    const partner = await publishedHypothesis(owner.agent, org.slug, projectId, 'Labs partner', {
      section: 'keyPartners',
    });
    const archived = await publishedHypothesis(owner.agent, org.slug, projectId, 'Old idea', {
      section: 'channels',
    });
    const mark = async (cardId: string, patch: Record<string, unknown>) => {
      const current = await onOrg(
        owner.agent,
        org.slug,
        'query($id: ID!) { card(cardId: $id) { version } }',
        { id: cardId },
      );
      return cardMutation(owner.agent, org.slug, 'updateHypothesis', {
        cardId,
        version: (current.data?.card as { version: number }).version,
        ...patch,
      });
    };
    expect((await mark(partner.id, { risky: true })).error).toBeUndefined();
    expect((await mark(archived.id, { businessStatus: 'archived' })).error).toBeUndefined();
    // Evidence of payment, confirming: the customer hypothesis is validated.
    const paid = await publishedEvidence(owner.agent, org.slug, projectId, 'post', 'Deposits');
    const kind = await onOrg(
      owner.agent,
      org.slug,
      'mutation($i: JSON!) { updatePost(input: $i) { id } }',
      { i: { cardId: paid.id, version: paid.version, evidenceKind: 'pay' } },
    );
    expect(kind.errors).toBeUndefined();
    expect(
      (
        await owner.agent.post(
          `/api/canvas/cards/${who.id}/connections`,
          { connection: { cardId: paid.id, rating: 2 } },
          host,
        )
      ).statusCode,
    ).toBe(200);

    const read = async (agent = owner.agent) => {
      const answer = await onOrg(agent, org.slug, MAP, { p: projectId });
      expect(answer.errors).toBeUndefined();
      return answer.data?.assumptionsMap as {
        sections: { key: string; name: string }[];
        points: Point[];
      };
    };
    const map = await read();
    const at = (id: string) => map.points.find((p) => p.id === id);
    expect(at(archived.id)).toBeUndefined();
    expect(at(who.id)).toMatchObject({
      quadrant: 'validated',
      importanceSet: false,
      confidence: { state: 'supported' },
    });
    expect(at(who.id)!.evidence).toBeGreaterThan(0.5);
    expect(at(how.id)).toMatchObject({ quadrant: 'deprioritised', evidence: 0 });
    expect(at(partner.id)).toMatchObject({ quadrant: 'testNow', importance: 0.8 });
    expect(map.sections.map((s) => s.key)).toContain('customerSegments');

    // Dragged up: the lab matters after all.
    expect((await mark(how.id, { importance: 0.9 })).error).toBeUndefined();
    const moved = (await read()).points.find((p) => p.id === how.id)!;
    expect(moved).toMatchObject({ importance: 0.9, importanceSet: true, quadrant: 'testNow' });
    expect((await mark(how.id, { importance: 1.5 })).error).toMatch(
      /Importance is a number from 0 to 1\./,
    );
    // Back to the default from its section and risk flag.
    expect((await mark(how.id, { importance: null })).error).toBeUndefined();
    expect((await read()).points.find((p) => p.id === how.id)).toMatchObject({
      importanceSet: false,
      importance: 0.35,
    });

    // A viewer reads the map but cannot move anything on it.
    const viewer = await addMember(built, owner.agent, org, 'collaborator');
    const role = await onOrg(
      owner.agent,
      org.slug,
      'mutation($p: ID!, $m: ID!) { setProjectMember(projectId: $p, profileId: $m, role: "viewer") { role } }',
      { p: projectId, m: viewer.profileId },
    );
    expect(role.errors).toBeUndefined();
    const seen = await read(viewer.agent);
    expect(seen.points.length).toBe(3);
    expect(seen.points.every((p) => !p.canEdit)).toBe(true);
    const current = await onOrg(
      viewer.agent,
      org.slug,
      'query($id: ID!) { card(cardId: $id) { version } }',
      { id: how.id },
    );
    const refused = await cardMutation(viewer.agent, org.slug, 'updateHypothesis', {
      cardId: how.id,
      version: (current.data?.card as { version: number }).version,
      importance: 1,
    });
    expect(refused.error).toMatch(/statusCode:403/);

    // The dashboard PDF draws the map with its legend.
    const pdf = await owner.agent.get(
      `/api/proj/projects/${projectId}/export/dashboard.pdf?market=0&lists=0`,
      host,
    );
    expect(pdf.statusCode).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), {
      mergePages: true,
    });
    expect(text).toContain('Assumptions map');
    expect(text).toMatch(/Clinics want it \(Validated; supported\)/);
    expect(text).toMatch(/Labs partner \(Test now; untested\)/);
    expect(text).not.toContain('Old idea');
    const without = await owner.agent.get(
      `/api/proj/projects/${projectId}/export/dashboard.pdf?map=0`,
      host,
    );
    const plain = await extractText(await getDocumentProxy(new Uint8Array(without.rawPayload)), {
      mergePages: true,
    });
    expect(plain.text).not.toContain('Assumptions map');
  });

  it('lists what to test next: what matters with little or disputed evidence and no experiment under way', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const host = { host: `${org.slug}.assay.test` };
    const projectId = await createProjectIn(owner.agent, org.slug, 'Next project');
    const make = (title: string, section: string) =>
      publishedHypothesis(owner.agent, org.slug, projectId, title, { section });
    const who = await make('Clinics want it', 'customerSegments');
    const partner = await make('Labs partner', 'keyPartners');
    const minor = await make('We need a lab', 'keyResources');
    const settled = await make('Clinics pay monthly', 'revenueStreams');
    const busy = await make('Clinics switch', 'valuePropositions');
    const version = async (cardId: string) =>
      (
        (
          await onOrg(owner.agent, org.slug, 'query($id: ID!) { card(cardId: $id) { version } }', {
            id: cardId,
          })
        ).data?.card as { version: number }
      ).version;
    const update = async (cardId: string, patch: Record<string, unknown>) =>
      expect(
        (
          await cardMutation(owner.agent, org.slug, 'updateHypothesis', {
            cardId,
            version: await version(cardId),
            ...patch,
          })
        ).error,
      ).toBeUndefined();
    await update(partner.id, { risky: true });
    await update(settled.id, { result: 'validated', resultReason: 'Ten paid' });
    const experiment = (
      await createCardAs(owner.agent, org.slug, { projectId, type: 'experiment', title: 'Switch' })
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
          `/api/canvas/cards/${busy.id}/connections`,
          { connection: { cardId: experiment.id } },
          host,
        )
      ).statusCode,
    ).toBe(200);
    // Two interviews that disagree about who the customer is.
    for (const rating of [2, -2]) {
      const said = await publishedEvidence(
        owner.agent,
        org.slug,
        projectId,
        'evidenceOther',
        `Observed ${rating}`,
      );
      await owner.agent.post(
        `/api/canvas/cards/${who.id}/connections`,
        { connection: { cardId: said.id, rating } },
        host,
      );
    }

    const answer = await onOrg(
      owner.agent,
      org.slug,
      'query($p: ID!) { testNext(projectId: $p) { id reason reasonText priority confidence { state } } }',
      { p: projectId },
    );
    expect(answer.errors).toBeUndefined();
    const list = answer.data?.testNext as { id: string; reason: string; reasonText: string }[];
    expect(list.map((i) => [i.id, i.reason])).toEqual([
      [partner.id, 'nothingKnown'],
      [who.id, 'contested'],
    ]);
    expect(list[1]!.reasonText).toBe('The evidence disagrees: some confirms it, some does not.');
    expect(list.map((i) => i.id)).not.toContain(minor.id);

    // "Plan an experiment" on the first: a blank experiment in Plan, connected, its statement the
    // hypothesis — and the hypothesis leaves the list while it is under way.
    const drafted = await onOrg(
      owner.agent,
      org.slug,
      'mutation($h: ID!) { draftExperiment(hypothesisId: $h) { cardId path } }',
      { h: partner.id },
    );
    expect(drafted.errors).toBeUndefined();
    const made = drafted.data?.draftExperiment as { cardId: string; path: string };
    expect(made.path).toBe(`/experiment/${made.cardId}/details`);
    const planned = await onOrg(
      owner.agent,
      org.slug,
      `query($id: ID!) { card(cardId: $id) { title draft experiment { phase { phase } }
        texts { field rawText } associations { hypothesis { cardId } } } }`,
      { id: made.cardId },
    );
    expect(planned.data?.card).toMatchObject({
      title: 'Test: Labs partner',
      draft: false,
      experiment: { phase: { phase: 'plan' } },
      texts: [{ field: 'statement', rawText: 'Labs partner' }],
      associations: { hypothesis: [{ cardId: partner.id }] },
    });
    const next = await onOrg(
      owner.agent,
      org.slug,
      'query($p: ID!) { testNext(projectId: $p) { id } }',
      {
        p: projectId,
      },
    );
    expect((next.data?.testNext as { id: string }[]).map((i) => i.id)).toEqual([who.id]);
    const draftHypothesis = (
      await createCardAs(owner.agent, org.slug, { projectId, title: 'Maybe' })
    ).card!;
    const refused = await onOrg(
      owner.agent,
      org.slug,
      'mutation($h: ID!) { draftExperiment(hypothesisId: $h) { cardId } }',
      { h: draftHypothesis.id },
    );
    expect(refused.errors?.[0]?.message).toMatch(/Pick a published hypothesis to test\./);

    // Once the experiment is complete, its hypothesis is open again (its criteria were not judged).
    for (const [field, value] of [
      ['statement', 'We believe clinics switch'],
      ['description', 'Offer a free month'],
    ] as const) {
      const written = await onOrg(
        owner.agent,
        org.slug,
        'mutation($i: JSON!) { updateText(input: $i) { version } }',
        {
          i: {
            cardId: experiment.id,
            version: await version(experiment.id),
            field,
            text: `<p>${value}</p>`,
            rawText: value,
          },
        },
      );
      expect(written.errors).toBeUndefined();
    }
    for (const phase of ['test', 'analyze', 'complete']) {
      const moved = await onOrg(
        owner.agent,
        org.slug,
        'mutation($i: JSON!) { updateExperiment(input: $i) { id } }',
        { i: { cardId: experiment.id, version: await version(experiment.id), phase } },
      );
      expect(moved.errors).toBeUndefined();
    }
    const after = await onOrg(
      owner.agent,
      org.slug,
      'query($p: ID!) { testNext(projectId: $p) { id } }',
      {
        p: projectId,
      },
    );
    expect((after.data?.testNext as { id: string }[]).map((i) => i.id)).toContain(busy.id);
  });
});
