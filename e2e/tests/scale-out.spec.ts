import pg from 'pg';
import { expect, test } from '@playwright/test';
import { metricValues, startCluster, type Cluster } from '../scale-out/cluster.ts';
import { openProject, PASSWORD, signUpWithOrganization, uniqueSuffix } from './helpers.ts';

// Three app instances through Debian's PgBouncer (transaction mode) on one PostgreSQL, behind
// Debian's nginx (round-robin, websockets proxied); one of them dies in the middle (#54).
let cluster: Cluster;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  cluster = await startCluster();
});
test.afterAll(async () => {
  await cluster?.stop();
});

test('a team works across three instances behind nginx and PgBouncer: sessions, edits, realtime and jobs, and goes on when one instance dies', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const suffix = uniqueSuffix();
  const email = `scale.${suffix}@example.com`;
  const upstreams = new Set<string>();
  const first = await browser.newContext({ baseURL: cluster.url });
  const page = await first.newPage();
  page.on('response', (response) => {
    const upstream = response.headers()['x-upstream'];
    if (upstream && response.url().includes('/api/')) upstreams.add(upstream);
  });
  // Signed up and signed in through whichever instance nginx picks; every later request of the
  // session may land on the other one.
  await signUpWithOrganization(page, {
    email,
    orgName: `Scale ${suffix}`,
    inviteCode: 'E2ESCALE',
  });
  await page.getByRole('button', { name: 'New project' }).click();
  await page.getByLabel(/^Name/).fill('Two instances');
  await page.getByRole('button', { name: 'Create' }).click();
  await openProject(page, 'Two instances');
  await expect(page.getByTestId('canvas-count')).toHaveText('0 hypotheses');
  const canvasUrl = page.url();
  expect([...upstreams].length).toBe(cluster.instances.length);

  // A second device of the same person.
  const second = await browser.newContext({ baseURL: cluster.url });
  const other = await second.newPage();
  await other.goto(new URL('/sign-in', canvasUrl).toString());
  await other.getByLabel('Email').fill(email);
  await other.getByLabel(/^Password\s*\*?$/).fill(PASSWORD);
  await other.getByRole('button', { name: 'Sign in' }).click();
  await expect(other.getByTestId('user-menu')).toBeVisible();
  await other.goto(canvasUrl);
  await expect(other.getByTestId('canvas-count')).toHaveText('0 hypotheses');

  // Both browsers hold realtime sockets through nginx (round-robin decides which instance takes
  // each, so they may all land on one: the instances' counts add up, whichever holds them).
  await expect
    .poll(async () => {
      const counts = await Promise.all(
        cluster.instances.map(
          async (i) => (await metricValues(i, 'assay_websocket_connections'))[0] ?? 0,
        ),
      );
      return counts.reduce((a, b) => a + b, 0);
    })
    .toBeGreaterThanOrEqual(2);

  // Edits on one device reach the other in realtime, whichever instance each talks to.
  const add = async (on: typeof page, section: string, title: string) => {
    await on.getByRole('button', { name: `Add a business hypothesis to ${section}` }).click();
    const dialog = on.getByRole('dialog');
    await dialog.getByLabel('Title').fill(title);
    await expect(dialog.getByTestId('saved-check').first()).toBeVisible();
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await expect(dialog.getByText('Draft', { exact: true })).toBeHidden();
    await on.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  };
  await add(page, 'Channels', 'Shops refer repair customers');
  await expect(other.getByTestId('section-channels').getByTestId('board-card')).toContainText(
    'Shops refer repair customers',
  );
  await add(other, 'Customer Segments', 'Commuters with e-bikes');
  await expect(
    page.getByTestId('section-customerSegments').getByTestId('board-card'),
  ).toContainText('Commuters with e-bikes');

  // Background jobs (event processing) ran once each, whichever instance took them.
  const client = new pg.Client({ connectionString: cluster.databaseUrl });
  await client.connect();
  try {
    await expect
      .poll(async () => {
        const { rows } = await client.query<{ open: string }>(
          "select count(*) as open from pgboss.job where name = 'events.process' and state <> 'completed'",
        );
        return Number(rows[0]?.open);
      })
      .toBe(0);
    const { rows } = await client.query<{ jobs: string; events: string; unprocessed: string }>(
      `select (select count(*) from pgboss.job where name = 'events.process') as jobs,
              (select count(distinct data->>'eventId') from pgboss.job where name = 'events.process') as events,
              (select count(*) from events where processed_at is null) as unprocessed`,
    );
    const row = rows[0];
    expect(Number(row?.jobs)).toBeGreaterThan(0);
    expect(Number(row?.jobs)).toBe(Number(row?.events));
    expect(Number(row?.unprocessed)).toBe(0);
    const runs = await Promise.all(
      cluster.instances.map(async (i) =>
        (await metricValues(i, 'assay_jobs_total', 'queue="events.process"')).reduce(
          (a, b) => a + b,
          0,
        ),
      ),
    );
    // Every job run once across the two instances: the runs add up to the jobs.
    expect(runs.reduce((a, b) => a + b, 0)).toBe(Number(row?.jobs));
  } finally {
    await client.end();
  }
  // One instance dies outright. Its sockets drop and reconnect to the others through nginx;
  // requests go to the living ones; nothing the team did is lost.
  await cluster.instances[0]!.kill();
  await add(page, 'Key Partners', 'Bike shops lend us a workshop');
  await expect(other.getByTestId('section-keyPartners').getByTestId('board-card')).toContainText(
    'Bike shops lend us a workshop',
  );
  await add(other, 'Revenue Streams', 'Riders pay per repair');
  await expect(page.getByTestId('section-revenueStreams').getByTestId('board-card')).toContainText(
    'Riders pay per repair',
  );
  await page.reload();
  await expect(page.getByTestId('canvas-count')).toHaveText('4 hypotheses');
  const after = new pg.Client({ connectionString: cluster.databaseUrl });
  await after.connect();
  try {
    // The jobs of the events made after the death ran on the living instances.
    await expect
      .poll(async () => {
        const { rows } = await after.query<{ unprocessed: string }>(
          'select count(*) as unprocessed from events where processed_at is null',
        );
        return Number(rows[0]?.unprocessed);
      })
      .toBe(0);
  } finally {
    await after.end();
  }
  await page.screenshot({ path: 'test-results/scale-out-first.png' });
  await first.close();
  await second.close();
});
