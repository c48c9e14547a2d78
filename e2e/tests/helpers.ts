import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type Locator, type Page } from '@playwright/test';

export const PASSWORD = 'Correct_horse1';
export const passwordField = (page: Page) => page.getByLabel(/^Password\s*\*?$/);

export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}

/** Opens the newest dev-inbox mail to the address with the subject, and follows its link. */
export async function followMailLink(page: Page, to: string, subject: string) {
  await page.goto('/dev/inbox');
  const mail = page
    .getByTestId('mail')
    .filter({ hasText: to })
    .filter({ hasText: subject })
    .first();
  await expect(mail).toBeVisible();
  await mail.getByRole('link').first().click();
}

/** Signs up through the screens and creates an organisation; ends on its subdomain, signed in. */
export async function signUpWithOrganization(
  page: Page,
  options: {
    email: string;
    orgName: string;
    inviteCode?: string;
    firstName?: string;
    lastName?: string;
    /** false: stay unpaid, on the onboarding (Garage AI only). */
    pay?: boolean;
    /** true: stay on the project onboarding's questions (plans from an invite code). */
    setup?: boolean;
  },
) {
  await page.goto('/sign-up');
  await page.getByLabel('Email').fill(options.email);
  if (options.inviteCode) await page.getByLabel('Invite code (optional)').fill(options.inviteCode);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await followMailLink(page, options.email, 'Confirm your email');
  await expect(page).toHaveURL(/\/sign-up\/new-account$/);
  await page.getByLabel('First name').fill(options.firstName ?? 'Ada');
  await page.getByLabel('Last name').fill(options.lastName ?? 'Lovelace');
  await passwordField(page).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/sign-up\/invites$/);
  await page.getByLabel('Organization name').fill(options.orgName);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Create organization' }).click();
  await expect(page.getByTestId('organization-name')).toHaveText(options.orgName);
  // Without an invite code the plan is Garage AI, which asks for a card first (the onboarding
  // of billing.spec.ts); other journeys pay through the sandbox's API and go on.
  if (!options.inviteCode && options.pay !== false) await payForPlan(page);
  // Other plans start with the project onboarding's questions (onboarding.spec.ts); skip them.
  if (options.inviteCode && options.setup !== true) {
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await expect(page.getByTestId('project-onboarding')).toBeHidden();
  }
}

/** Subscribes the current organisation to Garage monthly with the sandbox's test card. */
export async function payForPlan(page: Page) {
  // In the page: the browser resolves the organisation's *.localhost host and sends the cookie.
  const status = await page.evaluate(
    async (year) => {
      const post = (url: string, body: unknown) =>
        fetch(url, {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const boot = (await (await fetch('/api/bootstrap', { credentials: 'include' })).json()) as {
        organization: { id: string };
      };
      const token = (await (
        await post('/api/payments/sandbox/js/v1/token', {
          first_name: 'Ada',
          last_name: 'Lovelace',
          number: '4111111111111111',
          month: '12',
          year,
          cvv: '123',
        })
      ).json()) as { id: string };
      const paid = await post(`/api/org/organizations/${boot.organization.id}/subscription`, {
        planCode: 'aiMonthly',
        paymentToken: token.id,
      });
      return paid.status;
    },
    String(new Date().getFullYear() + 2),
  );
  expect(status).toBe(201);
  await page.reload();
  await expect(page.getByTestId('organization-name')).toBeVisible();
}

/** Drags with the mouse the way dnd-kit expects: a few pixels to start, then to the target. */
export async function dragTo(
  page: Page,
  source: Locator,
  target: Locator,
  where: 'middle' | 'bottom' = 'middle',
) {
  // Centre the target first: a drop near the window's edge would make dnd-kit scroll the page
  // under the pointer, and the card would land in the section below.
  await target.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const from = await source.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('nothing to drag');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  // dnd-kit starts a drag after a few pixels of movement.
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 5 });
  const y = where === 'bottom' ? to.y + to.height - 8 : to.y + to.height / 2;
  await page.mouse.move(to.x + to.width / 2, y, { steps: 20 });
  await page.mouse.up();
}

/** Creates a project from the home screen and opens its settings. */
export async function createProjectAndOpenSettings(page: Page, name: string) {
  await page.getByRole('button', { name: 'New project' }).click();
  await page.getByLabel(/^Name/).fill(name);
  await page.getByRole('button', { name: 'Create' }).click();
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
}

/** What axe finds serious or critical on the page, with where (empty when all is well). */
export async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Mantine's class names on the page (`m_…`) that no loaded stylesheet has a rule for: a part
 * drawn without its component's stylesheet (each comes with its component's code, #28).
 */
export async function unstyledMantineParts(page: Page) {
  return page.evaluate(() => {
    const styled = new Set<string>();
    const walk = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule)
          for (const match of rule.selectorText.matchAll(/\.(m_[0-9a-f]+)/g))
            styled.add(match[1] ?? '');
        if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) walk(sheet.cssRules);
    const used = new Set<string>();
    for (const element of Array.from(document.querySelectorAll('[class*="m_"]')))
      for (const name of Array.from(element.classList))
        if (/^m_[0-9a-f]+$/.test(name)) used.add(name);
    return [...used].filter((name) => !styled.has(name)).sort();
  });
}

/** Opens a project from the organisation home by its name (its canvas opens). */
export async function openProject(page: Page, name: string) {
  await page
    .getByTestId('project-card')
    .filter({ hasText: name })
    .getByRole('link')
    .first()
    .click();
}

/**
 * The same person's second device: a new browser context signed in with the password, on the
 * address given. Close the context (`second.context().close()`) when done.
 */
export async function signInOnSecondDevice(browser: Browser, email: string, url: string) {
  const second = await (await browser.newContext()).newPage();
  await second.goto(new URL('/sign-in', url).toString());
  await second.getByLabel('Email').fill(email);
  await passwordField(second).fill(PASSWORD);
  await second.getByRole('button', { name: 'Sign in' }).click();
  await expect(second.getByTestId('user-menu')).toBeVisible();
  await second.goto(url);
  return second;
}
