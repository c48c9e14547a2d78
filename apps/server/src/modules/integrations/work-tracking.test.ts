/**
 * Jira, Trello and Intercom against a local server speaking the parts of their REST APIs the
 * clients use: requests checked (auth headers, query keys, bodies), answers in their documented
 * shapes, and their refusals (401, 429, field errors) shown as the spec says.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { ERRORS, MESSAGES } from '@assay/domain';
import { buildTestApp } from '../../../test/app.ts';
import { createProjectIn, publishedHypothesis } from '../../../test/cards.ts';
import { addMember, onOrg, ownerWithOrganization } from '../../../test/organization.ts';

const JIRA_AUTH = `Basic ${Buffer.from('pm@example.com:jira-token').toString('base64')}`;
const requests: {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}[] = [];
let trelloMode: 'ok' | 'denied' | 'limited' | 'broken' = 'ok';
/** Jira and Intercom answer 429 while this is on. */
let throttled = false;

const json = (response: ServerResponse, status: number, body: unknown) =>
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

const remote = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    const url = new URL(request.url ?? '/', 'http://x');
    requests.push({
      method: request.method ?? 'GET',
      path: url.pathname + url.search,
      headers: request.headers,
      body,
    });
    // Jira Cloud.
    if (throttled) return json(response, 429, { errorMessages: ['Rate limit exceeded'] });
    if (url.pathname.startsWith('/rest/api/3/')) {
      if (request.headers.authorization !== JIRA_AUTH)
        return json(response, 401, { errorMessages: ['Unauthorized'] });
      if (url.pathname === '/rest/api/3/myself')
        return json(response, 200, { displayName: 'Pat Manager' });
      if (url.pathname === '/rest/api/3/issue/createmeta')
        return json(response, 200, {
          projects: [
            {
              key: 'OPS',
              name: 'Operations',
              issuetypes: [
                { id: '1', name: 'Story' },
                { id: '2', name: 'Sub-task', subtask: true },
              ],
            },
          ],
        });
      if (url.pathname === '/rest/api/3/issue' && request.method === 'POST') {
        const sent = JSON.parse(body) as {
          fields: { project: { key: string }; issuetype: { name: string } };
        };
        if (sent.fields.project.key !== 'OPS')
          return json(response, 400, {
            errorMessages: [],
            errors: { project: 'valid project is required' },
          });
        return json(response, 201, { id: '10001', key: 'OPS-7', self: 'x' });
      }
      if (url.pathname === '/rest/api/3/issue/OPS-7')
        return json(response, 200, {
          id: '10001',
          key: 'OPS-7',
          fields: {
            summary: 'Dispatchers want live maps',
            status: { name: 'In Progress' },
            assignee: { displayName: 'Sam' },
          },
        });
      return json(response, 404, { errorMessages: ['Not found'] });
    }
    // Trello.
    if (url.pathname.startsWith('/1/')) {
      if (url.searchParams.get('key') !== 'trello-key') return json(response, 401, 'invalid key');
      if (trelloMode === 'denied' || url.searchParams.get('token') !== 'trello-token')
        return response.writeHead(401).end('invalid token');
      if (trelloMode === 'limited') return response.writeHead(429).end('rate limited');
      if (trelloMode === 'broken') return response.writeHead(500).end('oops');
      if (url.pathname === '/1/members/me')
        return json(response, 200, { id: 'm1', username: 'pat' });
      if (
        url.pathname === '/1/cards/AbCd1234' ||
        url.pathname === '/1/cards/5f0000000000000000000001'
      )
        return json(response, 200, {
          id: '5f0000000000000000000001',
          name: 'Build the live map',
          url: 'https://trello.com/c/AbCd1234/12-build-the-live-map',
          closed: false,
          list: { id: 'l1', name: 'Doing' },
        });
      return response.writeHead(404).end('not found');
    }
    // Intercom.
    if (request.headers.authorization !== 'Bearer ic-token')
      return json(response, 401, { type: 'error.list' });
    if (url.pathname === '/me')
      return json(response, 200, { type: 'admin', app: { name: 'Relay', id_code: 'abc123' } });
    if (url.pathname === '/conversations')
      return json(response, 200, {
        type: 'conversation.list',
        conversations: [{ id: '501' }, { id: '502' }],
      });
    if (url.pathname === '/conversations/501' || url.pathname === '/conversations/502')
      return json(response, 200, {
        type: 'conversation',
        id: url.pathname.split('/').pop(),
        created_at: 1_700_000_000,
        title: null,
        source: {
          subject: '',
          body: '<p>Our drivers cannot see the <b>live</b> map.</p>',
          author: { type: 'user', name: 'Dana Driver' },
          attachments: [{ name: 'screen.png', url: 'https://files.example/screen.png' }],
        },
        conversation_parts: {
          conversation_parts: [
            {
              part_type: 'comment',
              body: '<p>Thanks, we are on it.</p>',
              created_at: 1_700_000_100,
              author: { type: 'admin', name: 'Pat' },
              attachments: [],
            },
            {
              part_type: 'assignment',
              body: null,
              created_at: 1_700_000_200,
              author: { type: 'bot', name: 'Fin' },
              attachments: [],
            },
          ],
        },
      });
    return json(response, 404, {});
  });
});
await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => remote.close(() => resolve())));

