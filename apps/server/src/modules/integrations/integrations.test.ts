/**
 * Integrations against local servers speaking the services' documented protocols: Slack's
 * incoming webhooks (answers "ok" or an error word), Zapier's REST hooks (410 Gone unsubscribes)
 * and Figma's REST API (GET /v1/files/{key} with X-Figma-Token); API tokens and the clipper.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@assay/domain';
import { buildTestApp } from '../../../test/app.ts';
import { createAgent, type Agent } from '../../../test/agent.ts';
import { createCardAs, createProjectIn, publishedHypothesis } from '../../../test/cards.ts';
import { addMember, onOrg, ownerWithOrganization } from '../../../test/organization.ts';
import { projectIntegrations, zapierHooks } from './schema.ts';

interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}
const received: Received[] = [];
/** Slack answers by the webhook's last path segment; Zapier's /gone hook is gone; Figma knows one file. */
const FIGMA_KEY = 'Ab12Cd34Ef56Gh78Ij90Kl';
const remote = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    const path = request.url ?? '';
    received.push({ path, headers: request.headers, body });
    const slack: Record<string, [number, string]> = {
      ok: [200, 'ok'],
      archived: [410, 'channel_is_archived'],
      unknown: [404, 'no_service'],
      channel: [404, 'channel_not_found'],
      down: [500, 'rollup_error'],
      busy: [429, 'rate_limited'],
    };
    if (path.startsWith('/services/')) {
      const [status, word] = slack[path.split('/').pop() ?? ''] ?? [400, 'invalid_payload'];
      response.writeHead(status, { 'content-type': 'text/plain' }).end(word);
      return;
    }
    if (path.startsWith('/hooks/')) {
      response.writeHead(path.endsWith('/gone') ? 410 : 200).end('{}');
      return;
    }
    if (path.startsWith('/v1/')) {
      if (request.headers['x-figma-token'] !== 'figd_good') {
        response.writeHead(403, { 'content-type': 'application/json' }).end('{"status":403}');
        return;
      }
      if (path === '/v1/me') {
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"1"}');
        return;
      }
      if (path === `/v1/files/${FIGMA_KEY}?depth=1`) {
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(
            JSON.stringify({ name: 'Checkout redesign', thumbnailUrl: 'https://s3.example/t.png' }),
          );
        return;
      }
      response.writeHead(404).end('{"status":404}');
      return;
    }
    response.writeHead(404).end();
  });
});
await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => remote.close(() => resolve())));

const built = await buildTestApp({
  env: {
    SLACK_WEBHOOK_BASE: `${base}/services/`,
    ZAPIER_HOOK_BASE: `${base}/hooks/`,
    FIGMA_API_URL: base,
  },
});

async function world(license = 'enterprise') {
  const { owner, org } = await ownerWithOrganization(built, { license });
  const host = { host: `${org.slug}.assay.test` };
  const projectId = await createProjectIn(owner.agent, org.slug, 'Clinic scheduling');
  return { owner: owner.agent, org, host, projectId };
}
type World = Awaited<ReturnType<typeof world>>;

const slackPut = (w: World, agent: Agent, body: Record<string, unknown>) =>
  agent.put(`/api/proj/projects/${w.projectId}/slack`, body, w.host);
const since = () => {
  const start = received.length;
  return () => received.slice(start);
};

