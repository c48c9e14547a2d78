import { expect, test, type Page } from '@playwright/test';

const GATEWAY = '**/api/gateway/query';

/** Makes the gateway answer with one error in the spec's string format. */
async function gatewayFails(page: Page, statusCode: number, message: string) {
  await page.route(GATEWAY, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        data: null,
        errors: [{ message: `statusCode:${statusCode};message:${message};ref:1` }],
      }),
    }),
  );
}

test('a newcomer opens Assay and sees the app shell with a live server', async ({ page }) => {
  const response = await page.goto('/');
  // The stylesheets do not hold the first paint (they come as preloads, #32)…
  expect(await response?.text()).toMatch(/<link rel="preload" as="style"[^>]+data-app-style>/);
  await expect(page.getByRole('heading', { name: 'Welcome to Assay' })).toBeVisible();
  // …and the app draws once they apply: Mantine's body font, each sheet once.
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain(
    'system-ui',
  );
  const sheets = await page.evaluate(() =>
    [...document.querySelectorAll('link[rel="stylesheet"]')].map((l) => l.getAttribute('href')),
  );
  expect(sheets.length).toBeGreaterThan(0);
  expect(new Set(sheets).size).toBe(sheets.length);
  await expect(page.getByTestId('server-status')).toContainText('Server ready');
  await expect(page.getByTestId('server-status')).toContainText('embedded database');
  await expect(page.getByText('Evidence', { exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/home.png', fullPage: true });
});

test('an unknown address goes to sign-in', async ({ page }) => {
  await page.goto('/no/such/place');
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('an expired link explains itself', async ({ page }) => {
  await page.goto('/token-error');
  await expect(
    page.getByText('Uh oh. It looks like the link you are coming from has expired.'),
  ).toBeVisible();
});

test('a refused call leads to the not-authorised page', async ({ page }) => {
  await gatewayFails(page, 403, 'You do not have permission to do that.');
  await page.goto('/');
  await expect(page).toHaveURL(/\/PageNotAuthorized\?redirect=true&status=403$/);
  await expect(
    page.getByRole('heading', { name: "You don't have access to this page" }),
  ).toBeVisible();
});

test('an expired session goes to sign-in', async ({ page }) => {
  await gatewayFails(page, 401, 'Please sign in to continue.');
  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-in$/);
});

test('a failed call on a page opened from an emailed link goes to the token error page', async ({
  page,
}) => {
  await gatewayFails(page, 400, 'Bad token');
  await page.goto('/?token=abc');
  await expect(page).toHaveURL(/\/token-error$/);
});

test('a server failure shows the default alert', async ({ page }) => {
  await gatewayFails(page, 500, 'Something went wrong. Please try again.');
  await page.goto('/');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Something went wrong. Please try again.' }),
  ).toBeVisible();
  await expect(page.getByTestId('server-status')).toContainText('Server check failed');
  await page.screenshot({ path: 'test-results/alert.png', animations: 'disabled' });
});

test('an answer that is not JSON shows the unknown-error message', async ({ page }) => {
  await page.route(GATEWAY, (route) =>
    route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }),
  );
  await page.goto('/');
  await expect(
    page.getByRole('alert').filter({ hasText: 'An unknown error occurred with your request.' }),
  ).toBeVisible();
});

test('a new deploy invites a refresh', async ({ page }) => {
  await page.route(GATEWAY, async (route) => {
    // Node (which runs route.fetch) does not resolve *.localhost the way Chromium does.
    const url = new URL(route.request().url());
    const host = url.host;
    url.hostname = '127.0.0.1';
    const response = await route.fetch({
      url: url.toString(),
      headers: { ...route.request().headers(), host },
    });
    await route.fulfill({
      response,
      headers: { ...response.headers(), 'x-app-version': '9.9.9+newer' },
    });
  });
  await page.goto('/');
  const banner = page.getByTestId('version-banner');
  await expect(banner).toContainText('A new version of Assay is available.');
  await page.unroute(GATEWAY);
  await banner.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByTestId('server-status')).toContainText('Server ready');
  await expect(page.getByTestId('version-banner')).toHaveCount(0);
});

test('the server answers with its version and no-cache headers', async ({ request }) => {
  const response = await request.post('/api/gateway/query', {
    data: { query: '{ appVersion health { ok } }' },
  });
  expect(response.status()).toBe(200);
  const version = response.headers()['x-app-version'];
  expect(version).toMatch(/^0\.1\.0\+/);
  expect(response.headers()['cache-control']).toContain('no-store');
  expect(await response.json()).toEqual({ data: { appVersion: version, health: { ok: true } } });
});
