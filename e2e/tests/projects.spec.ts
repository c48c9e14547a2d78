import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signUpWithOrganization, uniqueSuffix } from './helpers.ts';

test('an owner creates projects, favourites one, archives one and deletes one; the limit dialog stops the fourth', async ({
  page,
}) => {
  const suffix = uniqueSuffix();
  await signUpWithOrganization(page, {
    email: `projects.${suffix}@example.com`,
    orgName: `Works ${suffix}`,
  });

  for (const name of ['Checkout', 'Onboarding', 'Pricing']) {
    await page.getByRole('button', { name: 'New project' }).click();
    await page.getByLabel(/^Name/).fill(name);
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByTestId('project-card').filter({ hasText: name })).toBeVisible();
  }
  await expect(page.getByTestId('status-tab-active')).toHaveText('Active (3)');
  await expect(page.getByTestId('nav-projects')).toContainText('Checkout');

  // Garage allows 3 projects a month.
  await page.getByRole('button', { name: 'New project' }).click();
  await page.getByLabel(/^Name/).fill('Fourth');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('dialog', { name: 'Project Limit Reached' })).toBeVisible();
  await page.screenshot({ path: 'test-results/project-limit.png' });
  // The owner is offered the plan that lifts the limit (#30); not now.
  await expect(
    page
      .getByRole('dialog', { name: 'Project Limit Reached' })
      .getByRole('button', { name: 'See plans' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Not now' }).click();

  await page.getByRole('button', { name: 'Add Pricing to favorites' }).click();
  await expect(page.getByTestId('nav-favorites')).toContainText('Pricing');

  await page.getByRole('button', { name: 'Actions for Onboarding' }).click();
  await page.getByRole('menuitem', { name: 'Move to Archived' }).click();
  await expect(page.getByTestId('status-tab-active')).toHaveText('Active (2)');
  await expect(page.getByTestId('status-tab-archive')).toHaveText('Archived (1)');
  await expect(page.getByTestId('nav-projects')).not.toContainText('Onboarding');

  await page.getByRole('button', { name: 'Actions for Checkout' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(page.getByText('Are you sure you want to delete this project?')).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByTestId('status-tab-active')).toHaveText('Active (1)');
  await expect(page.getByTestId('nav-projects')).not.toContainText('Checkout');
  await page.screenshot({ path: 'test-results/projects-home.png', fullPage: true });
});

test('an enterprise owner groups projects into a collection shown in the side navigation', async ({
  page,
}) => {
  const suffix = uniqueSuffix();
  await signUpWithOrganization(page, {
    email: `collections.${suffix}@example.com`,
    orgName: `Holding ${suffix}`,
    inviteCode: 'E2EENTERPRISE',
  });
  for (const name of ['Ledger', 'Wallet']) {
    await page.getByRole('button', { name: 'New project' }).click();
    await page.getByLabel(/^Name/).fill(name);
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByTestId('project-card').filter({ hasText: name })).toBeVisible();
  }
  await page.getByTestId('nav-collections').getByText('All collections').click();
  await page.getByLabel('New collection').fill('Fintech');
  // The name typed survives a reload until the collection is made.
  await page.reload();
  await expect(page.getByLabel('New collection')).toHaveValue('Fintech');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: 'Fintech' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Add a project' }).click();
  await page.getByRole('option', { name: 'Wallet' }).click();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByTestId('collection-projects')).toContainText('Wallet');
  await expect(page.getByTestId('collection-total')).toHaveText('1 project');
  await expect(page.getByTestId('nav-collections')).toContainText('Fintech');
  await page.screenshot({ path: 'test-results/collection.png' });

  // The portfolio of the collection, then of the whole organisation, sortable by column.
  await page.getByRole('link', { name: 'Portfolio view' }).click();
  await expect(page.getByRole('heading', { name: 'Fintech' })).toBeVisible();
  await expect(page.getByTestId('portfolio-row')).toHaveCount(1);
  await expect(page.getByTestId('portfolio-row')).toContainText('Idea');
  await page.goto(new URL('/collections', page.url()).toString());
  await page.getByRole('link', { name: 'Organization portfolio' }).click();
  await expect(page.getByTestId('portfolio-row')).toHaveCount(2);
  await expect(page.getByTestId('portfolio-row').first()).toContainText('Ledger');
  // The portfolio's sort header (not the header's search of projects).
  await page.getByRole('button', { name: /^Project\b/ }).click();
  await expect(page.getByTestId('portfolio-row').first()).toContainText('Wallet');
  await page.screenshot({ path: 'test-results/portfolio.png', animations: 'disabled' });

  // The search (Ctrl/Cmd-K) finds the collection by a word of its name, accents and case aside.
  await page.keyboard.press('ControlOrMeta+K');
  await page.getByRole('textbox', { name: 'Search' }).fill('FINT');
  const hit = page.getByTestId('search-hit').filter({ hasText: 'Fintech' });
  await expect(hit).toContainText('Collection');
  await hit.click();
  await expect(page).toHaveURL(/\/collections\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Fintech' })).toBeVisible();
});

test('a project owner renames a project, turns modules on and off, tags it and sees its members', async ({
  page,
}) => {
  const suffix = uniqueSuffix();
  await signUpWithOrganization(page, {
    email: `psettings.${suffix}@example.com`,
    orgName: `Forge ${suffix}`,
    inviteCode: 'E2EENTERPRISE',
  });
  await page.getByRole('button', { name: 'New project' }).click();
  await page.getByLabel(/^Name/).fill('Anvil');
  await page.getByRole('button', { name: 'Create' }).click();
  await page.getByRole('button', { name: 'Actions for Anvil' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Anvil settings' })).toBeVisible();
  await page.getByLabel('Name').fill('Anvil 2');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Anvil 2 settings' })).toBeVisible();
  // The switches save at once and show what the server kept.
  await page.getByLabel('Timeline board').click();
  await expect(page.getByLabel('Timeline board')).not.toBeChecked();
  await page.getByLabel('Private (members and admins only)').click();
  await expect(page.getByLabel('Private (members and admins only)')).toBeChecked();
  await page.getByRole('combobox', { name: 'Tags' }).fill('hardware');
  await page.getByRole('combobox', { name: 'Tags' }).press('Enter');
  await expect(page.getByTestId('project-members')).toContainText('Ada Lovelace');
  await page.reload();
  await expect(page.getByLabel('Timeline board')).not.toBeChecked();
  await expect(page.getByLabel('Private (members and admins only)')).toBeChecked();
  await expect(page.getByText('hardware')).toBeVisible();
  await page.screenshot({ path: 'test-results/project-settings.png', fullPage: true });

  // The whole project comes out as one zip (#29): the graph, the spreadsheets, the files.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download the project (.zip)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^Anvil 2 \d{4}-\d{2}-\d{2}\.zip$/);
  const zip = readFileSync((await download.path())!);
  expect(zip.subarray(0, 2).toString()).toBe('PK');
  for (const entry of ['project.json', 'cards.csv', 'connections.csv', 'experiments.csv'])
    expect(zip.includes(Buffer.from(entry))).toBe(true);
});
