import { expect, test, type Page } from '@playwright/test';
import { openProject, seriousViolations, signUpWithOrganization, uniqueSuffix } from './helpers.ts';

/** A published business hypothesis made from the canvas; the card dialog is left open. */
async function publishHypothesis(page: Page, section: string, title: string) {
  const dialog = page.getByRole('dialog');
  await page.getByRole('button', { name: `Add a business hypothesis to ${section}` }).click();
  await dialog.getByLabel('Title').fill(title);
  await expect(dialog.getByTestId('saved-check').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(dialog.getByText('Draft', { exact: true })).toBeHidden();
  await dialog.getByRole('button', { name: 'Close card' }).click();
}

test('a team publishes two cards to two roadmap sections; a visitor without an account sees them, then not the unpublished one', async ({
  page,
  browser,
}) => {
  const suffix = uniqueSuffix();
  const link = `rockets-${suffix}`;
  await signUpWithOrganization(page, {
    email: `portal.${suffix}@example.com`,
    orgName: `Portal ${suffix}`,
    inviteCode: 'E2EBUSINESS',
  });
  await page.getByRole('button', { name: 'New project' }).click();
  await page.getByLabel(/^Name/).fill('Rockets');
  await page.getByRole('button', { name: 'Create' }).click();
  await openProject(page, 'Rockets');
  await expect(page.getByTestId('workspace-title')).toHaveText('Rockets');
  // The organisation's own host (page.goto with a bare path would leave it).
  const projectPath = page.url().replace(/\/canvas\/.*$/, '');

  await publishHypothesis(page, 'Customer Segments', 'Satellite operators pay per launch');
  await publishHypothesis(page, 'Value Propositions', 'Reusable boosters halve the price');

  // The portal is off for the project until the team turns it on.
  await page.goto(`${projectPath}/portal`);
  await expect(page.getByText('The public portal is turned off for this project.')).toBeVisible();
  await page.getByRole('link', { name: 'Turn it on in the project settings' }).click();
  const portalSwitch = page.getByRole('switch', { name: 'Public portal' });
  await portalSwitch.click();
  await expect(portalSwitch).toBeChecked();
  await page.goto(`${projectPath}/portal`);

  // Create the board with its own link.
  await page.getByLabel('Portal name').fill('Rocket roadmap');
  await page.getByRole('textbox', { name: 'Link' }).fill(link);
  await page.getByRole('button', { name: 'Create portal' }).click();
  await expect(page.getByTestId('board-column-consideration')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Roadmap', exact: true })).toBeVisible();

  // Add both hypotheses, publish them, and move one to Planned.
  const picker = page.getByRole('combobox', { name: 'Add a hypothesis to the portal' });
  for (const title of ['Satellite operators pay per launch', 'Reusable boosters halve the price']) {
    await picker.click();
    await page.getByRole('option', { name: title }).click();
    await expect(page.getByTestId('portal-board-card').filter({ hasText: title })).toBeVisible();
  }
  await expect(page.getByTestId('board-total-consideration')).toHaveText('2');
  for (const title of ['Satellite operators pay per launch', 'Reusable boosters halve the price']) {
    const card = page.getByTestId('portal-board-card').filter({ hasText: title });
    await card.getByRole('button', { name: 'Publish' }).click();
    await expect(card.getByText('Live', { exact: true })).toBeVisible();
  }
  const booster = page
    .getByTestId('portal-board-card')
    .filter({ hasText: 'Reusable boosters halve the price' });
  await booster.getByRole('button', { name: /^More for/ }).click();
  await page.getByRole('menuitem', { name: 'Planned' }).click();
  await expect(
    page.getByTestId('board-column-planned').getByText('Reusable boosters halve the price'),
  ).toBeVisible();
  await expect(page.getByTestId('board-total-consideration')).toHaveText('1');
  await expect(page.getByTestId('board-total-planned')).toHaveText('1');

  // The public title differs from the hypothesis's: edited in the card's Public portal tab.
  const satellite = page
    .getByTestId('portal-board-card')
    .filter({ hasText: 'Satellite operators pay per launch' });
  await satellite.getByRole('button', { name: /^More for/ }).click();
  await page.getByRole('menuitem', { name: 'Edit public card' }).click();
  const editor = page.getByTestId('public-card-editor');
  await expect(editor.getByText('Live on the portal')).toBeVisible();
  await editor.getByLabel(/Public title/).fill('Launch buyers pay per flight');
  await editor.getByRole('button', { name: 'Save draft' }).click();
  await expect(editor.getByText('Draft has unpublished changes')).toBeVisible();
  await editor.getByRole('button', { name: 'Publish changes' }).click();
  await expect(editor.getByText('Draft has unpublished changes')).toBeHidden();
  await page.getByRole('button', { name: 'Close card' }).click();
  await expect(
    page.getByTestId('portal-board-card').filter({ hasText: 'Launch buyers pay per flight' }),
  ).toBeVisible();
  await page.screenshot({ path: 'test-results/portal-manage.png', fullPage: true });

  // A visitor in a fresh browser, never signed in, on a phone (a shared link, #32).
  const visitorContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const visitor = await visitorContext.newPage();
  // Its first paint is the board itself, before the app's stylesheets are in (#28): with them
  // held, the board is on the page already, in the app's font size and line height.
  let releaseStyles = () => undefined as void;
  const stylesHeld = new Promise<void>((resolve) => (releaseStyles = resolve));
  await visitor.route('**/assets/*.css', async (route) => {
    await stylesHeld;
    await route.continue();
  });
  const response = await visitor.goto(`/portal/${link}`, { waitUntil: 'domcontentloaded' });
  expect(response?.status()).toBe(200);
  await expect(visitor.locator('#root > main h1')).toHaveText('Rocket roadmap');
  await expect(visitor.locator('#root > main')).toContainText('Launch buyers pay per flight');
  expect(
    await visitor.locator('#root > main').evaluate((m) => getComputedStyle(m).lineHeight),
  ).toBe('24.8px');
  await visitor.screenshot({ path: 'test-results/portal-first-paint.png' });
  releaseStyles();
  // The page arrives with its title and social-preview tags.
  await expect(visitor).toHaveTitle('Rocket roadmap');
  await expect(visitor.locator('meta[property="og:title"]')).toHaveAttribute(
    'content',
    'Rocket roadmap',
  );
  await expect(visitor.getByTestId('portal-name')).toHaveText('Rocket roadmap');
  await expect(
    visitor.getByTestId('portal-section-consideration').getByText('Launch buyers pay per flight'),
  ).toBeVisible();
  // Only the public copy: the hypothesis's own title stays inside the project.
  await expect(visitor.getByText('Satellite operators pay per launch')).toHaveCount(0);
  await expect(
    visitor.getByTestId('portal-section-planned').getByText('Reusable boosters halve the price'),
  ).toBeVisible();
  expect(await seriousViolations(visitor)).toEqual([]);
  // And in the dark scheme (#32): the header follows it (it stayed white, its title unreadable).
  await visitor.emulateMedia({ colorScheme: 'dark' });
  await expect(visitor.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  expect(await seriousViolations(visitor)).toEqual([]);
  await visitor.emulateMedia({ colorScheme: 'light' });
  expect(
    await visitor.evaluate(() => document.documentElement.scrollWidth > window.innerWidth),
  ).toBe(false);
  await visitor.screenshot({ path: 'test-results/portal-visitor.png', fullPage: true });

  // A card's own page.
  await visitor.getByRole('link', { name: 'Reusable boosters halve the price' }).tap();
  await expect(visitor.getByTestId('portal-card-title')).toHaveText(
    'Reusable boosters halve the price',
  );
  await expect(visitor).toHaveTitle('Reusable boosters halve the price · Rocket roadmap');
  expect(await seriousViolations(visitor)).toEqual([]);

  // The team unpublishes one; the visitor no longer sees it.
  await booster.getByRole('button', { name: /^More for/ }).click();
  await page.getByRole('menuitem', { name: 'Unpublish' }).click();
  await expect(booster.getByText('Draft', { exact: true })).toBeVisible();
  await visitor.goto(`/portal/${link}`);
  await expect(visitor.getByText('Launch buyers pay per flight')).toBeVisible();
  await expect(visitor.getByText('Reusable boosters halve the price')).toHaveCount(0);
  await expect(visitor.getByTestId('portal-section-planned')).toContainText('Nothing here yet.');
  await visitorContext.close();
});
