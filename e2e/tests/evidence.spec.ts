import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import {
  openProject,
  signInOnSecondDevice,
  signUpWithOrganization,
  uniqueSuffix,
} from './helpers.ts';

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
    // Checkout sells the locker with Business AI (#48 item 4); Garage AI shows it locked.
    inviteCode: 'E2EBUSINESS',
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

test("evidence of three kinds moves a hypothesis's confidence, on its card and on the canvas of a second device", async ({
  page,
  browser,
}) => {
  const suffix = uniqueSuffix();
  const email = `links.${suffix}@example.com`;
  await signUpWithOrganization(page, { email, orgName: `Links ${suffix}` });
  await page.getByRole('button', { name: 'New project' }).click();
  await page.getByLabel(/^Name/).fill('Bakery');
  await page.getByRole('button', { name: 'Create' }).click();
  await openProject(page, 'Bakery');
  const dialog = page.getByRole('dialog');

  // Three pieces of evidence: an observation (what people do), a post (what they say) and a
  // post the team marks as what they pay.
  const addEvidence = async (kind: 'Other evidence' | 'Post', title: string, summary: string) => {
    await page.getByRole('button', { name: 'Add evidence' }).click();
    await page.getByRole('menuitem', { name: kind }).click();
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByRole('textbox', { name: 'Summary' }).fill(summary);
    await expect(dialog.getByTestId('saved-check').first()).toBeVisible();
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await expect(dialog.getByText('Draft', { exact: true })).toBeHidden();
  };
  await addEvidence('Other evidence', 'Sourdough sells out by nine', 'Counted three mornings.');
  await expect(dialog.getByTestId('evidence-strength')).toContainText('Weighs 2');
  await dialog.getByRole('button', { name: 'Close card' }).click();
  await addEvidence('Post', 'A commuter says the bread is stale', 'Heard at the station.');
  await expect(dialog.getByTestId('evidence-strength')).toContainText('Weighs 1');
  await dialog.getByRole('button', { name: 'Close card' }).click();
  await addEvidence('Post', 'Two cafés paid a deposit', 'Deposits for a weekly order.');
  await dialog.getByTestId('evidence-kind').getByText('What people pay').click();
  await expect(dialog.getByTestId('evidence-strength')).toHaveText(
    /^Weighs 4 in a hypothesis.s confidence\.$/,
  );
  await dialog.getByRole('button', { name: 'Close card' }).click();

  await page
    .getByRole('button', { name: 'Add a business hypothesis to Customer Segments' })
    .click();
  await dialog.getByLabel('Title').fill('Commuters buy bread early');
  await expect(dialog.getByTestId('saved-check').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(dialog.getByText('Draft', { exact: true })).toBeHidden();
  await expect(dialog.getByTestId('confidence')).toHaveText('Untested');
  const canvasUrl = page.url().split('?')[0]!;

  // The same person's second device, on the canvas.
  // It watches the canvas as an assumptions map: who the customers are matters, and nothing
  // is known yet — test now.
  const second = await signInOnSecondDevice(browser, email, `${canvasUrl}?view=map`);
  const other = second.context();
  const mapDot = second.getByTestId('map-dot');
  await expect(mapDot).toHaveAttribute('data-quadrant', 'testNow');
  await expect(mapDot).toHaveAttribute('data-state', 'untested');

  await dialog.getByRole('tab', { name: 'Connections' }).click();
  const connect = async (search: string, title: string, rating: string) => {
    await dialog.getByRole('combobox', { name: 'Connect a card' }).fill(search);
    await page.getByRole('option', { name: title }).click();
    await expect(dialog.getByTestId('connection').filter({ hasText: title })).toBeVisible();
    await dialog.getByRole('combobox', { name: `Rating of ${title}` }).click();
    await page.getByRole('option', { name: rating }).click();
  };
  // What people do, confirming: supported — here and, without a reload, on the other device.
  await connect('sourdough', 'Sourdough sells out by nine', 'Confirming (Must Have)');
  await expect(dialog.getByText('Rating 2')).toBeVisible();
  await expect(dialog.getByTestId('confidence')).toHaveText('Supported');
  await expect(mapDot).toHaveAttribute('data-quadrant', 'validated');
  // What one person says against it: contested.
  await connect('stale', 'A commuter says the bread is stale', "Disconfirming (Don't care)");
  await expect(dialog.getByTestId('confidence')).toHaveText('Contested');
  await expect(mapDot).toHaveAttribute('data-quadrant', 'keepTesting');
  await expect(mapDot).toHaveAttribute('data-state', 'contested');
  // What people paid outweighs both: supported again, with the figures on hover.
  await connect('deposit', 'Two cafés paid a deposit', 'Confirming (Must Have)');
  await expect(dialog.getByTestId('confidence')).toHaveText('Supported');
  await expect(mapDot).toHaveAttribute('data-quadrant', 'validated');
  await page.screenshot({ path: 'test-results/connections.png' });
  await second.screenshot({ path: 'test-results/assumptions-map.png' });

  // Dragged down on the map, it matters less: with this much evidence, keep testing.
  const box = (await mapDot.boundingBox())!;
  await second.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await second.mouse.down();
  await second.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + 60, { steps: 5 });
  await second.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + 120, { steps: 5 });
  await second.mouse.up();
  await expect(mapDot).toHaveAttribute('data-quadrant', 'keepTesting');
  expect(Number(await mapDot.getAttribute('data-importance'))).toBeLessThan(0.5);
  // The keyboard does the same: one step up.
  await mapDot.focus();
  const before = Number(await mapDot.getAttribute('data-importance'));
  await second.keyboard.press('ArrowUp');
  await expect(mapDot).toHaveAttribute(
    'data-importance',
    String(Math.round((before + 0.05) * 100) / 100),
  );

  // On the board, the card's dot says the same, with the figures on hover.
  await second.getByText('Board', { exact: true }).click();
  const dot = second
    .getByTestId('board-card')
    .filter({ hasText: 'Commuters buy bread early' })
    .getByTestId('card-confidence');
  await expect(dot).toHaveAttribute('data-state', 'supported');
  await expect(dot).toHaveAttribute('title', /3 pieces of rated evidence: for 6\.0, against 1\.0/);
  await second.screenshot({ path: 'test-results/confidence-second-device.png' });
  await other.close();

  // What to test next, on the project's home: a new hypothesis that matters and that nothing
  // tests yet; the agent plans an experiment for it, which opens, and it leaves the list.
  await dialog.getByRole('button', { name: 'Close card' }).click();
  await page.getByRole('button', { name: 'Add a business hypothesis to Revenue Streams' }).click();
  await dialog.getByLabel('Title').fill('Cafés order bread every week');
  await expect(dialog.getByTestId('saved-check').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(dialog.getByText('Draft', { exact: true })).toBeHidden();
  await dialog.getByRole('button', { name: 'Close card' }).click();
  const next = page
    .getByTestId('test-next-item')
    .filter({ hasText: 'Cafés order bread every week' });
  await expect(next.getByTestId('test-next-reason')).toHaveText(
    'It matters and nothing is known about it yet.',
  );
  await page.getByTestId('test-next').screenshot({ path: 'test-results/test-next.png' });
  await next.getByRole('button', { name: 'Plan an experiment' }).click();
  await page.getByRole('menuitem', { name: 'With the AI agent' }).click();
  await expect(dialog.getByText('Experiment', { exact: true }).first()).toBeVisible();
  await dialog.getByRole('tab', { name: 'Connections' }).click();
  await expect(dialog.getByTestId('connection')).toContainText('Cafés order bread every week');
  await page.screenshot({ path: 'test-results/test-next-experiment.png' });
  await dialog.getByRole('button', { name: 'Close card' }).click();
  await expect(page.getByTestId('test-next-item')).toHaveCount(0);
  await expect(page.getByTestId('test-next')).toContainText('Nothing urgent');
});

