import { extractText, getDocumentProxy } from 'unpdf';
import { PDFDocument } from 'pdf-lib';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { DASHBOARD_MESSAGES, ERRORS } from '@assay/domain';
import { buildTestApp } from '../../../test/app.ts';
import { cardMutation, createProjectIn, publishedHypothesis } from '../../../test/cards.ts';
import { addMember, onOrg, ownerWithOrganization } from '../../../test/organization.ts';

const built = await buildTestApp();

const DASHBOARD = `query($p: ID!) { dashboard(projectId: $p) {
  abilities { edit openWorkspace } tabOrder
  statements { description whoFor problemStatement }
  market { target served total notes links } investment { total toDate }
  counts { hypotheses validated invalidated risky experiments activeExperiments completeExperiments evidence phases { plan complete } }
  riskyHypotheses { id title } activeExperiments { id } completeExperiments { id } } }`;

interface Dashboard {
  abilities: { edit: boolean };
  tabOrder: string[];
  statements: Record<string, string>;
  market: { target: number | null; served: number | null; total: number | null; links: string[] };
  counts: Record<string, number> & { phases: Record<string, number> };
  riskyHypotheses: { id: string; title: string }[];
}

function messageOf(error: string | undefined) {
  return error?.match(/message:(.*?);ref:/)?.[1] ?? error;
}

describe('project dashboard', () => {
  it('counts hypotheses, results and risky ones; edits statements, market, investment and tab order', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const projectId = await createProjectIn(owner.agent, org.slug, 'Dashboard project');
    const read = async (agent = owner.agent) => {
      const answer = await onOrg(agent, org.slug, DASHBOARD, { p: projectId });
      return {
        data: answer.data?.dashboard as Dashboard | undefined,
        error: answer.errors?.[0]?.message,
      };
    };
    expect((await read()).data!.counts).toMatchObject({ hypotheses: 0, validated: 0 });

    const a = await publishedHypothesis(owner.agent, org.slug, projectId, 'Parents pay');
    const b = await publishedHypothesis(owner.agent, org.slug, projectId, 'Schools refer');
    await cardMutation(owner.agent, org.slug, 'updateHypothesis', {
      cardId: a.id,
      version: a.version,
      result: 'validated',
      risky: true,
    });
    await cardMutation(owner.agent, org.slug, 'updateHypothesis', {
      cardId: b.id,
      version: b.version,
      result: 'invalidated',
    });
    const counted = (await read()).data!;
    expect(counted.counts).toMatchObject({ hypotheses: 2, validated: 1, invalidated: 1, risky: 1 });
    expect(counted.riskyHypotheses).toMatchObject([{ id: a.id, title: 'Parents pay' }]);
    expect(counted.abilities.edit).toBe(true);

    const mutate = async (
      query: string,
      variables: Record<string, unknown>,
      agent = owner.agent,
    ) => {
      const answer = await onOrg(agent, org.slug, query, variables);
      return { data: answer.data, error: messageOf(answer.errors?.[0]?.message) };
    };
    const market = await mutate(
      'mutation($i: JSON!) { updateProjectMarket(input: $i) { market { target served total links } } }',
      {
        i: {
          projectId,
          total: 1_000_000,
          served: 200_000,
          target: 50_000,
          links: ['https://example.com/report'],
        },
      },
    );
    expect(market.error).toBeUndefined();
    const wrong = await mutate(
      'mutation($i: JSON!) { updateProjectMarket(input: $i) { market { total } } }',
      { i: { projectId, served: 2_000_000 } },
    );
    expect(wrong.error).toBe(DASHBOARD_MESSAGES.marketOrder);
    const investment = await mutate(
      'mutation($i: JSON!) { updateProjectInvestment(input: $i) { investment { total toDate } } }',
      { i: { projectId, total: 100, toDate: 150 } },
    );
    expect(investment.error).toBe(DASHBOARD_MESSAGES.investmentOrder);
    await mutate(
      'mutation($i: JSON!) { updateProjectInvestment(input: $i) { investment { total } } }',
      { i: { projectId, total: 100, toDate: 40 } },
    );
    await mutate(
      'mutation($i: JSON!) { updateProjectDashboard(input: $i) { statements { whoFor } } }',
      { i: { projectId, whoFor: 'Busy parents', description: 'Tutoring on demand' } },
    );
    const tabs = await mutate(
      'mutation($p: ID!, $t: [String!]!) { reorderDashboardTabs(projectId: $p, tabs: $t) { tabOrder } }',
      { p: projectId, t: ['risky', 'completed'] },
    );
    expect((tabs.data?.reorderDashboardTabs as { tabOrder: string[] }).tabOrder).toEqual([
      'risky',
      'completed',
      'hypotheses',
      'experiments',
    ]);
    const saved = (await read()).data!;
    // A refused change kept what was saved before.
    expect(saved.market).toMatchObject({ total: 1_000_000, served: 200_000, target: 50_000 });
    expect(saved.statements).toMatchObject({
      whoFor: 'Busy parents',
      description: 'Tutoring on demand',
    });

    // A collaborator reads the dashboard but cannot change it; another organisation cannot see it.
    const collaborator = await addMember(built, owner.agent, org, 'collaborator');
    const theirs = await read(collaborator.agent);
    expect(theirs.data!.abilities.edit).toBe(false);
    const refused = await mutate(
      'mutation($i: JSON!) { updateProjectDashboard(input: $i) { statements { whoFor } } }',
      { i: { projectId, whoFor: 'Anyone' } },
      collaborator.agent,
    );
    expect(refused.error).toBe(ERRORS.forbidden.message);
    const stranger = await ownerWithOrganization(built, { license: 'enterprise' });
    const hidden = await onOrg(stranger.owner.agent, stranger.org.slug, DASHBOARD, {
      p: projectId,
    });
    expect(hidden.data).toBeNull();
  });
});

