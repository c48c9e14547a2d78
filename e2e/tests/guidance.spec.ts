import { expect, test } from '@playwright/test';
import { openProject, signUpWithOrganization, uniqueSuffix } from './helpers.ts';

test('a new member is guided: the checklist ticks as they work, each card type tips once', async ({
  page,
}) => {
  const suffix = uniqueSuffix();
  await signUpWithOrganization(page, {
    email: `guide.${suffix}@example.com`,
    orgName: `Guided ${suffix}`,
    inviteCode: 'E2EBUSINESS',
  });
  const checklist = page.getByTestId('getting-started');
  await expect(checklist).toContainText('0 of 6 done');
  await expect(checklist.getByLabel('Create a project')).not.toBeChecked();

  await page.getByRole('button', { name: 'New project' }).click();
  await page.getByLabel(/^Name/).fill('Guided tour');
  await page.getByRole('button', { name: 'Create' }).click();
  await openProject(page, 'Guided tour');

  // The first hypothesis shows its tip; once seen, the next one does not.
  await page.getByRole('button', { name: 'Add a business hypothesis to Channels' }).click();
  const dialog = page.getByRole('dialog');
  const tip = dialog.getByTestId('first-time-tip');
  await expect(tip).toContainText('Your first hypothesis');
  await page.screenshot({ path: 'test-results/first-time-tip.png' });
  await dialog.getByLabel('Title').fill('Commuters want same-day fixes');
  await expect(dialog.getByTestId('saved-check').first()).toBeVisible();
  // Opened from its link, the card is drawn with its tip already in place, never pushed down by it
  // or by a field that loads later (#28): the page notes, as the card's detail is first put on
  // the page, whether the tip and the canvas section's field are there too.
  await page.addInitScript(() => {
    const seen = window as unknown as { tipWithCard?: boolean; sectionWithCard?: boolean };
    new MutationObserver(() => {
      const detail = document.querySelector('[data-testid="card-detail"]');
      if (seen.tipWithCard !== undefined || !detail) return;
      seen.tipWithCard = detail.querySelector('[data-testid="first-time-tip"]') !== null;
      // The canvas section's field keeps its room while the project's sections load.
      seen.sectionWithCard = Array.from(detail.querySelectorAll('label')).some(
        (label) => label.textContent === 'Canvas section',
      );
    }).observe(document, { subtree: true, childList: true });
  });
  await page.reload();
  await expect(dialog.getByLabel('Title')).toHaveValue('Commuters want same-day fixes');
  await expect(tip).toBeVisible();
  expect(
    await page.evaluate(() => {
      const seen = window as { tipWithCard?: boolean; sectionWithCard?: boolean };
      return [seen.tipWithCard, seen.sectionWithCard];
    }),
  ).toEqual([true, true]);
  await tip.getByRole('button', { name: 'Got it' }).click();
  await expect(tip).toBeHidden();
  await page.keyboard.press('Escape');
  await page
    .getByRole('button', { name: 'Add a business hypothesis to Customer Segments' })
    .click();
  await expect(dialog.getByLabel('Title')).toBeVisible();
  await expect(dialog.getByTestId('first-time-tip')).toBeHidden();
  await page.keyboard.press('Escape');

  // Home: the steps done are ticked; hiding the checklist lasts.
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(checklist).toContainText('2 of 6 done');
  await expect(checklist.getByLabel('Create a project')).toBeChecked();
  await expect(checklist.getByLabel('Add a hypothesis to the canvas')).toBeChecked();
  await expect(checklist.getByLabel('Plan an experiment')).not.toBeChecked();
  await page.screenshot({ path: 'test-results/getting-started.png' });
  await checklist.getByRole('button', { name: 'Hide checklist' }).click();
  await expect(checklist).toBeHidden();
  await page.reload();
  await expect(
    page.getByRole('button', { name: 'Show the getting-started checklist' }),
  ).toBeVisible();
  await expect(checklist).toBeHidden();
});
