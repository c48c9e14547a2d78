import { createHmac } from 'node:crypto';
import { expect, test, type Page, type Route } from '@playwright/test';
import { SUPPORT_CHAT_SECRET } from '../fake-services.ts';
import { signUpWithOrganization, uniqueSuffix } from './helpers.ts';

type Call = [string, Record<string, unknown>?];
const calls = (page: Page) =>
  page.evaluate(() => (window as unknown as { supportChatCalls?: Call[] }).supportChatCalls ?? []);

test('the support chat boots with who the member is, follows them, and shuts down on sign-out', async ({
  page,
}) => {
  const suffix = uniqueSuffix();
  const email = `chat.${suffix}@example.com`;
  await signUpWithOrganization(page, {
    email,
    orgName: `Chatty ${suffix}`,
    inviteCode: 'E2EBUSINESS',
  });
  await expect.poll(async () => (await calls(page)).some(([c]) => c === 'boot')).toBe(true);
  const boot = (await calls(page)).findLast(([c]) => c === 'boot')?.[1] ?? {};
  const userId = String(boot.user_id);
  expect(boot).toMatchObject({
    app_id: 'e2echat',
    email,
    name: 'Ada Lovelace',
    tier: 'Business',
    // Computed on the server with the identity-verification secret.
    user_hash: createHmac('sha256', SUPPORT_CHAT_SECRET).update(userId).digest('hex'),
    company: { name: `Chatty ${suffix}`, plan: 'Business', projects: 0, members: 1, evidence: 0 },
  });

  // Moving around updates the widget.
  const before = (await calls(page)).filter(([c]) => c === 'update').length;
  await page.getByRole('link', { name: 'Evidence locker' }).click();
  await expect
    .poll(async () => (await calls(page)).filter(([c]) => c === 'update').length)
    .toBeGreaterThan(before);

  // Signing out shuts it down (before leaving the page).
  await page.evaluate(() => {
    const w = window as unknown as { Intercom: (...a: unknown[]) => void };
    const original = w.Intercom;
    w.Intercom = (...args: unknown[]) => {
      if (args[0] === 'shutdown') sessionStorage.setItem('chat-shutdown', 'yes');
      original(...args);
    };
  });
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  expect(await page.evaluate(() => sessionStorage.getItem('chat-shutdown'))).toBe('yes');
  // Signed out, the widget is not booted again: the sign-in page's configuration comes inlined
  // in the page, so once its form is drawn the chat's effect has run with it.
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  expect((await calls(page)).some(([c]) => c === 'boot')).toBe(false);
});

test('errors in the page are reported, with traces and a replay, when a trace target is set', async ({
  page,
  baseURL,
}) => {
  const envelopes: string[] = [];
  // The page configuration as an installation with ERROR_REPORTING_* set would send it; the DSN
  // points at this origin so the reports stay inside the page's policy, and are caught here.
  // The server inlines it into the page it sends (and answers it at /api/bootstrap later on).
  const withReporting = (boot: Record<string, unknown>, host: string) => ({
    ...boot,
    errorReporting: {
      dsn: `http://e2ekey@${host}/42`,
      tracePropagationTargets: ['localhost'],
      environment: 'e2e',
      release: 'e2e-release',
    },
  });
  const sameServer = (route: Route) => {
    // Node cannot resolve *.localhost: ask the same server by address, for the same host.
    const url = new URL(route.request().url());
    return route.fetch({
      url: `http://127.0.0.1:${url.port}${url.pathname}${url.search}`,
      headers: { ...route.request().headers(), host: url.host },
      maxRedirects: 0,
    });
  };
  await page.route(
    (url) => !url.pathname.startsWith('/api/') && !url.pathname.includes('.'),
    async (route) => {
      const response = await sameServer(route);
      const host = new URL(route.request().url()).host;
      const body = (await response.text()).replace(
        /(<script type="application\/json" id="assay-bootstrap">)(.*?)(<\/script>)/,
        (_all, open: string, json: string, close: string) =>
          `${open}${JSON.stringify(withReporting(JSON.parse(json) as Record<string, unknown>, host)).replace(/</g, '\\u003c')}${close}`,
      );
      await route.fulfill({ response, body });
    },
  );
  await page.route('**/api/bootstrap', async (route) => {
    const response = await sameServer(route);
    const boot = (await response.json()) as Record<string, unknown>;
    await route.fulfill({
      response,
      json: withReporting(boot, new URL(route.request().url()).host),
    });
  });
  await page.route('**/api/42/envelope/**', async (route) => {
    envelopes.push(route.request().postDataBuffer()?.toString('latin1') ?? '');
    await route.fulfill({ status: 200, json: { id: 'ok' } });
  });
  // Straight to the app's host: a page reached through a redirect is not routed again.
  await page.goto(`http://app.localhost:${new URL(baseURL ?? '').port}/`);
  await expect(page.getByRole('heading', { name: 'Welcome to Assay' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-error-reporting', 'on');
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('e2e: something broke');
    });
  });
  await expect
    .poll(() => envelopes.some((e) => e.includes('e2e: something broke')), { timeout: 20_000 })
    .toBe(true);
  const error = envelopes.find((e) => e.includes('e2e: something broke')) ?? '';
  expect(error).toContain('"environment":"e2e"');
  expect(error).toContain('"release":"e2e-release"');
  // Every trace is kept: the page load's spans arrive too (streamed as span items).
  await expect
    .poll(() => envelopes.some((e) => /^\{"type":"span"/m.test(e)), { timeout: 20_000 })
    .toBe(true);
  // Every session that meets an error sends its replay.
  await expect
    .poll(() => envelopes.some((e) => e.includes('"type":"replay_event"')), { timeout: 20_000 })
    .toBe(true);
});