test('a team sees what changed: a card’s history, the trash, and what it learned this week', async ({
  page,
}) => {
  const suffix = uniqueSuffix();
  await signUpWithOrganization(page, {
    email: `history.${suffix}@example.com`,
    orgName: `History ${suffix}`,
  });
  await page.getByRole('button', { name: 'New project' }).click();
  await page.getByLabel(/^Name/).fill('Bakery');
  await page.getByRole('button', { name: 'Create' }).click();
  await openProject(page, 'Bakery');
  const dialog = page.getByRole('dialog');
  await page.getByRole('button', { name: 'Add evidence' }).click();
  await page.getByRole('menuitem', { name: 'Other evidence' }).click();
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
  await dialog.getByRole('tab', { name: 'Connections' }).click();
  await dialog.getByRole('combobox', { name: 'Connect a card' }).fill('sourdough');
  await page.getByRole('option', { name: 'Sourdough sells out by nine' }).click();
  await dialog.getByRole('combobox', { name: 'Rating of Sourdough sells out by nine' }).click();
  await page.getByRole('option', { name: 'Confirming (Must Have)' }).click();
  await expect(dialog.getByTestId('confidence')).toHaveText('Supported');
  await dialog.getByRole('button', { name: 'Close card' }).click();

  // The hypothesis's history: who changed what, when.
  await page.getByTestId('board-card').filter({ hasText: 'Commuters buy bread early' }).click();
  await dialog.getByRole('tab', { name: 'History' }).click();
  await expect(dialog.getByTestId('card-version').first()).toBeVisible();
  await expect(dialog.getByTestId('card-history')).toContainText('Published: no → yes');
  await expect(dialog.getByTestId('card-history')).toContainText(
    'Title: — → Commuters buy bread early',
  );

  // Deleted by mistake, restored from the trash with what it had.
  await dialog.getByRole('button', { name: 'Card actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(
    page.getByTestId('board-card').filter({ hasText: 'Commuters buy bread early' }),
  ).toHaveCount(0);
  await page.getByRole('button', { name: 'Trash' }).click();
  const drawer = page.getByRole('dialog', { name: 'Trash' });
  await drawer
    .getByTestId('trashed-card')
    .filter({ hasText: 'Commuters buy bread early' })
    .getByRole('button', { name: 'Restore' })
    .click();
  await expect(drawer.getByText('The trash is empty.')).toBeVisible();
  await page.keyboard.press('Escape');
  const restored = page
    .getByTestId('board-card')
    .filter({ hasText: 'Commuters buy bread early' })
    .getByTestId('card-confidence');
  await expect(restored).toHaveAttribute('data-state', 'supported');

  // The dashboard says what the team learned this week.
  await page.getByRole('link', { name: 'Dashboard' }).click();
  const timeline = page.getByTestId('timeline');
  await expect(timeline.getByTestId('learning-event').first()).toBeVisible();
  await expect(timeline).toContainText(
    '“Commuters buy bread early” moved from Test now to Validated on the assumptions map.',
  );
  await expect(timeline.getByTestId('learning-event')).toHaveCount(1);
  await timeline.screenshot({ path: 'test-results/timeline.png' });
  await page.getByTestId('assumptions-map').screenshot({ path: 'test-results/dashboard-map.png' });
});