describe('Slack', () => {
  it('keeps the webhook sealed, posts a test message and the chosen events, and maps Slack’s refusals to §8', async () => {
    const w = await world();
    const refused = await slackPut(w, w.owner, {
      webhookUrl: 'https://example.com/services/x',
      channel: '#discovery',
    });
    expect(refused.json()).toMatchObject({ ref: 29, message: ERRORS.slackInvalidWebhook.message });
    const badChannel = await slackPut(w, w.owner, {
      webhookUrl: `${base}/services/T1/B1/ok`,
      channel: 'Not a channel!',
    });
    expect(badChannel.json()).toMatchObject({ ref: 30 });

    const saved = await slackPut(w, w.owner, {
      webhookUrl: `${base}/services/T1/B1/ok`,
      channel: 'discovery',
      events: ['cards.publish', 'comments.create'],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      name: 'slack',
      connected: true,
      authorized: true,
      settings: { channel: '#discovery', events: ['cards.publish', 'comments.create'] },
    });
    // The address is never answered back, and is not readable in the database.
    const read = await w.owner.get(`/api/proj/projects/${w.projectId}/integrations/slack`, w.host);
    expect(read.body).not.toContain('/services/T1/B1/ok');
    const [row] = await built.services.database.db
      .select()
      .from(projectIntegrations)
      .where(eq(projectIntegrations.projectId, w.projectId));
    expect(row?.secret).toBeTruthy();
    expect(row?.secret).not.toContain('services');

    const seen = since();
    const test = await w.owner.post(
      `/api/proj/projects/${w.projectId}/integrations/slack/test`,
      {},
      w.host,
    );
    expect(test.json()).toEqual({ ok: true });
    expect(JSON.parse(seen()[0]!.body)).toMatchObject({
      channel: '#discovery',
      text: expect.stringContaining('Clinic scheduling'),
    });

    // A published card goes to the channel; a draft does not.
    const posted = since();
    await createCardAs(w.owner, w.org.slug, { projectId: w.projectId, title: 'Quiet draft' });
    await publishedHypothesis(w.owner, w.org.slug, w.projectId, 'Nurses book by phone');
    const texts = posted().map((r) => (JSON.parse(r.body) as { text: string }).text);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(/published <http:\/\/.+\/hypothesis\/.+\|Nurses book by phone>/);

    // Others may read the state but not change it.
    const member = await addMember(built, w.owner, w.org, 'collaborator');
    expect(
      (
        await slackPut(w, member.agent, {
          webhookUrl: `${base}/services/T1/B1/ok`,
          channel: 'x',
        })
      ).statusCode,
    ).toBe(403);
    const elsewhere = await world();
    const stranger = await elsewhere.owner.get(
      `/api/proj/projects/${w.projectId}/integrations/slack`,
      elsewhere.host,
    );
    expect(stranger.statusCode).toBe(404);
  });

  it.each([
    ['archived', 35, ERRORS.slackChannelArchived.message],
    ['unknown', 29, ERRORS.slackInvalidWebhook.message],
    ['channel', 30, ERRORS.slackInvalidChannel.message],
    ['down', 36, ERRORS.slackProblem.message],
    ['busy', 47, 'Slack is receiving too many messages from this project. Please try again later.'],
  ])(
    'shows Slack’s “%s” answer as ref %i and marks the integration',
    async (hook, ref, message) => {
      const w = await world();
      await slackPut(w, w.owner, { webhookUrl: `${base}/services/T1/B1/${hook}`, channel: 'x' });
      const test = await w.owner.post(
        `/api/proj/projects/${w.projectId}/integrations/slack/test`,
        {},
        w.host,
      );
      expect(test.json()).toMatchObject({ ref, message });
      const state = (
        await w.owner.get(`/api/proj/projects/${w.projectId}/integrations/slack`, w.host)
      ).json() as { invalid: boolean; lastError: string };
      expect(state).toMatchObject({ invalid: true, lastError: message });
    },
  );

  it('disconnects: the settings and the sealed webhook are gone', async () => {
    const w = await world();
    await slackPut(w, w.owner, { webhookUrl: `${base}/services/T1/B1/ok`, channel: 'x' });
    const gone = await w.owner.delete(
      `/api/proj/projects/${w.projectId}/integrations/slack`,
      undefined,
      w.host,
    );
    expect(gone.json()).toMatchObject({ connected: false });
    const rows = await built.services.database.db
      .select()
      .from(projectIntegrations)
      .where(eq(projectIntegrations.projectId, w.projectId));
    expect(rows).toHaveLength(0);
  });
});