describe('exports', () => {
  it('exports the canvas, the dashboard and a card with its connections as PDF, and cards as CSV', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'garage' });
    const host = { host: `${org.slug}.assay.test` };
    const projectId = await createProjectIn(owner.agent, org.slug, 'Export project');
    const a = await publishedHypothesis(owner.agent, org.slug, projectId, 'Commuters buy coffee', {
      section: 'customerSegments',
    });
    const b = await publishedHypothesis(owner.agent, org.slug, projectId, '=HYPERLINK("x")');
    await owner.agent.post(
      `/api/canvas/cards/${a.id}/connections`,
      { cardId: b.id, rating: 2 },
      host,
    );

    for (const path of [
      `/api/proj/projects/${projectId}/export/canvas.pdf`,
      `/api/proj/projects/${projectId}/export/dashboard.pdf?market=0`,
      `/api/graph/cards/${a.id}/export?withConnections=true`,
    ]) {
      const response = await owner.agent.get(path, host);
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename=".*\.pdf"/);
      const doc = await PDFDocument.load(response.rawPayload);
      expect(doc.getPageCount()).toBeGreaterThan(0);
      expect(doc.getTitle()).toMatch(/Export project|Commuters buy coffee/);
    }

    const text = await onOrg(
      owner.agent,
      org.slug,
      'mutation($input: JSON!) { updateText(input: $input) { id } }',
      {
        input: {
          cardId: a.id,
          version: a.version,
          field: 'description',
          text: '<p>Seen at <strong>two</strong> stations:</p><ol><li><p>North</p><ul><li><p>Platform 2</p></li></ul></li><li><p>South</p></li></ol>',
          rawText: 'Seen at two stations: North Platform 2 South',
          mentions: [],
        },
      },
    );
    expect(text.errors).toBeUndefined();
    const csv = await owner.agent.get(`/api/proj/projects/${projectId}/export/cards.csv`, host);
    expect(csv.statusCode).toBe(200);
    const parsed = Papa.parse<Record<string, string>>(csv.body, { header: true });
    expect(parsed.data.map((r) => r.title)).toEqual(['Commuters buy coffee', `'=HYPERLINK("x")`]);
    expect(parsed.data[0]).toMatchObject({
      type: 'business hypothesis',
      section: 'customerSegments',
      // The description leaves as Markdown, its lists as §9 writes them.
      description: 'Seen at **two** stations:\n\n1. North\n    - Platform 2\n2. South',
    });

    // Other organisations get nothing; the basic plan has no CSV export.
    const stranger = await ownerWithOrganization(built, { license: 'basic' });
    const strangerHost = { host: `${stranger.org.slug}.assay.test` };
    const foreign = await stranger.owner.agent.get(
      `/api/graph/cards/${a.id}/export?withConnections=true`,
      strangerHost,
    );
    expect(foreign.statusCode).toBe(404);
    const ownProject = await createProjectIn(stranger.owner.agent, stranger.org.slug, 'Mine');
    const basic = await stranger.owner.agent.get(
      `/api/proj/projects/${ownProject}/export/cards.csv`,
      strangerHost,
    );
    expect(basic.json()).toMatchObject({ ref: ERRORS.featureUnavailable.ref });
  });
});

