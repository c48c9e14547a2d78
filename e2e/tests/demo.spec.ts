import { expect, test } from '@playwright/test';

test('a newcomer explores a demo in one click: canvas, evidence, experiments and a cohort', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome to Assay' })).toBeVisible();
  await page.getByRole('button', { name: 'Explore a demo' }).click();

  // The demo organisation, signed in as its demo person, straight on the project's canvas.
  await expect(page.getByTestId('organization-name')).toHaveText('Demo Ventures', {
    timeout: 30_000,
  });
  await expect(page).toHaveURL(
    /\/\/demo[a-f0-9]*\.localhost:\d+\/workspace\/[0-9a-f-]{36}\/canvas\/business$/,
  );
  await expect(page.getByTestId('workspace-title')).toHaveText('Campus Bike Repair');
  await expect(page.getByTestId('canvas-count')).toHaveText('13 hypotheses');
  await expect(page.getByTestId('section-customerSegments')).toContainText(
    'Students who commute by bike',
  );
  await page.screenshot({ path: 'test-results/demo-canvas.png' });

  // Experiments in every phase.
  await page.getByRole('link', { name: 'Experiments' }).click();
  for (const phase of ['plan', 'test', 'analyze', 'complete']) {
    await expect(page.getByTestId(`phase-${phase}`).getByTestId('phase-count')).toHaveText('1');
  }
  await page.screenshot({ path: 'test-results/demo-experiments.png' });

  // A cohort whose leaderboard ranks its teams.
  await page
    .getByTestId('nav-cohorts')
    .getByRole('link', { name: 'Spring I-Corps (demo)' })
    .click();
  await page.getByRole('link', { name: 'Leaderboard' }).click();
  const solar = page.getByTestId('leaderboard-team').filter({ hasText: 'Team Solar Chargers' });
  await expect(solar.getByLabel(/^Team Solar Chargers Interviews: 7 of \d+$/)).toBeVisible();
  const compost = page.getByTestId('leaderboard-team').filter({ hasText: 'Team Campus Compost' });
  await expect(compost.getByLabel(/^Team Campus Compost Interviews: 2 of \d+$/)).toBeVisible();
  await page.screenshot({ path: 'test-results/demo-leaderboard.png', fullPage: true });

  // Asking again (another visitor) enters the same demo, made once.
  await page.context().clearCookies();
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Explore a demo' }).click();
  await expect(page.getByTestId('organization-name')).toHaveText('Demo Ventures');
});