describe('Zapier', () => {
  it('subscribes with the project’s key, gets new and updated cards, stops when turned off, and drops a 410 hook', async () => {
    const w = await world();
    const connect = await w.owner.put(`/api/proj/projects/${w.projectId}/zapier`, {}, w.host);
    expect(connect.json()).toMatchObject({ connected: true, enabled: true });
    const { token } = (
      await w.owner.get(`/api/proj/projects/${w.projectId}/token`, w.host)
    ).json() as { token: string };
    // The same key every time the owner asks.
    expect(
      (
        (await w.owner.get(`/api/proj/projects/${w.projectId}/token`, w.host)).json() as {
          token: string;
        }
      ).token,
    ).toBe(token);
    const zapier = createAgent(built.app);
    const key = { 'x-api-key': token };
    expect((await zapier.get('/api/zapier/me', key)).json()).toMatchObject({
      name: 'Clinic scheduling',
    });
    expect((await zapier.get('/api/zapier/me', { 'x-api-key': 'wrong' })).statusCode).toBe(401);
    const notZapier = await zapier.post(
      '/api/zapier/hooks',
      { hookUrl: 'https://example.com/catch', event: 'card.created' },
      key,
    );
    expect(notZapier.statusCode).toBe(400);
    const created = await zapier.post(
      '/api/zapier/hooks',
      { hookUrl: `${base}/hooks/catch/1/created`, event: 'card.created' },
      key,
    );
    expect(created.statusCode).toBe(201);
    await zapier.post(
      '/api/zapier/hooks',
      { hookUrl: `${base}/hooks/catch/1/updated`, event: 'card.updated' },
      key,
    );

    const seen = since();
    const card = await publishedHypothesis(w.owner, w.org.slug, w.projectId, 'Clinics want SMS');
    await onOrg(w.owner, w.org.slug, 'mutation($i: JSON!) { updateHypothesis(input: $i) { id } }', {
      i: { cardId: card.id, version: card.version, title: 'Clinics want SMS reminders' },
    });
    const deliveries = seen().filter((r) => r.path.startsWith('/hooks/'));
    expect(deliveries.map((d) => d.path)).toEqual([
      '/hooks/catch/1/created',
      '/hooks/catch/1/updated',
    ]);
    expect(JSON.parse(deliveries[0]!.body)).toMatchObject({
      id: card.id,
      event: 'card.created',
      title: 'Clinics want SMS',
      projectId: w.projectId,
    });
    expect(JSON.parse(deliveries[1]!.body)).toMatchObject({ title: 'Clinics want SMS reminders' });

    // Turned off: nothing is sent, and Zapier's calls are refused.
    await w.owner.request(
      'PATCH',
      `/api/proj/projects/${w.projectId}/zapier`,
      { enabled: false },
      w.host,
    );
    const quiet = since();
    await publishedHypothesis(w.owner, w.org.slug, w.projectId, 'Not sent');
    expect(quiet().filter((r) => r.path.startsWith('/hooks/'))).toHaveLength(0);
    expect((await zapier.get('/api/zapier/me', key)).statusCode).toBe(403);

    // On again; a Zap that was deleted answers 410 and its subscription goes.
    await w.owner.request(
      'PATCH',
      `/api/proj/projects/${w.projectId}/zapier`,
      { enabled: true },
      w.host,
    );
    const gone = await zapier.post(
      '/api/zapier/hooks',
      { hookUrl: `${base}/hooks/catch/1/gone`, event: 'card.created' },
      key,
    );
    await publishedHypothesis(w.owner, w.org.slug, w.projectId, 'Last one');
    const hooks = await built.services.database.db
      .select()
      .from(zapierHooks)
      .where(eq(zapierHooks.projectId, w.projectId));
    expect(hooks.map((h) => h.hookUrl)).not.toContain(`${base}/hooks/catch/1/gone`);
    expect((gone.json() as { id: string }).id).toBeTruthy();
    const removed = await zapier.delete(
      `/api/zapier/hooks/${(created.json() as { id: string }).id}`,
      undefined,
      key,
    );
    expect(removed.json()).toEqual({ ok: true });
    // A collaborator cannot read the project's key.
    const member = await addMember(built, w.owner, w.org, 'collaborator');
    expect(
      (await member.agent.get(`/api/proj/projects/${w.projectId}/token`, w.host)).statusCode,
    ).toBe(403);
  });
});

