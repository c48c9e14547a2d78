import { expect, test, type Page } from '@playwright/test';
import { openProject, seriousViolations, unstyledMantineParts } from './helpers.ts';

/** Waits for the page to settle: no loader left, the main region shown. */
async function settle(page: Page) {
  await expect(page.locator('main, [role="main"]').first()).toBeVisible();
  await expect(page.getByLabel(/^Loading/)).toHaveCount(0);
}

// In the light scheme and in the dark one (issue #32): the app follows the system's preference.
for (const colorScheme of ['light', 'dark'] as const) {
  test(`the main pages have no serious or critical accessibility violations (axe, ${colorScheme})`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.emulateMedia({ colorScheme });
    const found: Record<string, string[]> = {};
    const unstyled: Record<string, string[]> = {};
    const check = async (name: string) => {
      await settle(page);
      found[name] = await seriousViolations(page);
      unstyled[name] = await unstyledMantineParts(page);
    };

    // Signed out.
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Welcome to Assay' })).toBeVisible();
    await check('welcome');
    await page.goto('/sign-up');
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await check('sign-up');
    await page.goto('/sign-in');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await check('sign-in');

    // Signed in, in the demo organisation (every page has data to show).
    await page.getByRole('button', { name: 'Explore a demo' }).click();
    await expect(page.getByTestId('organization-name')).toHaveText('Demo Ventures', {
      timeout: 30_000,
    });
    // The demo opens on its canvas; the organisation home first.
    await expect(page.getByTestId('canvas-count')).toHaveText('13 hypotheses');
    await page.getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page.getByTestId('project-card').first()).toBeVisible();
    await check('organization home');
    await openProject(page, 'Campus Bike Repair');
    await expect(page.getByTestId('canvas-count')).toHaveText('13 hypotheses');
    const projectPath = new URL(page.url()).pathname.split('/canvas/')[0] ?? '';
    const projectId = projectPath.split('/').at(-1) ?? '';
    await check('business canvas');

    await page
      .getByTestId('section-customerSegments')
      .getByText('Students who commute by bike')
      .click();
    await expect(page.getByRole('dialog').getByTestId('card-detail')).toBeVisible();
    await check('card detail');
    await page.keyboard.press('Escape');

    const pages: [string, string, RegExp | string][] = [
      ['product board', `${projectPath}/canvas/product`, /Product/],
      ['experiments', `${projectPath}/experiments`, 'Pick-up service trial'],
      ['evidence locker', '/research-hub/evidence-locker', 'Evidence locker'],
      ['project dashboard', `/project-dashboard/${projectId}`, 'Campus Bike Repair'],
      ['project settings', `${projectPath}/settings`, 'Campus Bike Repair'],
      ['organization settings', '/settings/general', 'Demo Ventures'],
      ['members', '/settings/members', 'Dana'],
      ['billing', '/settings/billing', /plan/i],
      ['inbox', '/inbox', /Inbox|notifications/i],
      ['profile', '/profile', 'Your profile'],
      ['cohorts', '/cohorts', 'Spring I-Corps (demo)'],
    ];
    for (const [name, path, text] of pages) {
      await page.goto(new URL(path, page.url()).toString());
      await expect(page.locator('main').getByText(text).first()).toBeVisible();
      await check(name);
    }
    await page.getByTestId('cohort-card').first().click();
    await expect(page.getByRole('tab', { name: 'Teams' })).toBeVisible();
    await check('cohort');
    await page.getByRole('link', { name: 'Leaderboard' }).click();
    await expect(page.getByTestId('leaderboard-teams')).toBeVisible();
    await check('leaderboard');

    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((k) => [k, []])));
    // Every part on every page came with its stylesheet, opened first or reached by a click.
    expect(unstyled).toEqual(Object.fromEntries(Object.keys(unstyled).map((k) => [k, []])));
  });
}

test('the local style guide shows the design system live, accessibly', async ({ page }) => {
  await page.goto('/style-guide');
  await expect(page.getByRole('heading', { name: 'Style guide' })).toBeVisible();
  for (const section of [
    'Colours',
    'Type',
    'Buttons',
    'Badges',
    'Form fields',
    'Alerts and feedback',
  ]) {
    await expect(page.getByRole('region', { name: section })).toBeVisible();
  }
  expect(await seriousViolations(page)).toEqual([]);
  expect(await unstyledMantineParts(page)).toEqual([]);
  await page.getByRole('button', { name: 'Confirm modal' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete Campus Bike Repair' })).toBeVisible();
  expect(await unstyledMantineParts(page)).toEqual([]);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Upload progress toast' }).click();
  await expect(page.getByText('interview-recording.webm')).toBeVisible();
  await page.getByRole('button', { name: 'Wait modal' }).click();
  await expect(page.getByText('Awesome stuff is happening')).toBeVisible();
  await page.screenshot({ path: 'test-results/style-guide.png', fullPage: true });
  await expect(page.getByText('Awesome stuff is happening')).toBeHidden({ timeout: 10_000 });
  // And in the dark scheme.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Style guide' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/style-guide-dark.png', fullPage: true });
});
