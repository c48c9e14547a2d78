/**
 * Playwright global set-up: local stand-ins for the outside services journeys connect to, each
 * speaking the part of its documented API the app uses: Slack's incoming webhooks (GET /received
 * lists what was posted), Jira Cloud's REST API v3 (any email with the token "jira-token"),
 * Intercom's REST API (the token "ic-token", two conversations) and Zoom's Server-to-Server OAuth,
 * cloud recordings and their download (client "zoom-client" with secret "zoom-secret"), and the
 * support chat widget's script (/widget/{appId}): it takes over `window.Intercom` as Intercom's
 * Messenger does, running the queued calls, and records every call in `window.supportChatCalls`.
 */
import { createServer, type ServerResponse } from 'node:http';

export const FAKE_SERVICES_PORT = Number(process.env.E2E_FAKE_PORT ?? 3199);
/** The support chat's identity-verification secret the e2e server is given. */
export const SUPPORT_CHAT_SECRET = 'e2e-support-chat-secret-0123';

const json = (response: ServerResponse, status: number, body: unknown) =>
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

function jira(path: string, method: string, authorization: string, response: ServerResponse) {
  const token = Buffer.from(authorization.replace(/^Basic /, ''), 'base64')
    .toString()
    .split(':')[1];
  if (token !== 'jira-token') return json(response, 401, { errorMessages: ['Unauthorized'] });
  if (path === '/rest/api/3/myself') return json(response, 200, { displayName: 'Pat Manager' });
  if (path.startsWith('/rest/api/3/issue/createmeta'))
    return json(response, 200, {
      projects: [{ key: 'OPS', name: 'Operations', issuetypes: [{ id: '1', name: 'Story' }] }],
    });
  if (path === '/rest/api/3/issue' && method === 'POST')
    return json(response, 201, { id: '10001', key: 'OPS-7' });
  if (path.startsWith('/rest/api/3/issue/OPS-7'))
    return json(response, 200, {
      id: '10001',
      key: 'OPS-7',
      fields: { summary: 'Live maps', status: { name: 'In Progress' }, assignee: null },
    });
  return json(response, 404, { errorMessages: ['Not found'] });
}

function intercom(path: string, authorization: string, response: ServerResponse) {
  if (authorization !== 'Bearer ic-token') return json(response, 401, { type: 'error.list' });
  if (path === '/me')
    return json(response, 200, { app: { name: 'Relay support', id_code: 'e2e' } });
  if (path.startsWith('/conversations?'))
    return json(response, 200, { conversations: [{ id: '901' }, { id: '902' }] });
  const id = /^\/conversations\/(\d+)/.exec(path)?.[1];
  if (id)
    return json(response, 200, {
      id,
      created_at: 1_700_000_000,
      source: {
        body: `<p>Conversation ${id}: the driver app loses the map.</p>`,
        author: { type: 'user', name: 'Dana Driver' },
        attachments: [],
      },
      conversation_parts: { conversation_parts: [] },
    });
  return json(response, 404, {});
}

/** The Messenger stand-in: replays the snippet's queue, then records calls as they come. */
const WIDGET_SCRIPT = `(() => {
  const calls = (window.supportChatCalls = window.supportChatCalls || []);
  const queued = (window.Intercom && window.Intercom.q) || [];
  const messenger = (...args) => calls.push(JSON.parse(JSON.stringify(args)));
  window.Intercom = messenger;
  for (const args of queued) messenger(...args);
})();`;

function zoom(path: string, authorization: string, host: string, response: ServerResponse) {
  if (path.startsWith('/oauth/token')) {
    const ok =
      authorization === `Basic ${Buffer.from('zoom-client:zoom-secret').toString('base64')}`;
    return ok
      ? json(response, 200, { access_token: 'zoom-access', expires_in: 3600 })
      : json(response, 401, { reason: 'Invalid client_id or client_secret' });
  }
  if (authorization !== 'Bearer zoom-access') return json(response, 401, { code: 124 });
  if (/^\/v2\/meetings\/[^/]+\/recordings$/.test(path))
    return json(response, 200, {
      recording_files: [
        { file_type: 'M4A', status: 'completed', download_url: `http://${host}/zoom/rec/audio` },
      ],
    });
  if (path === '/rec/audio')
    return response.writeHead(200, { 'content-type': 'audio/mp4' }).end(Buffer.from('ftypM4A'));
  return json(response, 404, {});
}

export default async function startFakeServices() {
  const received: { path: string; body: unknown }[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const path = request.url ?? '';
      const authorization = request.headers.authorization ?? '';
      if (request.method === 'GET' && path === '/received') return json(response, 200, received);
      if (path.startsWith('/services/')) {
        received.push({ path, body: JSON.parse(body || 'null') as unknown });
        if (path.endsWith('/archived')) response.writeHead(410).end('channel_is_archived');
        else response.writeHead(200).end('ok');
        return;
      }
      if (path.startsWith('/rest/api/3/'))
        return jira(path, request.method ?? 'GET', authorization, response);
      if (path.startsWith('/zoom/'))
        return zoom(
          path.slice('/zoom'.length),
          authorization,
          request.headers.host ?? '',
          response,
        );
      if (path.startsWith('/widget/')) {
        response.writeHead(200, { 'content-type': 'text/javascript' }).end(WIDGET_SCRIPT);
        return;
      }
      if (path.startsWith('/intercom/'))
        return intercom(path.slice('/intercom'.length), authorization, response);
      response.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(FAKE_SERVICES_PORT, '127.0.0.1', resolve));
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
