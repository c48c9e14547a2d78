import { expect, test } from '@playwright/test';
import { openProject, PASSWORD, signUpWithOrganization, uniqueSuffix } from './helpers.ts';

test('a card added on one device appears on the canvas open on another, without reloading', async ({
  page,
  browser,
}) => {
  const suffix = uniqueSuffix();
  const email = `live.${suffix}@example.com`;
  await signUpWithOrganization(page, { email, orgName: `Live ${suffix}` });
  await page.getByRole('button', { name: 'New project' }).click();
  await page.getByLabel(/^Name/).fill('Bike repair');
  await page.getByRole('button', { name: 'Create' }).click();
  await openProject(page, 'Bike repair');
  await expect(page.getByTestId('canvas-count')).toHaveText('0 hypotheses');
  const canvasUrl = page.url();

  // The same person on a second device (its own session).
  const other = await browser.newContext();
  const second = await other.newPage();
  await second.goto(new URL('/sign-in', canvasUrl).toString());
  await second.getByLabel('Email').fill(email);
  await second.getByLabel(/^Password\s*\*?$/).fill(PASSWORD);
  await second.getByRole('button', { name: 'Sign in' }).click();
  await expect(second.getByTestId('user-menu')).toBeVisible();
  await second.goto(canvasUrl);
  await expect(second.getByTestId('canvas-count')).toHaveText('0 hypotheses');

  await page.getByRole('button', { name: 'Add a business hypothesis to Channels' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Title').fill('Commuters want same-day fixes');
  await expect(dialog.getByTestId('saved-check').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(dialog.getByText('Draft', { exact: true })).toBeHidden();

  // The second device shows it within a second or so, with no reload.
  const channels = second.getByTestId('section-channels');
  await expect(channels.getByTestId('board-card')).toContainText('Commuters want same-day fixes', {
    timeout: 5000,
  });
  await second.screenshot({ path: 'test-results/realtime-second-device.png' });

  // News between a screen's read and its channel listening is not lost: the second device opens
  // the canvas again, but its channel reaches the server only after another card is published.
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await second.routeWebSocket(/\/sub\/p/, async (socket) => {
    await held;
    socket.connectToServer();
  });
  await second.reload();
  await expect(channels.getByTestId('board-card')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Add a business hypothesis to Channels' }).click();
  await dialog.getByLabel('Title').fill('Students bring bikes on Mondays');
  await expect(dialog.getByTestId('saved-check').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(dialog.getByText('Draft', { exact: true })).toBeHidden();
  const listening = second.waitForEvent('websocket', (socket) => socket.url().includes('/sub/p'));
  release();
  await listening;
  // The channel says its project's newest event came after the board was read: read again.
  await expect(channels.getByTestId('board-card')).toHaveCount(2);
  await expect(channels).toContainText('Students bring bikes on Mondays');
  await channels.screenshot({ path: 'test-results/realtime-missed-news.png' });
  await other.close();
});
