import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect, test, type Page } from '@playwright/test';
import { FAKE_SERVICES_PORT } from '../fake-services.ts';
import {
  createProjectAndOpenSettings,
  openProject,
  signUpWithOrganization,
  uniqueSuffix,
} from './helpers.ts';

/** What the stand-in Slack received for one webhook. */
async function slackMessages(webhookPath: string) {
  const response = await fetch(`http://127.0.0.1:${FAKE_SERVICES_PORT}/received`);
  const all = (await response.json()) as { path: string; body: { text: string } }[];
  return all.filter((m) => m.path === webhookPath).map((m) => m.body.text);
}

/** A new business idea in Customer Segments, saved once; answers its card dialog. */
async function newIdea(page: Page, title: string) {
  await page
    .getByRole('button', { name: 'Add a business hypothesis to Customer Segments' })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Title').fill(title);
  await expect(dialog.getByTestId('saved-check').first()).toBeVisible();
  return dialog;
}

/** The project's activity panel on its Evidence tab. */
async function openEvidence(page: Page) {
  await page.getByRole('button', { name: 'Activity' }).click();
  const panel = page.getByRole('dialog', { name: 'Project activity' });
  await panel.getByRole('tab', { name: 'Evidence' }).click();
  return panel;
}

test('a project owner connects Slack, sends a test message, a published idea is posted with its design file linked, a mailed note arrives through the project inbox, and Slack is disconnected', async ({
  page,
}) => {
  const suffix = uniqueSuffix();
  const webhook = `/services/T${suffix}/B1/ok`;
  await signUpWithOrganization(page, {
    email: `slack.${suffix}@example.com`,
    orgName: `Relay ${suffix}`,
    inviteCode: 'E2EENTERPRISE',
  });
  await createProjectAndOpenSettings(page, 'Relay');

  const slack = page.getByTestId('integration-slack');
  await expect(slack).toContainText('Not connected');
  // An address that is not Slack's is refused with the spec's message (ref 29).
  await slack.getByLabel('Incoming webhook URL').fill('https://example.com/hook');
  await slack.getByLabel('Channel').fill('#discovery');
  await slack.getByRole('button', { name: 'Save Slack settings' }).click();
  await expect(
    page.getByText('The Slack webhook URL is invalid. Please check it and try again.'),
  ).toBeVisible();

  await slack
    .getByLabel('Incoming webhook URL')
    .fill(`http://127.0.0.1:${FAKE_SERVICES_PORT}${webhook}`);
  await slack.getByRole('button', { name: 'Save Slack settings' }).click();
  await expect(slack).toContainText('Connected');
  await slack.getByRole('button', { name: 'Send a test message' }).click();
  await expect(page.getByText('Test message sent to Slack.')).toBeVisible();
  await expect
    .poll(() => slackMessages(webhook))
    .toEqual([expect.stringContaining('updates from Relay will appear here')]);
  await page.screenshot({ path: 'test-results/integrations.png', fullPage: true });

  // A card published on the canvas reaches the channel.
  const projectUrl = page.url().replace(/\/settings$/, '/canvas/business');
  await page.goto(projectUrl);
  const dialog = await newIdea(page, 'Dispatchers want live maps');
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(dialog.getByText('Draft', { exact: true })).toBeHidden();
  // Its design file: only a Figma file or prototype link is taken.
  await dialog.getByLabel('Figma link').fill('https://example.com/not-figma');
  await dialog.getByRole('button', { name: 'Link file' }).click();
  await expect(dialog.getByText(/Please use a link to a Figma file or prototype/)).toBeVisible();
  await dialog
    .getByLabel('Figma link')
    .fill('https://www.figma.com/file/Ab12Cd34Ef56Gh78Ij90Kl/Live-Map');
  await dialog.getByRole('button', { name: 'Link file' }).click();
  await expect(
    dialog.getByTestId('design-file').getByRole('link', { name: 'Live Map' }),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Close card' }).click();
  await expect
    .poll(() => slackMessages(webhook))
    .toContainEqual(expect.stringContaining('Dispatchers want live maps'));

  // The project's inbox: a forwarded mail becomes evidence.
  await page.goto(projectUrl.replace(/\/canvas\/business$/, '/settings'));
  const inbox = page.getByTestId('project-inbox');
  await inbox.getByRole('button', { name: 'Get an address' }).click();
  const address = (await inbox.getByTestId('inbox-address').textContent()) ?? '';
  expect(address).toMatch(/@in\.assay\.test$/);
  const mail = [
    'From: Customer <customer@example.com>',
    `To: ${address}`,
    'Subject: Why we changed dispatch tools',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'The maps were always a day behind.',
  ].join('\r\n');
  // The provider's webhook call (the app host; inbox addresses are not tied to a subdomain).
  const delivered = await page.request.post(`/api/inbound/mail?to=${encodeURIComponent(address)}`, {
    headers: { 'content-type': 'message/rfc822', 'x-inbound-secret': 'e2e-inbound-secret-0123' },
    data: mail,
  });
  expect(delivered.status()).toBe(201);
  await page.goto(projectUrl);
  const panel = await openEvidence(page);
  await expect(panel.getByText('Why we changed dispatch tools')).toBeVisible();
  await page.keyboard.press('Escape');

  // Disconnected, it forgets the webhook.
  await page.goto(projectUrl.replace(/\/canvas\/business$/, '/settings'));
  await page.getByTestId('integration-slack').getByRole('button', { name: 'Disconnect' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByTestId('integration-slack')).toContainText('Not connected');
});

test('a project owner connects Jira and Intercom: an idea is sent as an issue and customer chats arrive as evidence', async ({
  page,
}) => {
  const suffix = uniqueSuffix();
  const fake = `http://127.0.0.1:${FAKE_SERVICES_PORT}`;
  await signUpWithOrganization(page, {
    email: `jira.${suffix}@example.com`,
    orgName: `Tracks ${suffix}`,
    inviteCode: 'E2EENTERPRISE',
  });
  await createProjectAndOpenSettings(page, 'Tracks');

  const jira = page.getByTestId('integration-jira');
  await jira.getByLabel('Jira site').fill(fake);
  await jira.getByLabel('Account email').fill('pm@example.com');
  await jira.getByLabel('API token').fill('wrong');
  await jira.getByRole('button', { name: 'Connect Jira' }).click();
  await expect(
    page.getByText('Jira refused the email and API token. Please check them and try again.'),
  ).toBeVisible();
  await jira.getByLabel('API token').fill('jira-token');
  await jira.getByRole('button', { name: 'Connect Jira' }).click();
  await expect(jira).toContainText('Connected as Pat Manager.');

  const intercom = page.getByTestId('integration-intercom');
  await intercom.getByLabel('Intercom access token').fill('ic-token');
  await intercom.getByRole('button', { name: 'Connect Intercom' }).click();
  await intercom.getByRole('button', { name: 'Import the latest conversations' }).click();
  await expect(intercom.getByTestId('intercom-imported')).toHaveText('2 imported, 0 already here.');

  // An idea sent to Jira keeps its issue.
  const projectUrl = page.url().replace(/\/settings$/, '/canvas/business');
  await page.goto(projectUrl);
  const dialog = await newIdea(page, 'Live maps');
  // Its description, a list, goes to the issue as Markdown (§9: four spaces a level).
  const description = dialog.getByRole('textbox', { name: 'Description' });
  await description.click();
  await page.keyboard.type('Where drivers lose the map:\n- Tunnels\nBridges\n');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Steel ones');
  await expect(dialog.getByTestId('saved-check').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Send to Jira' }).click();
  await expect(dialog.getByLabel('Description', { exact: true }).last()).toHaveValue(
    'Where drivers lose the map:\n\n- Tunnels\n- Bridges\n    - Steel ones',
  );
  await dialog.getByRole('combobox', { name: 'Jira project' }).click();
  await page.getByRole('option', { name: 'Operations (OPS)' }).click();
  await dialog.getByRole('combobox', { name: 'Issue type' }).click();
  await page.getByRole('option', { name: 'Story' }).click();
  await dialog.getByRole('button', { name: 'Create the issue' }).click();
  await expect(dialog.getByTestId('jira-link').getByRole('link', { name: 'OPS-7' })).toBeVisible();
  await dialog.getByTestId('jira-link').getByRole('button', { name: 'Refresh' }).click();
  await expect(dialog.getByTestId('jira-link')).toContainText('In Progress');
  await page.screenshot({ path: 'test-results/jira-card.png', fullPage: true });
  await dialog.getByRole('button', { name: 'Close card' }).click();

  // The customer chats are evidence, in the project's activity.
  const panel = await openEvidence(page);
  await expect(
    panel.getByText(/Conversation 90[12]: the driver app loses the map/).first(),
  ).toBeVisible();
});

test('an interviewer in a Zoom meeting picks the project, records the interview in the browser and brings the meeting recording in', async ({
  page,
}) => {
  const suffix = uniqueSuffix();
  await signUpWithOrganization(page, {
    email: `zoom.${suffix}@example.com`,
    orgName: `Meet ${suffix}`,
    inviteCode: 'E2EENTERPRISE',
  });
  await createProjectAndOpenSettings(page, 'Clinic calls');
  const zoom = page.getByTestId('integration-zoom');
  await zoom.getByLabel('Account ID').fill('acct-e2e');
  await zoom.getByLabel('Client ID').fill('zoom-client');
  await zoom.getByLabel('Client secret').fill('zoom-secret');
  await zoom.getByRole('button', { name: 'Connect Zoom' }).click();
  await expect(zoom).toContainText('Interviews can import their Zoom cloud recordings.');

  // Inside Zoom: the meeting's UUID comes with the address.
  await page.goto(new URL('/zoom/select?meetingUUID=e2e-meeting-1', page.url()).toString());
  await page.getByRole('combobox', { name: 'Project' }).click();
  await page.getByRole('option', { name: 'Clinic calls' }).click();
  await page.getByLabel('Interview title').fill('Call with a clinic manager');
  await expect(page.getByLabel('Zoom meeting UUID')).toHaveValue('e2e-meeting-1');
  await page.getByRole('button', { name: 'Start the interview' }).click();
  await expect(page).toHaveURL(/\/zoom\/interview\?interviewId=/);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('video-meeting')).toContainText('e2e-meeting-1');
  // The interview is also recorded in the browser and uploaded onto the card.
  await dialog.getByRole('button', { name: 'Record audio' }).click();
  await expect(dialog.getByText(/Recording 0:00:0[1-9]/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Stop recording' }).click();
  await expect(dialog.getByText(/interview-recording-.*\.webm/).first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Close card' }).click();
  await page.getByRole('button', { name: 'Import the meeting’s recording' }).click();
  await expect(page.getByTestId('recording-result')).toHaveText(
    'zoom-recording.m4a was added to the interview.',
  );
  await page.screenshot({ path: 'test-results/zoom-interview.png', fullPage: true });
});

test('a founder makes an access token in their profile; their AI assistant reads the projects and adds an interview over MCP, which waits in their drafts; the revoked token stops at once', async ({
  page,
}) => {
  await signUpWithOrganization(page, {
    email: `assistant-${uniqueSuffix()}@example.com`,
    orgName: 'Walk Co',
  });
  await createProjectAndOpenSettings(page, 'Dog walking');

  // Settings → Your profile → Access tokens: a read-and-write token, shown once.
  await page.goto(new URL('/profile', page.url()).toString());
  const tokens = page.getByRole('region', { name: 'Access tokens' });
  await tokens.getByLabel('Name').fill('Desktop assistant');
  await tokens.locator('label', { hasText: 'Read and write' }).click();
  await expect(tokens.getByRole('radio', { name: 'Read and write' })).toBeChecked();
  await tokens.getByRole('button', { name: 'Make token' }).click();
  const shown = tokens.getByTestId('new-access-token');
  await expect(shown).toContainText('Copy it now: it is shown only this once.');
  const token = (await shown.locator('code').first().textContent()) ?? '';
  expect(token).toMatch(/^assay_pat_/);
  await expect(shown).toContainText('"assay-mcp"');
  await page.screenshot({ path: 'test-results/access-token.png', fullPage: true });
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(tokens.getByTestId('new-access-token')).toBeHidden();
  await expect(tokens.getByTestId('access-tokens')).toContainText('Desktop assistant');
  await expect(tokens.getByTestId('access-tokens')).toContainText('Read and write');

  // The assistant, as an MCP client over streamable HTTP with the token.
  // (Node does not resolve *.localhost as the browser does: the same server at its address.)
  const mcpUrl = new URL('/mcp', page.url());
  mcpUrl.hostname = '127.0.0.1';
  const assistant = new Client({ name: 'e2e-assistant', version: '1.0.0' });
  await assistant.connect(
    new StreamableHTTPClientTransport(mcpUrl, {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  const listed = await assistant.callTool({ name: 'list_projects' });
  const projects = JSON.parse((listed.content as { text: string }[])[0]?.text ?? '[]') as {
    id: string;
    name: string;
  }[];
  const project = projects.find((p) => p.name === 'Dog walking');
  expect(project).toBeDefined();
  const added = await assistant.callTool({
    name: 'add_evidence',
    arguments: {
      projectId: project!.id,
      kind: 'interview',
      title: 'Call with Priya',
      text: 'She paid a neighbour’s kid $15 a walk all last summer.',
    },
  });
  expect(added.isError).toBeFalsy();

  // In Assay: the interview waits in its author's drafts; the token shows it was used.
  await page.goto(new URL('/', page.url()).toString());
  await openProject(page, 'Dog walking');
  await page.getByRole('button', { name: 'Activity' }).click();
  const panel = page.getByRole('dialog', { name: 'Project activity' });
  await panel.getByRole('tab', { name: 'Drafts' }).click();
  await expect(panel.getByText('Call with Priya')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto(new URL('/profile', page.url()).toString());
  const row = page.getByTestId('access-tokens').getByRole('row', { name: /Desktop assistant/ });
  await expect(row).not.toContainText('Never');

  // Revoked: the assistant's next call is refused.
  await row.getByRole('button', { name: 'Revoke Desktop assistant' }).click();
  await expect(page.getByText('You have no access tokens.')).toBeVisible();
  await expect(assistant.callTool({ name: 'list_projects' })).rejects.toThrow(/401/);
  await assistant.close();
});