const built = await buildTestApp({
  env: { TRELLO_API_URL: base, TRELLO_API_KEY: 'trello-key', INTERCOM_API_URL: base },
});

async function world() {
  const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
  const host = { host: `${org.slug}.assay.test` };
  const projectId = await createProjectIn(owner.agent, org.slug, 'Relay');
  const card = await publishedHypothesis(
    owner.agent,
    org.slug,
    projectId,
    'Dispatchers want live maps',
  );
  return { owner: owner.agent, org, host, projectId, card };
}

describe('Jira', () => {
  it('connects with a site, email and token, sends an idea as an issue, refreshes it and disconnects it', async () => {
    const w = await world();
    const configure = (body: Record<string, unknown>) =>
      w.owner.put(`/api/proj/projects/${w.projectId}/jira?configure=true`, body, w.host);
    const wrong = await configure({ baseUrl: base, email: 'pm@example.com', apiToken: 'nope' });
    expect(wrong.json()).toMatchObject({ message: ERRORS.jiraUnauthorized.message });
    const saved = await configure({
      baseUrl: `${base}/`,
      email: 'pm@example.com',
      apiToken: 'jira-token',
    });
    expect(saved.json()).toMatchObject({
      connected: true,
      settings: { baseUrl: base, account: 'Pat Manager' },
    });
    expect(saved.body).not.toContain('jira-token');

    const card = `/api/canvas/cards/${w.card.id}/jira`;
    const meta = await w.owner.get(`${card}/createMeta`, w.host);
    expect(meta.json()).toEqual({
      // The issue starts from the card's description, in Markdown (none written yet).
      description: '',
      projects: [{ key: 'OPS', name: 'Operations', issueTypes: [{ id: '1', name: 'Story' }] }],
    });
    // Jira's field errors come back as its words.
    const refused = await w.owner.post(
      card,
      { projectKey: 'NOPE', type: 'Story', description: '' },
      w.host,
    );
    expect(refused.json()).toMatchObject({ message: 'project: valid project is required' });
    const sent = await w.owner.post(
      card,
      { projectKey: 'OPS', type: 'Story', description: 'Line one\nLine two' },
      w.host,
    );
    expect(sent.json()).toMatchObject({ jiraLink: { key: 'OPS-7', url: `${base}/browse/OPS-7` } });
    const issue = JSON.parse(
      requests.filter((r) => r.path === '/rest/api/3/issue').at(-1)!.body,
    ) as {
      fields: Record<string, unknown>;
    };
    expect(issue.fields).toMatchObject({
      project: { key: 'OPS' },
      summary: 'Dispatchers want live maps',
      issuetype: { name: 'Story' },
      description: {
        type: 'doc',
        version: 1,
        content: [
          { type: 'paragraph', content: [{ type: 'text', text: 'Line one' }] },
          { type: 'paragraph', content: [{ type: 'text', text: 'Line two' }] },
        ],
      },
    });
    const again = await w.owner.post(card, { projectKey: 'OPS', type: 'Story' }, w.host);
    expect(again.json()).toMatchObject({ message: 'This card is already linked to OPS-7.' });

    // Jira's rate limit is said as such, and nothing changes on the card.
    throttled = true;
    const limited = await w.owner.get(`${card}/getIssue`, w.host);
    throttled = false;
    expect(limited.json()).toMatchObject({
      statusCode: 429,
      message: ERRORS.jiraRateLimited.message,
    });
    const fresh = await w.owner.get(`${card}/getIssue`, w.host);
    expect(fresh.json()).toMatchObject({ jiraLink: { status: 'In Progress', assignee: 'Sam' } });
    const shown = await onOrg(
      w.owner,
      w.org.slug,
      'query($id: ID!) { card(cardId: $id) { hypothesis { jiraLink { key status url } } } }',
      {
        id: w.card.id,
      },
    );
    expect(shown.data?.card).toEqual({
      hypothesis: {
        jiraLink: { key: 'OPS-7', status: 'In Progress', url: `${base}/browse/OPS-7` },
      },
    });
    const member = await addMember(built, w.owner, w.org, 'limitedContributor');
    expect((await member.agent.get(`${card}/deleteConnection`, w.host)).statusCode).toBe(403);
    expect((await w.owner.get(`${card}/deleteConnection`, w.host)).json()).toEqual({
      jiraLink: null,
    });
  });
});

