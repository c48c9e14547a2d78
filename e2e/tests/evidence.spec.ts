import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { openProject, signUpWithOrganization, uniqueSuffix } from './helpers.ts';

test('a founder logs an interview: publishing asks for key insights and a person, then it joins the feed', async ({
  page,
}) => {
  const suffix = uniqueSuffix();
  await signUpWithOrganization(page, {
    email: `evidence.${suffix}@example.com`,
    orgName: `Evidence ${suffix}`,
  });
  await page.getByRole('button', { name: 'New project' }).click();
  await page.getByLabel(/^Name/).fill('Food truck');
  await page.getByRole('button', { name: 'Create' }).click();
  await openProject(page, 'Food truck');

  await page.getByRole('button', { name: 'Add evidence' }).click();
  await page.getByRole('menuitem', { name: 'Interview' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Interview', { exact: true })).toBeVisible();
  await dialog.getByLabel('Title').fill('Lunch rush chat');
  await expect(dialog.getByTestId('saved-check').first()).toBeVisible();

  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Please add the key insights')).toBeVisible();
  await dialog
    .getByTestId('editor-key insights')
    .locator('[contenteditable]')
    .fill('Office workers want food in under five minutes');
  await expect(dialog.getByTestId('saved-check').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Please add the person you interviewed.')).toBeVisible();

  await dialog.getByRole('combobox', { name: 'Name' }).fill('Priya Shah');
  await dialog.getByRole('button', { name: 'Add person' }).click();
  await expect(dialog.getByTestId('interviewee')).toContainText('Priya Shah');
  await dialog.getByRole('combobox', { name: 'Name' }).fill('priya shah');
  await dialog.getByRole('button', { name: 'Add person' }).click();
  await expect(page.getByText('priya shah is already added to this evidence.')).toBeVisible();

  // A photo from the conversation: the card shows its thumbnail, the lightbox the image.
  const photo = await sharp(randomBytes(800 * 600 * 3), {
    raw: { width: 800, height: 600, channels: 3 },
  })
    .png()
    .toBuffer();
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Attach files' }).click();
  await (await chooser).setFiles({ name: 'menu board.png', mimeType: 'image/png', buffer: photo });
  await expect(page.getByTestId('upload-panel')).toBeVisible();
  const thumb = dialog.getByTestId('card-file').getByRole('img', { name: 'menu_board.png' });
  await expect(thumb).toHaveAttribute('src', /variant=thumb/);
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(500);

  // The editor's image shortcut uploads onto the card and puts the image in the text.
  await dialog
    .getByTestId('image-input-key insights')
    .setInputFiles({ name: 'queue.png', mimeType: 'image/png', buffer: photo });
  await expect(dialog.getByTestId('editor-key insights').locator('img')).toHaveAttribute(
    'src',
    /\/api\/media\/download\?id=.*variant=medium/,
  );

  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(dialog.getByText('Draft', { exact: true })).toBeHidden();
  await page.screenshot({ path: 'test-results/interview.png' });
  await dialog.getByRole('button', { name: 'Close card' }).click();

  await page.getByRole('button', { name: 'Activity' }).click();
  const panel = page.getByRole('dialog', { name: 'Project activity' });
  await expect(panel.getByTestId('list-item').first()).toContainText('Lunch rush chat');
  await panel.getByRole('tab', { name: 'Evidence' }).click();
  await expect(panel.getByTestId('evidence-counts')).toContainText('1 total');
  await expect(panel.getByTestId('evidence-counts')).toContainText('1 new');
  await panel.getByRole('tab', { name: 'People' }).click();
  await expect(panel.getByTestId('contact')).toContainText('Priya Shah');
  await expect(panel.getByTestId('contact')).toContainText('1 interview');
  await page.screenshot({ path: 'test-results/contacts.png', animations: 'disabled' });
});

test('a member keeps a post in the evidence locker, outside any project', async ({ page }) => {
  const suffix = uniqueSuffix();
  await signUpWithOrganization(page, {
    email: `locker.${suffix}@example.com`,
    orgName: `Locker ${suffix}`,
  });
  await page.getByRole('link', { name: 'Evidence locker' }).click();
  await expect(page.getByRole('heading', { name: 'Evidence locker' })).toBeVisible();
  await page.getByRole('button', { name: 'Add evidence' }).click();
  await page.getByRole('menuitem', { name: 'Post' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Title').fill('Forum thread about late deliveries');
  await dialog
    .getByRole('textbox', { name: 'Summary' })
    .fill('Six people complain about evening slots.');
  await expect(dialog.getByTestId('saved-check').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(dialog.getByText('Draft', { exact: true })).toBeHidden();
  await dialog.getByRole('button', { name: 'Close card' }).click();
  await expect(page.getByTestId('evidence-counts')).toContainText('1 total');
  await expect(page.getByTestId('list-item')).toContainText('Forum thread about late deliveries');
  await page.screenshot({ path: 'test-results/evidence-locker.png' });
  // The locker is not a project.
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page.getByTestId('project-card')).toHaveCount(0);
});

test('a hypothesis is connected to an interview and the link rated Confirming', async ({
  page,
}) => {
  const suffix = uniqueSuffix();
  await signUpWithOrganization(page, {
    email: `links.${suffix}@example.com`,
    orgName: `Links ${suffix}`,
  });
  await page.getByRole('button', { name: 'New project' }).click();
  await page.getByLabel(/^Name/).fill('Bakery');
  await page.getByRole('button', { name: 'Create' }).click();
  await openProject(page, 'Bakery');

  await page.getByRole('button', { name: 'Add evidence' }).click();
  await page.getByRole('menuitem', { name: 'Other evidence' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Title').fill('Sourdough sells out by nine');
  await dialog.getByRole('textbox', { name: 'Summary' }).fill('Counted three mornings.');
  await expect(dialog.getByTestId('saved-check').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(dialog.getByText('Draft', { exact: true })).toBeHidden();
  await dialog.getByRole('button', { name: 'Close card' }).click();

  await page
    .getByRole('button', { name: 'Add a business hypothesis to Customer Segments' })
    .click();
  await dialog.getByLabel('Title').fill('Commuters buy bread early');
  await expect(dialog.getByTestId('saved-check').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(dialog.getByText('Draft', { exact: true })).toBeHidden();
  await expect(dialog.getByTestId('confidence')).toHaveText('Untested');
  await dialog.getByRole('tab', { name: 'Connections' }).click();
  await dialog.getByRole('combobox', { name: 'Connect a card' }).fill('sourdough');
  await page.getByRole('option', { name: 'Sourdough sells out by nine' }).click();
  await expect(dialog.getByTestId('connection')).toContainText('Sourdough sells out by nine');
  await dialog.getByRole('combobox', { name: 'Rating of Sourdough sells out by nine' }).click();
  await page.getByRole('option', { name: 'Confirming (Must Have)' }).click();
  await expect(dialog.getByText('Rating 2')).toBeVisible();
  // What people do (an observation), rated confirming: the hypothesis is supported.
  await expect(dialog.getByTestId('confidence')).toHaveText('Supported');
  await page.screenshot({ path: 'test-results/connections.png' });
});