describe('portfolio dashboard', () => {
  it('shows the organisation or a collection side by side, for those with portfolio access', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const host = { host: `${org.slug}.assay.test` };
    const one = await createProjectIn(owner.agent, org.slug, 'Alpha');
    await createProjectIn(owner.agent, org.slug, 'Beta');
    await publishedHypothesis(owner.agent, org.slug, one, 'Alpha idea');
    const query =
      'query($id: ID!) { portfolioDashboard(id: $id) { title projects { name stage hypotheses } } }';
    const whole = await onOrg(owner.agent, org.slug, query, { id: org.id });
    expect(whole.data?.portfolioDashboard).toMatchObject({
      projects: [
        { name: 'Alpha', stage: 'exploring', hypotheses: 1 },
        { name: 'Beta', stage: 'idea', hypotheses: 0 },
      ],
    });
    const collection = (
      await owner.agent.post('/api/anc/collections', { name: 'Bets' }, host)
    ).json() as { id: string };
    await owner.agent.post(`/api/anc/collections/${collection.id}/projects/${one}`, {}, host);
    const bets = await onOrg(owner.agent, org.slug, query, { id: collection.id });
    expect(bets.data?.portfolioDashboard).toMatchObject({
      title: 'Bets',
      projects: [{ name: 'Alpha' }],
    });

    const collaborator = await addMember(built, owner.agent, org, 'collaborator');
    const refused = await onOrg(collaborator.agent, org.slug, query, { id: org.id });
    expect(messageOf(refused.errors?.[0]?.message)).toBe(ERRORS.forbidden.message);
    await onOrg(
      owner.agent,
      org.slug,
      'mutation($p: ID!) { updatePortfolioAccess(profileId: $p, portfolioAccess: true) { id } }',
      { p: collaborator.profileId },
    );
    const allowed = await onOrg(collaborator.agent, org.slug, query, { id: org.id });
    expect((allowed.data?.portfolioDashboard as { projects: unknown[] }).projects).toHaveLength(2);

    const team = await ownerWithOrganization(built, { license: 'team' });
    const notPlan = await onOrg(team.owner.agent, team.org.slug, query, { id: team.org.id });
    expect(messageOf(notPlan.errors?.[0]?.message)).toBe(ERRORS.featureUnavailable.message);
    // The refusal names the feature, so the client shows the feature alert with its plan.
    expect(notPlan.errors?.[0]?.message).toContain('context:portfolioDashboard');
    const collections = await team.owner.agent.post(
      '/api/anc/collections',
      { name: 'Bets' },
      { host: `${team.org.slug}.assay.test` },
    );
    expect(collections.statusCode).toBe(403);
    expect(collections.json()).toMatchObject({
      ref: ERRORS.featureUnavailable.ref,
      context: 'collections',
    });
  });
});

