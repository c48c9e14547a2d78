/**
 * The app on a phone (issue #32, first part): at 390 × 844 with touch, the side navigation hides
 * behind a menu button and closes after navigating, the header fits, no page scrolls sideways;
 * dark mode is chosen in the account menu and remembered.
 */
import { expect, test, type Page } from '@playwright/test';
import { signUpWithOrganization, uniqueSuffix } from './helpers.ts';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

test('on a phone the navigation opens from the menu button, and dark mode is remembered', async ({
  page,
}) => {
  const suffix = uniqueSuffix();
  await signUpWithOrganization(page, {
    email: `phone.${suffix}@example.com`,
    orgName: `Phone ${suffix}`,
    inviteCode: 'E2EENTERPRISE',
  });
  const menu = page.getByRole('button', { name: 'Open navigation' });
  await expect(menu).toBeVisible();
  const evidenceLocker = page
    .getByRole('navigation')
    .getByRole('link', { name: 'Evidence locker' });
  await expect(evidenceLocker).toBeHidden();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  expect(await scrollsSideways(page)).toBe(false);
  await page.screenshot({ path: 'test-results/phone-home.png' });

  await menu.tap();
  await expect(evidenceLocker).toBeVisible();
  await page.screenshot({ path: 'test-results/phone-navigation.png', animations: 'disabled' });
  await evidenceLocker.tap();
  await expect(page).toHaveURL(/\/research-hub\/evidence-locker$/);
  await expect(evidenceLocker).toBeHidden();
  expect(await scrollsSideways(page)).toBe(false);

  // A project's canvas by touch: a card opens on the whole screen and moves without dragging.
  await page
    .getByRole('link', { name: 'Home' })
    .first()
    .tap()
    .catch(() => undefined);
  await page.goto(new URL('/', page.url()).toString());
  await page.getByRole('button', { name: 'New project' }).tap();
  await page.getByLabel(/^Name/).fill('Night market');
  await page.getByRole('button', { name: 'Create' }).tap();
  await page.getByRole('button', { name: 'Open navigation' }).tap();
  await page.getByRole('navigation').getByRole('link', { name: 'Night market' }).tap();
  await expect(page).toHaveURL(/\/canvas\/business$/);
  expect(await scrollsSideways(page)).toBe(false);
  await page.getByRole('button', { name: 'Add a business hypothesis to Customer Segments' }).tap();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Title').fill('Night owls buy late snacks');
  await expect(dialog.getByTestId('saved-check').first()).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(380);
  await dialog.getByRole('combobox', { name: 'Canvas section' }).tap();
  await page.getByRole('option', { name: 'Channels' }).tap();
  await expect(dialog.getByRole('combobox', { name: 'Canvas section' })).toHaveValue('Channels');
  await page.screenshot({ path: 'test-results/phone-card.png' });
  await dialog.getByRole('button', { name: 'Close card' }).tap();
  await expect(page.getByTestId('section-channels').getByTestId('board-card')).toContainText(
    'Night owls buy late snacks',
  );

  // The experiments board shows one phase at a time, picked like tabs.
  await page.getByRole('link', { name: 'Experiments' }).tap();
  await expect(page.getByRole('radiogroup', { name: 'Phase' })).toBeVisible();
  await page.getByText('Run (0)', { exact: true }).tap();
  await expect(page.getByTestId('phase-test')).toBeVisible();
  await expect(page.getByTestId('phase-plan')).toBeHidden();
  expect(await scrollsSideways(page)).toBe(false);

  // Dark mode from the account menu, kept after a reload.
  await page.getByTestId('user-menu').tap();
  await page.getByRole('menuitem', { name: 'Dark mode' }).tap();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.screenshot({ path: 'test-results/phone-dark.png' });
  await page.getByTestId('user-menu').tap();
  await page.getByRole('menuitem', { name: 'Light mode' }).tap();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
});
