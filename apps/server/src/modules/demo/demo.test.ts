import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@assay/domain';
import { buildTestApp } from '../../../test/app.ts';
import { createAgent } from '../../../test/agent.ts';
import { onOrg } from '../../../test/organization.ts';
import { DEMO_COHORT, DEMO_PROJECT } from './content.ts';

const built = await buildTestApp();
const production = await buildTestApp({ env: { NODE_ENV: 'production' } });

describe('explore a demo', () => {
  it('makes a filled demo organisation and signs the visitor in; a second visit enters it again', async () => {
    const visitor = createAgent(built.app);
    expect((await visitor.get('/api/demo')).json()).toEqual({ offered: true });
    const entered = await visitor.post('/api/demo');
    expect(entered.statusCode).toBe(200);
    const { url, created } = entered.json() as { url: string; created: boolean };
    expect(created).toBe(true);
    expect(visitor.cookies.get(SESSION_COOKIE)).toBeTruthy();
    const slug = new URL(url).hostname.split('.')[0]!;
    // It opens on the demo project's canvas (README's quick start).
    expect(url).toMatch(
      new RegExp(`^http://${slug}\\.assay\\.test/workspace/[0-9a-f-]{36}/canvas/business$`),
    );

    const projects = await onOrg(visitor, slug, '{ projects { projects { id name } } }');
    const list = (projects.data?.projects as { projects: { id: string; name: string }[] }).projects;
    const main = list.find((p) => p.name === DEMO_PROJECT.name);
    expect(main).toBeDefined();

    const canvas = await onOrg(
      visitor,
      slug,
      'query($p: ID!) { canvas(projectId: $p) { cards { title } } }',
      { p: main!.id },
    );
    const titles = (canvas.data?.canvas as { cards: { title: string }[] }).cards.map(
      (c) => c.title,
    );
    expect(titles).toHaveLength(DEMO_PROJECT.hypotheses.length);

    const evidence = await onOrg(
      visitor,
      slug,
      'query($p: ID!) { evidence(projectId: $p) { cards { title } } }',
      { p: main!.id },
    );
    expect(JSON.stringify(evidence.data)).toContain('Interview: Priya');

    const workspace = await onOrg(
      visitor,
      slug,
      'query($p: ID!) { experimentWorkspace(projectId: $p) { columns { phase cards { id } } } }',
      { p: main!.id },
    );
    const columns = (
      workspace.data?.experimentWorkspace as { columns: { phase: string; cards: unknown[] }[] }
    ).columns;
    expect(columns.map((c) => [c.phase, c.cards.length])).toEqual([
      ['plan', 1],
      ['test', 1],
      ['analyze', 1],
      ['complete', 1],
    ]);

    const cohorts = await onOrg(visitor, slug, '{ cohorts { id name } }');
    const cohort = (cohorts.data?.cohorts as { id: string; name: string }[])[0]!;
    expect(cohort.name).toBe(DEMO_COHORT.name);
    const board = await onOrg(
      visitor,
      slug,
      'query($c: ID!) { cohortLeaderboard(cohortId: $c) { teams { name counts { interviews validated } } } }',
      { c: cohort.id },
    );
    expect(board.errors).toBeUndefined();
    const teams = (
      board.data?.cohortLeaderboard as {
        teams: { name: string; counts: { interviews: number; validated: number } }[];
      }
    ).teams;
    expect(teams.map((t) => [t.name, t.counts.interviews, t.counts.validated]).sort()).toEqual(
      DEMO_COHORT.teams.map((t) => [t.name, t.interviews, t.validated]).sort(),
    );

    // Another visitor enters the same demo; nothing is made twice.
    const again = await createAgent(built.app).post('/api/demo');
    expect(again.json()).toMatchObject({ created: false, url });
  }, 60_000);

  it('is not offered in production unless turned on', async () => {
    const visitor = createAgent(production.app);
    expect((await visitor.get('/api/demo')).json()).toEqual({ offered: false });
    expect((await visitor.post('/api/demo')).statusCode).toBe(404);
  });
});
