import { expect, test, type Page } from '@playwright/test';
import { dragTo, openProject, signUpWithOrganization, uniqueSuffix } from './helpers.ts';

async function addHypothesis(page: Page, section: string, title: string, publish: boolean) {
  await page.getByRole('button', { name: `Add a business hypothesis to ${section}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('card-detail')).toBeVisible();
  await dialog.getByLabel('Title').fill(title);
  await expect(dialog.getByTestId('saved-check').first()).toBeVisible();
  if (publish) {
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await expect(dialog.getByText('Draft', { exact: true })).toBeHidden();
  }
  await dialog.getByRole('button', { name: 'Close card' }).click();
  await expect(dialog).toBeHidden();
}

test('a founder fills the canvas, drags a card, publishes a draft, tags and scores an idea, and archives the project', async ({
  page,
}) => {
  const suffix = uniqueSuffix();
  await signUpWithOrganization(page, {
    email: `canvas.${suffix}@example.com`,
    orgName: `Canvas ${suffix}`,
    inviteCode: 'E2EENTERPRISE',
  });
  await page.getByRole('button', { name: 'New project' }).click();
  await page.getByLabel(/^Name/).fill('Campus coffee');
  await page.getByRole('button', { name: 'Create' }).click();
  await openProject(page, 'Campus coffee');
  await expect(page).toHaveURL(/\/workspace\/[0-9a-f-]{36}\/canvas\/business$/);
  await expect(page.getByTestId('workspace-title')).toHaveText('Campus coffee');

  await addHypothesis(page, 'Customer Segments', 'Students buy coffee between lectures', true);
  await addHypothesis(page, 'Value Propositions', 'Ready in under a minute', true);
  await addHypothesis(page, 'Channels', 'A cart outside the library', false);

  const segments = page.getByTestId('section-customerSegments');
  const channels = page.getByTestId('section-channels');
  await expect(segments.getByTestId('board-card')).toHaveCount(1);
  await expect(channels.getByTestId('board-card')).toContainText('A cart outside the library');
  await expect(channels.getByTestId('board-card')).toContainText('Draft');

  // Drag the channel card into customer segments, below the first card; the move is saved
  // before the page is read again.
  const moved = page.waitForResponse(
    (r) =>
      r.url().endsWith('/api/gateway/query') &&
      (r.request().postData() ?? '').includes('updateCardSection'),
  );
  await dragTo(page, channels.getByTestId('board-card').first(), segments, 'bottom');
  await expect(segments.getByTestId('board-card')).toHaveCount(2);
  await expect(channels.getByTestId('board-card')).toHaveCount(0);
  expect((await moved).ok()).toBe(true);
  // The header keeps its shape while the project loads, so nothing under it moves when the
  // project arrives (#28): the page notes where its actions first stood.
  await page.addInitScript(() => {
    const first = window as unknown as { actionsTop?: number };
    new MutationObserver(() => {
      const actions = document.querySelector('[data-testid="workspace-actions"]');
      if (first.actionsTop === undefined && actions)
        first.actionsTop = actions.getBoundingClientRect().top;
    }).observe(document, { subtree: true, childList: true });
  });
  await page.reload();
  await expect(segments.getByTestId('board-card')).toHaveCount(2);
  expect(await page.evaluate(() => (window as { actionsTop?: number }).actionsTop)).toBe(
    (await page.getByTestId('workspace-actions').boundingBox())!.y,
  );
  await expect(segments.getByTestId('board-card').nth(1)).toContainText(
    'A cart outside the library',
  );
  // Reading the unchanged board again (to the dashboard and back) is a 304 and no bytes (#28).
  const revalidated = page.waitForResponse(
    (r) => new URL(r.url()).pathname.startsWith('/api/canvas/') && r.status() === 304,
  );
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/project-dashboard\//);
  // The dashboard drawn, so the canvas has left the page: back before that, the router (its
  // navigations are transitions) can keep the canvas as it was, and nothing is read again.
  await expect(page.getByText(/^Project dashboard/)).toBeVisible();
  await page.goBack();
  await revalidated;
  await expect(segments.getByTestId('board-card')).toHaveCount(2);

  // Publish the draft and tag it.
  await segments.getByTestId('board-card').nth(1).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(dialog.getByText('Draft', { exact: true })).toBeHidden();
  await dialog.getByRole('combobox', { name: 'Tags' }).fill('location');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('location')).toBeVisible();
  // One click marks it risky (#26 bug 3: it took two).
  const risky = dialog.getByRole('switch', { name: 'Risky (add to the risky list)' });
  await risky.click();
  await expect(risky).toBeChecked();
  await dialog.getByRole('button', { name: 'Close card' }).click();
  await expect(segments.getByTestId('board-card').nth(1)).toContainText('Risky');
  await expect(segments.getByTestId('board-card').nth(1)).toContainText('location');
  await expect(segments.getByTestId('board-card').nth(1)).not.toContainText('Draft');
  await page.screenshot({ path: 'test-results/canvas.png', fullPage: true });

  // A product idea on the timeline, scored with ICE.
  await page.getByText('Product ideas', { exact: true }).click();
  await expect(page).toHaveURL(/\/canvas\/product$/);
  await page.getByRole('button', { name: 'Add a product idea to Now' }).click();
  await dialog.getByLabel('Title').fill('Loyalty stamps');
  await expect(dialog.getByTestId('saved-check').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await dialog.getByRole('tab', { name: 'Development' }).click();
  const ice = dialog.getByRole('group', { name: /^ICE/ });
  await ice.getByLabel('Impact', { exact: true }).fill('8');
  await ice.getByLabel('Confidence', { exact: true }).fill('5');
  await ice.getByLabel('Ease', { exact: true }).fill('4');
  await ice.getByLabel('Ease', { exact: true }).blur();
  await expect(dialog.getByTestId('score-ice')).toHaveText('Total 160');
  await page.screenshot({ path: 'test-results/card-development.png' });
  await dialog.getByRole('button', { name: 'Close card' }).click();
  await expect(page.getByTestId('section-now').getByTestId('board-card')).toContainText(
    'Loyalty stamps',
  );
  await expect(page.getByTestId('priority-item').first()).toContainText('160');
  // The list shows the scored ideas only, and keeps that choice for the session (a reload).
  const priority = page.getByRole('region', { name: 'Priority list' });
  await priority.getByText('Not scored').click();
  await expect(priority).toContainText('Every idea is scored.');
  await page.reload();
  await expect(priority).toContainText('Every idea is scored.');
  await priority.getByText('Scored', { exact: true }).click();
  await expect(page.getByTestId('priority-item')).toHaveCount(1);
  await page.screenshot({ path: 'test-results/product-board.png', fullPage: true });

  // The activity panel lists the published cards, newest first.
  await page.getByRole('button', { name: 'Activity' }).click();
  const panel = page.getByRole('dialog', { name: 'Project activity' });
  await expect(panel.getByTestId('list-item')).toHaveCount(4);
  await expect(panel.getByTestId('list-item').first()).toContainText('Loyalty stamps');
  await page.screenshot({ path: 'test-results/activity.png', animations: 'disabled' });
  await page.keyboard.press('Escape');

  // Archive the project from home.
  await page.goto(new URL('/', page.url()).toString());
  await page.getByRole('button', { name: 'Actions for Campus coffee' }).click();
  await page.getByRole('menuitem', { name: 'Move to Archived' }).click();
  await expect(page.getByTestId('status-tab-archive')).toHaveText('Archived (1)');
});

test('a card that cannot be found shows the 404 dialog and goes home', async ({ page }) => {
  const suffix = uniqueSuffix();
  await signUpWithOrganization(page, {
    email: `missing.${suffix}@example.com`,
    orgName: `Missing ${suffix}`,
  });
  await page.goto(
    new URL('/hypothesis/00000000-0000-4000-8000-000000000000/details', page.url()).toString(),
  );
  const dialog = page.getByRole('dialog', { name: '404' });
  await expect(dialog).toContainText('Whoops! We cannot find the card you are looking for');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeHidden();
  await dialog.getByRole('button', { name: 'Okay' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a project gets a custom dropdown field, a card fills it in, and canvas filters survive a reload', async ({
  page,
}) => {
  const suffix = uniqueSuffix();
  await signUpWithOrganization(page, {
    email: `fields.${suffix}@example.com`,
    orgName: `Fields ${suffix}`,
    inviteCode: 'E2EBUSINESS',
  });
  await page.getByRole('button', { name: 'New project' }).click();
  await page.getByLabel(/^Name/).fill('Bike share');
  await page.getByRole('button', { name: 'Create' }).click();
  await page.getByRole('button', { name: 'Actions for Bike share' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();

  await page.getByLabel('New field').fill('Segment');
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Dropdown' }).click();
  const options = page.getByRole('combobox', { name: 'Options' }).last();
  await options.fill('Commuters');
  await page.keyboard.press('Enter');
  await options.fill('Tourists');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Add field' }).click();
  await expect(page.getByTestId('custom-field')).toHaveCount(1);

  await page.goto(new URL(page.url().replace(/\/settings$/, '/canvas/business')).toString());
  for (const title of ['Commuters ride daily', 'Tourists rent for a day']) {
    await page
      .getByRole('button', { name: 'Add a business hypothesis to Customer Segments' })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Title').fill(title);
    await expect(dialog.getByTestId('saved-check').first()).toBeVisible();
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await expect(dialog.getByText('Draft', { exact: true })).toBeHidden();
    if (title.startsWith('Commuters')) {
      await dialog.getByRole('combobox', { name: 'Segment' }).click();
      await page.getByRole('option', { name: 'Commuters' }).click();
      await expect(dialog.getByRole('combobox', { name: 'Segment' })).toHaveValue('Commuters');
    }
    await dialog.getByRole('button', { name: 'Close card' }).click();
  }
  await page.getByTestId('section-customerSegments').getByTestId('board-card').first().click();
  await expect(page.getByRole('dialog').getByRole('combobox', { name: 'Segment' })).toHaveValue(
    'Commuters',
  );
  await page.getByRole('dialog').getByRole('button', { name: 'Close card' }).click();

  await page.getByLabel('Search titles').fill('tourists');
  await expect(page.getByTestId('canvas-count')).toHaveText('1 hypothesis');
  await page.reload();
  await expect(page.getByLabel('Search titles')).toHaveValue('tourists');
  await expect(page.getByTestId('board-card')).toHaveCount(1);
  await expect(page.getByTestId('board-card')).toContainText('Tourists rent for a day');
});