describe('Trello', () => {
  it('links Trello cards to an idea, lists them as Trello has them, shows the §8 messages and unlinks them', async () => {
    const w = await world();
    trelloMode = 'ok';
    const bad = await w.owner.post(
      `/api/proj/projects/${w.projectId}/trello`,
      { accessToken: 'wrong' },
      w.host,
    );
    expect(bad.json()).toMatchObject({ message: MESSAGES.trelloPermissionDenied });
    const ok = await w.owner.post(
      `/api/proj/projects/${w.projectId}/trello`,
      { accessToken: 'trello-token' },
      w.host,
    );
    expect(ok.json()).toMatchObject({ connected: true, settings: { account: 'pat' } });

    const cardUrl = `/api/canvas/cards/${w.card.id}/trello`;
    const notTrello = await w.owner.post(
      cardUrl,
      { url: 'https://example.com/c/AbCd1234' },
      w.host,
    );
    expect(notTrello.json()).toMatchObject({
      message: 'Please use a link to a Trello card, like https://trello.com/c/…',
    });
    const linked = await w.owner.post(
      cardUrl,
      { url: 'https://trello.com/c/AbCd1234/12-build-the-live-map' },
      w.host,
    );
    expect(linked.json()).toMatchObject({
      connection: { id: '5f0000000000000000000001', name: 'Build the live map' },
    });
    expect((await w.owner.get(cardUrl, w.host)).json()).toEqual({
      connections: [
        {
          id: '5f0000000000000000000001',
          name: 'Build the live map',
          url: 'https://trello.com/c/AbCd1234/12-build-the-live-map',
          closed: false,
          list: { name: 'Doing' },
        },
      ],
    });
    for (const [mode, message] of [
      ['denied', MESSAGES.trelloPermissionDenied],
      ['limited', MESSAGES.trelloRateLimited],
      ['broken', MESSAGES.trelloListFailed],
    ] as const) {
      trelloMode = mode;
      expect((await w.owner.get(cardUrl, w.host)).json()).toMatchObject({ message });
    }
    trelloMode = 'ok';
    expect(
      (await w.owner.delete(`${cardUrl}/5f0000000000000000000001`, undefined, w.host)).json(),
    ).toEqual({ ok: true });
    expect((await w.owner.get(cardUrl, w.host)).json()).toEqual({ connections: [] });
  });
});

describe('Intercom', () => {
  it('imports conversations as published chat-conversation cards with every part, once each', async () => {
    const w = await world();
    const connected = await w.owner.put(
      `/api/proj/projects/${w.projectId}/intercom`,
      { accessToken: 'ic-token' },
      w.host,
    );
    expect(connected.json()).toMatchObject({ connected: true, settings: { workspace: 'Relay' } });
    const imported = await w.owner.post(
      `/api/proj/projects/${w.projectId}/integrations/intercom/import`,
      {},
      w.host,
    );
    expect(imported.json()).toMatchObject({ imported: 2, skipped: 0 });
    const again = await w.owner.post(
      `/api/proj/projects/${w.projectId}/integrations/intercom/import`,
      {},
      w.host,
    );
    expect(again.json()).toMatchObject({ imported: 0, skipped: 2 });
    const id = (imported.json() as { cardIds: string[] }).cardIds[0]!;
    const card = await onOrg(
      w.owner,
      w.org.slug,
      `query($id: ID!) { card(cardId: $id) { type title draft isEvidence
        evidence { conversation { conversationId url conversationParts { type body authorName authorType attachments { name url } } } } } }`,
      { id },
    );
    expect(card.data?.card).toEqual({
      type: 'intercom',
      title: 'Our drivers cannot see the live map.',
      draft: false,
      isEvidence: true,
      evidence: {
        conversation: {
          conversationId: '501',
          url: 'https://app.intercom.com/a/apps/abc123/inbox/conversation/501',
          conversationParts: [
            {
              type: 'opening',
              body: 'Our drivers cannot see the live map.',
              authorName: 'Dana Driver',
              authorType: 'user',
              attachments: [{ name: 'screen.png', url: 'https://files.example/screen.png' }],
            },
            {
              type: 'comment',
              body: 'Thanks, we are on it.',
              authorName: 'Pat',
              authorType: 'admin',
              attachments: [],
            },
          ],
        },
      },
    });
    expect(requests.some((r) => r.headers['intercom-version'] === '2.11')).toBe(true);
  });
});
