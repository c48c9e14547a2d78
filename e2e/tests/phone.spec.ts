/**
 * The app on a phone (issue #32): at 390 × 844 with touch, the side navigation hides behind a menu
 * button and closes after navigating, the header fits, no page scrolls sideways, every control is
 * a 44 px target; a card opens full-screen and moves without dragging, canvas sections fold, an
 * interview is recorded in the browser, an experiment moves to Run from its card; dark mode is
 * chosen in the account menu and remembered. (The mention reply is in collaboration.spec.ts, the
 * portal visitor in portal.spec.ts, both on a phone.)
 */
import { expect, test, type Page } from '@playwright/test';
import { signUpWithOrganization, uniqueSuffix } from './helpers.ts';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** Visible buttons, tabs and menu links smaller than 44 × 44 px (text links in sentences aside). */
const smallTargets = (page: Page) =>
  page.evaluate(() =>
    Array.from(
      document.querySelectorAll<HTMLElement>(
        'button, [role="button"], [role="tab"], [role="menuitem"], a.mantine-NavLink-root',
      ),
    )
      .filter((el) => el.getClientRects().length > 0 && !el.closest('[aria-hidden="true"]'))
      .filter((el) => !el.matches('[data-card-id]'))
      .map((el) => ({ el, rect: el.getBoundingClientRect() }))
      .filter(({ rect }) => rect.width > 0 && (rect.width < 44 || rect.height < 44))
      .map(
        ({ el, rect }) =>
          `${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30)} ${Math.round(rect.width)}×${Math.round(rect.height)}`,
      ),
  );

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
  // The organisation's home with its projects list drawn, not its loader.
  await expect(page.getByRole('button', { name: 'New project' })).toBeVisible();
  await expect(page.getByLabel(/^Loading/)).toHaveCount(0);
  expect(await scrollsSideways(page)).toBe(false);
  expect(await smallTargets(page)).toEqual([]);
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
  // Each section folds away to its header.
  const channels = page.getByTestId('section-channels');
  await channels.getByRole('button', { name: 'Fold the cards of Channels' }).tap();
  await expect(channels.getByTestId('board-card')).toBeHidden();
  await channels.getByRole('button', { name: 'Show the cards of Channels' }).tap();
  await expect(channels.getByTestId('board-card')).toBeVisible();
  // Every control is a 44 px touch target.
  expect(await smallTargets(page)).toEqual([]);

  // An interview logged by touch, recorded in the browser (the fake microphone).
  await page.getByRole('button', { name: 'Add evidence' }).tap();
  await page.getByRole('menuitem', { name: 'Interview' }).tap();
  await dialog.getByLabel('Title').fill('Talk at the night market');
  await dialog.getByRole('button', { name: 'Record audio' }).tap();
  await expect(dialog.getByText(/Recording 0:00:0[1-9]/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Stop recording' }).tap();
  await expect(dialog.getByText(/interview-recording-.*\.webm/).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/phone-interview.png' });
  await dialog.getByRole('button', { name: 'Close card' }).tap();

  // The experiments board shows one phase at a time, picked like tabs; an experiment moves to
  // Run from its card, without dragging.
  await page.getByRole('link', { name: 'Experiments' }).tap();
  await expect(page.getByRole('radiogroup', { name: 'Phase' })).toBeVisible();
  await page.getByRole('button', { name: 'New experiment' }).tap();
  await page.getByRole('menuitem', { name: 'Blank experiment' }).tap();
  await dialog.getByLabel('Title').fill('Late-night tasting stall');
  await expect(dialog.getByTestId('saved-check').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Publish' }).tap();
  await expect(dialog.getByText('Draft', { exact: true })).toBeHidden();
  await dialog
    .getByTestId('editor-statement')
    .locator('[contenteditable]')
    .fill('We believe night owls will buy a snack after 11pm');
  await dialog
    .getByTestId('editor-description')
    .locator('[contenteditable]')
    .fill('A tasting stall from 11pm on two Fridays');
  await expect(dialog.getByTestId('saved-check').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Move to Run' }).tap();
  await expect(
    dialog.getByTestId('experiment-phase-bar').locator('[aria-current="step"]'),
  ).toHaveText('Run');
  await dialog.getByRole('button', { name: 'Close card' }).tap();
  await page.getByText('Run (1)', { exact: true }).tap();
  await expect(page.getByTestId('phase-test')).toContainText('Late-night tasting stall');
  await expect(page.getByTestId('phase-plan')).toBeHidden();
  expect(await scrollsSideways(page)).toBe(false);
  await page.screenshot({ path: 'test-results/phone-experiments.png' });

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
