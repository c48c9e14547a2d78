/**
 * Without a mouse (issue #32): a hypothesis made, a piece of evidence written and connected to it
 * on the canvas, and the connection rated — by the keyboard alone (Tab, arrows, Enter, Escape and
 * the shortcuts). Only the sign-up before it uses the helpers.
 */
import { expect, test, type Page } from '@playwright/test';
import { openProject, signUpWithOrganization, uniqueSuffix } from './helpers.ts';

/** Presses a key until the element in focus has this accessible name (at most `limit` times). */
async function pressUntil(page: Page, key: string, name: string, limit = 60) {
  for (let i = 0; i < limit; i += 1) {
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el) return '';
      const labelled = el.getAttribute('aria-labelledby');
      const byId = labelled ? document.getElementById(labelled)?.textContent : null;
      return (el.getAttribute('aria-label') ?? byId ?? el.textContent ?? '').trim();
    });
    if (focused === name) return;
    await page.keyboard.press(key);
  }
  throw new Error(`never reached "${name}" with ${key}`);
}

test('keyboard only: a hypothesis, a piece of evidence connected to it on the canvas, and its rating', async ({
  page,
}) => {
  const suffix = uniqueSuffix();
  await signUpWithOrganization(page, {
    email: `keys.${suffix}@example.com`,
    orgName: `Keys ${suffix}`,
    inviteCode: 'E2EENTERPRISE',
  });
  await page.getByRole('button', { name: 'New project' }).click();
  await page.getByLabel(/^Name/).fill('Breakfast club');
  await page.getByRole('button', { name: 'Create' }).click();
  await openProject(page, 'Breakfast club');
  await expect(page.getByTestId('canvas-count')).toBeVisible();

  // "n": a new hypothesis; its title has the focus.
  await page.keyboard.press('n');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Title')).toBeFocused();
  await page.keyboard.type('Parents skip breakfast');
  await expect(dialog.getByTestId('saved-check').first()).toBeVisible();
  await pressUntil(page, 'Tab', 'Publish');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Draft', { exact: true })).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // "e": the Add evidence menu; arrows to Post, Enter.
  await page.keyboard.press('e');
  await expect(page.getByRole('menuitem', { name: 'Post' })).toBeVisible();
  // The menu takes the focus (its first item) before the arrows: one pressed earlier would
  // scroll the page, as it would for anyone.
  await expect(page.getByRole('menuitem').first()).toBeFocused();
  await pressUntil(page, 'ArrowDown', 'Post');
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Title')).toBeFocused();
  await page.keyboard.type('Forum: mornings are chaos');
  await pressUntil(page, 'Tab', 'Summary');
  await page.keyboard.type('Ten parents say they leave without eating.');
  await expect(dialog.getByTestId('saved-check').first()).toBeVisible();
  await pressUntil(page, 'Shift+Tab', 'Publish');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Draft', { exact: true })).toBeHidden();
  // The card's tabs take one Tab stop; arrows move between them.
  await pressUntil(page, 'Shift+Tab', 'Details');
  await pressUntil(page, 'ArrowRight', 'Connections');
  await pressUntil(page, 'Tab', 'Connect on the canvas');
  await page.keyboard.press('Enter');

  // Connect mode: Tab to the hypothesis, Enter links it, its rating is picked by the keyboard.
  const banner = page.getByTestId('connect-banner');
  await expect(banner).toContainText('(0 connected)');
  await pressUntil(page, 'Tab', 'Parents skip breakfast');
  await page.keyboard.press('Enter');
  await expect(banner).toContainText('(1 connected)');
  await pressUntil(page, 'Tab', 'Rating of Parents skip breakfast');
  await page.keyboard.type('Confirming');
  await page.keyboard.press('Escape');
  await expect(banner).toBeHidden();

  // Tab to the hypothesis, Enter opens it: its connection is rated.
  const card = page.getByTestId('board-card').filter({ hasText: 'Parents skip breakfast' });
  await expect(card.getByTestId('card-links')).toHaveText('1 evidence');
  await pressUntil(page, 'Tab', 'Parents skip breakfast');
  await page.keyboard.press('Enter');
  await pressUntil(page, 'Tab', 'Details');
  await pressUntil(page, 'ArrowRight', 'Connections');
  await expect(
    dialog.getByRole('combobox', { name: 'Rating of Forum: mornings are chaos' }),
  ).toHaveValue(/^Confirming/);
  await page.screenshot({ path: 'test-results/keyboard-only.png' });
});
