/**
 * Single sign-on (issue #25), in the browser, against real identity providers started here: an
 * Enterprise owner registers Assay with an OpenID Connect provider (oidc-provider) and a new
 * colleague signs in through it and lands in the organisation; then the owner switches to SAML
 * 2.0 (a samlify provider) and another colleague does the same through it.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  startOidcProvider,
  startSamlIdp,
  type OidcProvider,
  type SamlIdp,
} from '../../apps/server/test/identity-providers.ts';
import { followMailLink, signUpWithOrganization, uniqueSuffix } from './helpers.ts';

const providers: { close(): Promise<void> }[] = [];
test.afterAll(async () => {
  for (const provider of providers) await provider.close();
});

/** The value shown under a label in the "Register Assay" panel. */
async function registered(page: Page, label: string): Promise<string> {
  const field = page.getByText(label, { exact: true }).locator('xpath=following-sibling::code');
  return (await field.textContent()) ?? '';
}

async function save(page: Page) {
  await page.getByRole('button', { name: 'Save single sign-on' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Single sign-on settings saved.' }).last(),
  ).toBeVisible();
}

/** A colleague in a browser of their own opens the organisation's sign-in page. */
async function colleagueAtSignIn(browser: Browser, origin: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${origin}/sign-in`);
  await page.getByRole('link', { name: 'Continue with single sign-on' }).click();
  return { context, page };
}

test('an enterprise owner sets up single sign-on; colleagues sign in through OIDC, then SAML', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const suffix = uniqueSuffix();
  const orgName = `Sso ${suffix}`;
  await signUpWithOrganization(page, {
    email: `owner.${suffix}@example.com`,
    orgName,
    inviteCode: 'E2EENTERPRISE',
  });
  const origin = new URL(page.url()).origin;
  await page.goto(`${origin}/settings/sso`);
  await expect(page.getByRole('tab', { name: 'Single sign-on' })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  // OpenID Connect: the redirect URI shown is what the provider registers.
  const redirectUri = await registered(page, 'Redirect URI');
  expect(redirectUri).toMatch(/\/api\/auth\/sso\/\w+\/oidc\/callback$/);
  const oidc: OidcProvider = await startOidcProvider([
    { clientId: 'assay-e2e', clientSecret: 'e2e-client-secret', redirectUris: [redirectUri] },
  ]);
  providers.push(oidc);
  await page.getByLabel('Members can sign in with single sign-on').check();
  await page.getByLabel('Issuer URL').fill(oidc.issuer);
  await page.getByLabel('Client ID').fill('assay-e2e');
  await page.getByLabel('Client secret').fill('e2e-client-secret');
  const domains = page.getByRole('combobox', { name: 'Allowed email domains' });
  await domains.fill('example.com');
  await domains.press('Enter');
  await page
    .getByRole('combobox', { name: 'People signing in for the first time join as' })
    .click();
  await page.getByRole('option', { name: 'Collaborator' }).click();
  await save(page);
  await expect(
    page.getByText('A secret is saved (encrypted). Leave this blank to keep it.'),
  ).toBeVisible();

  // Nobody at example.com signs in until the organisation proves the domain: here by a mail to
  // its hostmaster, whose link is confirmed on its own page.
  const domain = page.getByTestId('sso-domain-example.com');
  await expect(domain.getByText('Not verified')).toBeVisible();
  await expect(domain.getByText('_assay-challenge.example.com')).toBeVisible();
  await domain.getByRole('combobox', { name: 'Mailbox' }).click();
  await page.getByRole('option', { name: 'hostmaster@' }).click();
  await domain.getByRole('button', { name: 'Send a confirmation mail' }).click();
  await expect(
    domain.getByText('Last confirmation mail sent to hostmaster@example.com.'),
  ).toBeVisible();
  await page.screenshot({ path: 'test-results/sso-settings.png', fullPage: true });
  await followMailLink(
    page,
    'hostmaster@example.com',
    `Confirm that ${orgName} may use single sign-on for example.com`,
  );
  await page.getByRole('button', { name: 'Confirm the domain' }).click();
  await expect(page.getByTestId('sso-domain-confirmed')).toHaveText(
    'example.com is verified: the organization’s single sign-on may now sign in addresses at it.',
  );
  await page.goto(`${origin}/settings/sso`);
  await expect(
    page.getByTestId('sso-domain-example.com').getByText('Verified by mail'),
  ).toBeVisible();

  const first = await colleagueAtSignIn(browser, origin);
  // The provider's own sign-in and consent pages.
  await first.page.locator('input[name="login"]').fill(`grace.${suffix}@example.com`);
  await first.page.locator('input[name="password"]').fill('anything');
  await first.page.locator('button[type="submit"]').click();
  await first.page.getByRole('button', { name: 'Continue' }).click();
  await expect(first.page).toHaveURL(new RegExp(`^${origin}/`));
  await expect(first.page.getByTestId('organization-name')).toHaveText(orgName);
  await first.context.close();

  // The owner already has an account: the provider alone cannot sign in to it. A link is mailed
  // to the account; allowed there, single sign-on signs the owner in.
  const existing = await colleagueAtSignIn(browser, origin);
  await existing.page.locator('input[name="login"]').fill(`owner.${suffix}@example.com`);
  await existing.page.locator('input[name="password"]').fill('anything');
  await existing.page.locator('button[type="submit"]').click();
  await existing.page.getByRole('button', { name: 'Continue' }).click();
  await expect(existing.page.getByTestId('sso-error')).toHaveText(
    'You already have an Assay account. To keep it safe, we emailed you a link to allow this organization’s single sign-on to sign you in. Open it, then continue.',
  );
  await followMailLink(
    existing.page,
    `owner.${suffix}@example.com`,
    `Allow ${orgName}’s single sign-on to sign in to your Assay account`,
  );
  await existing.page
    .getByRole('button', { name: 'Allow and continue with single sign-on' })
    .click();
  await expect(existing.page).toHaveURL(new RegExp(`^${origin}/`));
  await expect(existing.page.getByTestId('organization-name')).toHaveText(orgName);
  await existing.context.close();

  // SAML 2.0: the entity id and assertion consumer service shown are what the provider registers.
  await page.getByText('SAML 2.0', { exact: true }).click();
  const entityId = await registered(page, 'Entity ID (audience)');
  const acsUrl = await registered(page, 'Assertion consumer service URL');
  const saml: SamlIdp = await startSamlIdp({ entityId, acsUrl });
  providers.push(saml);
  await page.getByLabel('Identity provider metadata (XML)').fill(saml.metadataXml);
  await save(page);
  await expect(page.getByTestId('saml-idp')).toContainText(saml.entityId);

  const second = await colleagueAtSignIn(browser, origin);
  await expect(second.page.getByRole('heading', { name: 'Test identity provider' })).toBeVisible();
  await second.page.getByLabel('Email').fill(`alan.${suffix}@example.com`);
  await second.page.getByRole('button', { name: 'Sign in' }).click();
  await expect(second.page).toHaveURL(new RegExp(`^${origin}/`));
  await expect(second.page.getByTestId('organization-name')).toHaveText(orgName);
  await second.context.close();

  // An answer that does not verify comes back to the sign-in page, which says so.
  const third = await browser.newContext();
  const refused = await third.newPage();
  await refused.goto(`${origin}/sign-in?ssoError=2070`);
  await expect(refused.getByTestId('sso-error')).toHaveText(
    'Single sign-on did not complete: the answer from your identity provider could not be verified. Please try again.',
  );
  await expect(refused.getByRole('link', { name: 'Continue with single sign-on' })).toBeVisible();
  await refused.screenshot({ path: 'test-results/sso-sign-in.png' });
  await third.close();
});