describe('dashboard files', () => {
  it('adds a file to the market and takes it off again; others may not', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const host = { host: `${org.slug}.assay.test` };
    const projectId = await createProjectIn(owner.agent, org.slug, 'Files');
    const signed = (
      await owner.agent.get(
        `/api/media/sign?${new URLSearchParams({ filename: 'market sizing.pdf', collection: 'projects', locationId: projectId }).toString()}`,
        host,
      )
    ).json() as { url: string; key: string };
    const pdf = await PDFDocument.create();
    pdf.addPage();
    const uploaded = await built.app.inject({
      method: 'PUT',
      url: signed.url,
      payload: Buffer.from(await pdf.save()),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(uploaded.statusCode).toBeLessThan(300);
    const added = await owner.agent.post(
      `/api/proj/projects/${projectId}/media`,
      { key: signed.key, part: 'market' },
      host,
    );
    expect(added.statusCode).toBe(200);
    const file = added.json() as { id: string; filename: string };
    expect(file.filename).toBe('market_sizing.pdf');
    const read = async () =>
      (
        await onOrg(
          owner.agent,
          org.slug,
          'query($p: ID!) { dashboard(projectId: $p) { market { media files { id filename } } investment { media } } }',
          {
            p: projectId,
          },
        )
      ).data?.dashboard as {
        market: { media: string[]; files: { id: string }[] };
        investment: { media: string[] };
      };
    expect((await read()).market).toMatchObject({ media: [file.id], files: [{ id: file.id }] });

    const collaborator = await addMember(built, owner.agent, org, 'collaborator');
    const refused = await collaborator.agent.delete(
      `/api/proj/projects/${projectId}/media`,
      { mediaId: file.id },
      host,
    );
    expect(refused.statusCode).toBe(403);
    const removed = await owner.agent.delete(
      `/api/proj/projects/${projectId}/media`,
      { mediaId: file.id },
      host,
    );
    expect(removed.statusCode).toBe(200);
    expect((await read()).market.media).toEqual([]);
  });
});

describe('portfolio agent prompts', () => {
  it('lists the enabled portfolio prompt groups to those who see the portfolio', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const host = { host: `${org.slug}.assay.test` };
    const QUERY = '{ portfolioAgentPrompts { id title defaultKey prompts { id title prompt } } }';
    // Off until an owner turns the portfolio's prompts on.
    expect((await onOrg(owner.agent, org.slug, QUERY)).data?.portfolioAgentPrompts).toEqual([]);
    const group = (id: string, enabled: boolean) => ({
      id,
      title: `Group ${id}`,
      enabled,
      defaultKey: `${id}-1`,
      prompts: [{ id: `${id}-1`, title: 'Stage', prompt: 'Which projects are stuck?' }],
    });
    const saved = await owner.agent.put(
      `/api/org/organizations/${org.id}`,
      {
        promptSettings: {
          project: { enabled: true, groups: [group('p', true)] },
          portfolio: { enabled: true, groups: [group('a', true), group('b', false)] },
        },
      },
      host,
    );
    expect(saved.statusCode).toBe(200);
    expect((await onOrg(owner.agent, org.slug, QUERY)).data?.portfolioAgentPrompts).toEqual([
      {
        id: 'a',
        title: 'Group a',
        defaultKey: 'a-1',
        prompts: [{ id: 'a-1', title: 'Stage', prompt: 'Which projects are stuck?' }],
      },
    ]);
    const collaborator = await addMember(built, owner.agent, org, 'collaborator');
    const refused = await onOrg(collaborator.agent, org.slug, QUERY);
    expect(messageOf(refused.errors?.[0]?.message)).toBe(ERRORS.forbidden.message);
    const team = await ownerWithOrganization(built, { license: 'team' });
    const notPlan = await onOrg(team.owner.agent, team.org.slug, QUERY);
    expect(notPlan.errors?.[0]?.message).toContain('context:portfolioDashboard');
  });
});

describe('exports that read right (#29)', () => {
  it('print every language as written, end long titles with an ellipsis and keep the status tag', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'garage' });
    const host = { host: `${org.slug}.assay.test` };
    const projectId = await createProjectIn(owner.agent, org.slug, 'Hipóteses do café');
    const long = `A façade that stays perché ${'and keeps going '.repeat(16)}to the very end`;
    expect(long.length).toBeGreaterThan(280);
    const card = await publishedHypothesis(owner.agent, org.slug, projectId, long, {
      section: 'customerSegments',
    });
    await publishedHypothesis(owner.agent, org.slug, projectId, 'Отзывы клиентов — «важны»', {
      section: 'valuePropositions',
    });
    const textOf = async (path: string) => {
      const response = await owner.agent.get(path, host);
      expect(response.statusCode, path).toBe(200);
      const pdf = await getDocumentProxy(new Uint8Array(response.rawPayload));
      return (await extractText(pdf, { mergePages: true })).text;
    };
    const canvas = await textOf(`/api/proj/projects/${projectId}/export/canvas.pdf`);
    expect(canvas).toContain('Hipóteses do café');
    expect(canvas).toContain('façade');
    expect(canvas).toContain('perché');
    expect(canvas).toContain('Отзывы клиентов — «важны»');
    // Two lines and an ellipsis in the box, then the card's status on a line of its own.
    expect(canvas).toContain('…');
    expect(canvas).not.toContain('to the very end');
    expect(canvas).toMatch(/\[(Not started|In testing|[A-Z][a-z]+)/);
    expect(canvas).not.toContain('?');
    // The card on its own: the whole title, every word.
    const single = await textOf(`/api/graph/cards/${card.id}/export`);
    expect(single.replace(/\s+/g, ' ')).toContain(long);
  });
});
