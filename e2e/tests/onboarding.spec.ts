import { expect, test } from '@playwright/test';
import { signUpWithOrganization, uniqueSuffix } from './helpers.ts';

test('a Business owner answers the onboarding questions and gets a first project set up from them', async ({
  page,
}) => {
  const suffix = uniqueSuffix();
  await signUpWithOrganization(page, {
    email: `setup.${suffix}@example.com`,
    orgName: `Setup ${suffix}`,
    inviteCode: 'E2EBUSINESS',
    setup: true,
  });
  const onboarding = page.getByTestId('project-onboarding');
  await expect(
    onboarding.getByRole('heading', { name: "Welcome, let's get started!" }),
  ).toBeVisible();
  // The short walkthrough (#30): three illustrated slides, no video configured here.
  const tour = onboarding.getByRole('region', { name: 'How Assay works' });
  await expect(tour.getByRole('heading', { name: 'Write down what must be true' })).toBeVisible();
  await tour.getByRole('button', { name: 'Next slide' }).click();
  await expect(tour.getByRole('heading', { name: 'Gather evidence' })).toBeVisible();
  await tour.press('ArrowRight');
  await expect(tour.getByRole('heading', { name: 'Test the riskiest, then decide' })).toBeVisible();
  await page.screenshot({ path: 'test-results/onboarding-walkthrough.png', fullPage: true });
  await page.getByRole('button', { name: 'Get started' }).click();

  await expect(
    page.getByRole('heading', { name: 'How much do you want to set up now?' }),
  ).toBeVisible();
  const next = page.getByRole('button', { name: 'Next' });
  await expect(next).toBeDisabled();
  await page.getByLabel('Basic: canvas, experiments and a public portal').check();
  await next.click();

  await expect(page.getByRole('heading', { name: 'Which canvas will you work on?' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Help' })).toHaveAttribute('href', /#canvasType$/);
  await page.getByLabel('Product Canvas').check();
  await next.click();

  // The product canvas brings the workflow question; basic adds experiments and the portal.
  await expect(page.getByRole('heading', { name: 'How do you organise your work?' })).toBeVisible();
  await page.getByLabel('Timeline (roadmap)').check();
  await page.getByLabel('Status').check();
  await next.click();
  await expect(page.getByRole('heading', { name: 'Will you run experiments?' })).toBeVisible();
  await page.getByLabel('No').check();
  // The step is saved after the answer (one after the other): the reload below waits for it.
  // (A load state would not: the page reached "network idle" long before, so it waits for nothing.)
  // It waits for this step's own save: the previous step's may still be answering when it
  // starts, and a reload then would cut this one off (seen once in CI).
  const stepSaved = page.waitForResponse(
    (r) =>
      r.url().endsWith('/api/gateway/query') &&
      (r.request().postData() ?? '').includes('"currentOnboardingStep":"publicPortal"'),
  );
  await next.click();
  // The answers so far are kept on the profile: a reload comes back to this step.
  await expect(
    page.getByRole('heading', { name: 'Will you share a public portal?' }),
  ).toBeVisible();
  expect((await stepSaved).ok()).toBe(true);
  await page.reload();
  await expect(
    page.getByRole('heading', { name: 'Will you share a public portal?' }),
  ).toBeVisible();
  await expect(page.getByText('Step 6 of 6')).toBeVisible();
  await page.getByLabel('Yes').check();
  await page.getByLabel('Name your first project').fill('Roadmap');
  await page.screenshot({ path: 'test-results/onboarding-questions.png' });
  await page.getByRole('button', { name: 'Finish' }).click();

  // The first project opens on the product canvas, without experiments.
  await expect(page).toHaveURL(/\/workspace\/[0-9a-f-]{36}\/canvas\/product$/);
  await expect(page.getByTestId('workspace-title')).toHaveText('Roadmap');
  await expect(page.getByRole('link', { name: 'Experiments' })).toHaveCount(0);
  // Done: home shows the projects, not the questions.
  await page.goto(`${new URL(page.url()).origin}/`);
  await expect(page.getByRole('button', { name: 'New project' })).toBeVisible();
  await expect(page.getByTestId('project-onboarding')).toHaveCount(0);
});