describe('Figma', () => {
  const link = `https://www.figma.com/file/${FIGMA_KEY}/Checkout-Redesign`;

  it('links design files on idea cards: only Figma files, named by Figma with the project’s token', async () => {
    const w = await world();
    const card = await publishedHypothesis(w.owner, w.org.slug, w.projectId, 'One-tap checkout');
    const put = (url: string | null) =>
      w.owner.put(`/api/canvas/cards/${card.id}/figma`, { url }, w.host);
    const wrong = await put('https://example.com/file/abc');
    expect(wrong.json()).toMatchObject({
      message:
        'Please use a link to a Figma file or prototype, like https://www.figma.com/design/…',
    });
    // Without a token the name comes from the link.
    expect((await put(link)).json()).toEqual({
      figma: { url: link, name: 'Checkout Redesign', thumbnailUrl: null },
    });
    const badToken = await w.owner.put(
      `/api/proj/projects/${w.projectId}/figma`,
      { accessToken: 'figd_bad' },
      w.host,
    );
    expect(badToken.json()).toMatchObject({
      message: 'Figma refused the access token. Please check it and try again.',
    });
    await w.owner.put(
      `/api/proj/projects/${w.projectId}/figma`,
      { accessToken: 'figd_good' },
      w.host,
    );
    expect((await put(link)).json()).toEqual({
      figma: { url: link, name: 'Checkout redesign', thumbnailUrl: 'https://s3.example/t.png' },
    });
    const shown = await onOrg(
      w.owner,
      w.org.slug,
      'query($id: ID!) { card(cardId: $id) { hypothesis { figma { url name thumbnailUrl } } } }',
      { id: card.id },
    );
    expect(shown.data?.card).toEqual({
      hypothesis: {
        figma: { url: link, name: 'Checkout redesign', thumbnailUrl: 'https://s3.example/t.png' },
      },
    });
    expect((await put(null)).json()).toEqual({ figma: null });
  });

  it('is an enterprise feature', async () => {
    const w = await world('team');
    const refused = await w.owner.put(`/api/proj/projects/${w.projectId}/figma`, {}, w.host);
    expect(refused.json()).toMatchObject({ message: ERRORS.featureUnavailable.message });
  });
});

describe('browser extension', () => {
  it('gives each member one personal token that posts evidence into their projects until revoked', async () => {
    const w = await world();
    const first = (await w.owner.get('/api/users/tokens', w.host)).json() as {
      tokens: { id: string; token: string }[];
    };
    const again = (await w.owner.get('/api/users/tokens', w.host)).json() as typeof first;
    expect(again.tokens).toEqual(first.tokens);
    const token = first.tokens[0]!.token;
    expect(token).toMatch(/^asy_/);

    const clipper = createAgent(built.app);
    const auth = { ...w.host, authorization: `Bearer ${token}` };
    const projects = (await clipper.get('/api/extension/projects', auth)).json() as {
      projects: { id: string; name: string }[];
    };
    expect(projects.projects).toContainEqual({ id: w.projectId, name: 'Clinic scheduling' });
    const clipped = await clipper.post(
      '/api/extension/evidence',
      {
        projectId: w.projectId,
        title: 'Forum: clinics drop paper calendars',
        text: 'We moved to online booking last spring.',
        url: 'https://forum.example/t/42',
      },
      auth,
    );
    expect(clipped.statusCode).toBe(201);
    const { id } = clipped.json() as { id: string };
    const card = await onOrg(
      w.owner,
      w.org.slug,
      'query($id: ID!) { card(cardId: $id) { type title draft isEvidence } }',
      { id },
    );
    expect(card.data?.card).toEqual({
      type: 'post',
      title: 'Forum: clinics drop paper calendars',
      draft: false,
      isEvidence: true,
    });
    // The token only opens the extension's calls.
    expect((await clipper.get('/api/users/tokens', auth)).statusCode).toBe(401);
    // Another organisation's project is not found with it.
    const other = await world();
    const elsewhere = await clipper.post(
      '/api/extension/evidence',
      { projectId: other.projectId, title: 'x', text: 'y' },
      auth,
    );
    expect(elsewhere.statusCode).toBe(404);

    await w.owner.delete(`/api/users/tokens/${first.tokens[0]!.id}`, undefined, w.host);
    expect((await clipper.get('/api/extension/projects', auth)).statusCode).toBe(401);
  });
});
