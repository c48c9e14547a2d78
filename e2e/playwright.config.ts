import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { FAKE_SERVICES_PORT, SUPPORT_CHAT_SECRET } from './fake-services.ts';

const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'assay-e2e-'));
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests',
  // Stand-ins for outside services the app talks to (Slack's webhooks, Jira, Intercom).
  globalSetup: './fake-services.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? 'line' : 'list',
  // The journeys are whole stories (sign-up to archive); two of them share two cores with the server.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: './test-results',
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // A fake microphone, granted without asking (interviews recorded in the browser).
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    // The server exactly as `npm start` starts it (the web app is built by the test script).
    command: 'npm run start -w @assay/server',
    cwd: '..',
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      LICENSE_KEYS: 'E2EBUSINESS:business,E2EENTERPRISE:enterprise,E2EACADEMIC:academic',
      SLACK_WEBHOOK_BASE: `http://127.0.0.1:${FAKE_SERVICES_PORT}/services/`,
      INTERCOM_API_URL: `http://127.0.0.1:${FAKE_SERVICES_PORT}/intercom`,
      INBOUND_MAIL_DOMAIN: 'in.assay.test',
      // The billing journey moves the sandbox processor's clock a year on (#30).
      PAYMENTS_SANDBOX_CLOCK: 'on',
      INBOUND_MAIL_SECRET: 'e2e-inbound-secret-0123',
      SUPPORT_CHAT_APP_ID: 'e2echat',
      SUPPORT_CHAT_SECRET: SUPPORT_CHAT_SECRET,
      SUPPORT_CHAT_URL: `http://127.0.0.1:${FAKE_SERVICES_PORT}/widget/`,
      ZOOM_API_URL: `http://127.0.0.1:${FAKE_SERVICES_PORT}/zoom`,
      ZOOM_OAUTH_URL: `http://127.0.0.1:${FAKE_SERVICES_PORT}/zoom/oauth/token`,
    },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
