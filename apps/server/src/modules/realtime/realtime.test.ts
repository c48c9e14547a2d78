import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SESSION_COOKIE } from '@assay/domain';
import { buildApp, type BuiltApp } from '../../app.ts';
import type { Agent } from '../../../test/agent.ts';
import { buildTestApp, testConfig } from '../../../test/app.ts';
import {
  cardMutation,
  createCardAs,
  createProjectIn,
  publishedHypothesis,
} from '../../../test/cards.ts';
import { openSecondConnection } from '../../../test/database.ts';
import { academicWorld, makeCohort, makeTeam } from '../../../test/cohorts.ts';
import { addMember, onOrg, ownerWithOrganization } from '../../../test/organization.ts';

const built = await buildTestApp();
await built.app.listen({ port: 0, host: '127.0.0.1' });
const port = (built.app.server.address() as AddressInfo).port;

interface Message {
  event: string;
  subjectId?: string;
  projectId?: string;
  at?: string;
  changes?: Record<string, unknown>;
}

/** Opens a websocket as the agent; resolves once subscribed, or with the refusal status. */
function subscribe(
  agent: Agent | null,
  path: string,
  options: { port?: number; origin?: string } = {},
): Promise<{ socket: WebSocket; messages: Message[]; subscribed: Message } | { status: number }> {
  const token = agent?.cookies.get(SESSION_COOKIE);
  const socket = new WebSocket(`ws://127.0.0.1:${options.port ?? port}${path}`, {
    headers: {
      ...(token ? { cookie: `${SESSION_COOKIE}=${token}` } : {}),
      ...(options.origin ? { origin: options.origin } : {}),
    },
  });
  const messages: Message[] = [];
  return new Promise((resolve, reject) => {
    socket.on('unexpected-response', (_request, response) => {
      resolve({ status: response.statusCode ?? 0 });
      socket.terminate();
    });
    socket.on('error', (error) => reject(error));
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString()) as Message;
      if (message.event === 'realtime.subscribed')
        resolve({ socket, messages, subscribed: message });
      else messages.push(message);
    });
  });
}

function opened(result: Awaited<ReturnType<typeof subscribe>>) {
  if ('status' in result) throw new Error(`refused with ${result.status}`);
  return result;
}

async function until(messages: Message[], event: string, timeout = 1000) {
  const end = Date.now() + timeout;
  while (Date.now() < end) {
    const found = messages.find((m) => m.event === event);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no ${event} within ${timeout} ms: ${JSON.stringify(messages)}`);
}

describe('realtime subscriptions', () => {
  it('sends a project card event to a subscribed member within a second', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const projectId = await createProjectIn(owner.agent, org.slug, 'Live');
    const live = opened(await subscribe(owner.agent, `/sub/p${projectId}?o=${org.id}`));
    const { card } = await createCardAs(owner.agent, org.slug, { projectId, title: 'Fresh' });
    const message = await until(live.messages, 'cards.create');
    expect(message).toMatchObject({ subjectId: card!.id, projectId });
    live.socket.close();
  });

  it('says on subscribing when the project’s newest event was recorded (a screen that loaded before may have missed it)', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const projectId = await createProjectIn(owner.agent, org.slug, 'Since');
    const before = Date.now();
    await createCardAs(owner.agent, org.slug, { projectId, title: 'Latest news' });
    const after = Date.now();
    const live = opened(await subscribe(owner.agent, `/sub/p${projectId}?o=${org.id}`));
    const last = Date.parse(String(live.subscribed.changes?.lastEventAt));
    // The card's event, recorded between the two (the database's clock is this machine's).
    expect(last).toBeGreaterThanOrEqual(before - 1000);
    expect(last).toBeLessThanOrEqual(after + 1000);
    expect(last).toBeLessThanOrEqual(Date.parse(String(live.subscribed.at)));
    live.socket.close();
    // An organisation's channel has no such record: nothing is said.
    const org2 = opened(await subscribe(owner.agent, `/sub/o${org.id}?o=${org.id}`));
    expect(org2.subscribed.changes).toBeUndefined();
    org2.socket.close();
  });

  it("says on subscribing to a member's inbox when their newest notification was made", async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const member = await addMember(built, owner.agent, org, 'collaborator');
    const inbox = `/sub/i${member.profileId}?o=${org.id}`;
    // None yet: nothing is said.
    const empty = opened(await subscribe(member.agent, inbox));
    expect(empty.subscribed.changes).toBeUndefined();
    empty.socket.close();
    const projectId = await createProjectIn(owner.agent, org.slug, 'Inbox');
    const card = await publishedHypothesis(owner.agent, org.slug, projectId, 'Named');
    const before = Date.now();
    // Named on the card: a notification for the member.
    await cardMutation(owner.agent, org.slug, 'updateHypothesis', {
      cardId: card.id,
      version: card.version,
      members: [member.profileId],
    });
    const after = Date.now();
    const live = opened(await subscribe(member.agent, inbox));
    const last = Date.parse(String(live.subscribed.changes?.lastEventAt));
    expect(last).toBeGreaterThanOrEqual(before - 1000);
    expect(last).toBeLessThanOrEqual(after + 1000);
    live.socket.close();
  });

  it('tells a cohort’s screens when anything of the cohort changes, and only its people (#26)', async () => {
    const w = await academicWorld(built);
    const { cohort } = await makeCohort(w, 'id');
    const cohortId = cohort!.id;
    const { cohort: withTeam } = await makeTeam<{ teams: { id: string; name: string }[] }>(
      w,
      'teams { id name }',
      cohortId,
      'Rocket',
    );
    const team = withTeam!.teams.find((t) => t.name === 'Rocket')!;
    const live = opened(await subscribe(w.owner, `/sub/c${cohortId}?o=${w.org.id}`));
    const { card } = await createCardAs(w.owner, w.org.slug, { projectId: team.id, title: 'Live' });
    expect(card).toBeDefined();
    const message = await until(live.messages, 'cohorts.changed');
    // It says only that something changed, and what kind of thing.
    expect(message).toMatchObject({ subjectId: cohortId, projectId: null });
    expect(JSON.stringify(message)).not.toContain('Live');
    live.socket.close();
    // Someone of the organisation with no part in the cohort, and a stranger: refused.
    const outsider = await addMember(built, w.owner, w.org, 'collaborator');
    // Not even told the cohort exists.
    expect(await subscribe(outsider.agent, `/sub/c${cohortId}?o=${w.org.id}`)).toMatchObject({
      status: 404,
    });
    const stranger = await ownerWithOrganization(built);
    expect(
      await subscribe(stranger.owner.agent, `/sub/c${cohortId}?o=${stranger.org.id}`),
    ).toMatchObject({ status: 403 });
  });

  it('carries the agent’s steps on the project’s agent channel, and a member’s own changes on theirs (#48)', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const made = await onOrg(
      owner.agent,
      org.slug,
      'mutation($input: CreateProjectInput!) { createProject(input: $input) { id } }',
      {
        input: {
          name: 'Agent news',
          description:
            'Agent News sends restaurant owners a morning digest of what their customers said online the day before, with the three complaints to fix first.',
          language: 'en-US',
          generate: false,
        },
      },
    );
    const projectId = (made.data?.createProject as { id: string }).id;
    const agentChannel = opened(await subscribe(owner.agent, `/sub/a${projectId}?o=${org.id}`));
    const started = await onOrg(
      owner.agent,
      org.slug,
      'mutation($p: ID!) { generateProjectData(projectId: $p) { generation { status } } }',
      { p: projectId },
    );
    expect(started.errors).toBeUndefined();
    const step = await until(agentChannel.messages, 'generation.queued', 3000);
    expect(step).toMatchObject({ projectId, changes: { kind: 'project' } });
    // Only the agent's: a card of the project is not on it.
    await createCardAs(owner.agent, org.slug, { projectId, title: 'Not agent news' });
    await until(agentChannel.messages, 'generation.success', 10_000);
    expect(agentChannel.messages.some((m) => m.event === 'cards.create')).toBe(false);
    agentChannel.socket.close();

    const member = await addMember(built, owner.agent, org, 'collaborator');
    const own = opened(await subscribe(member.agent, `/sub/m${member.profileId}?o=${org.id}`));
    const changed = await onOrg(
      owner.agent,
      org.slug,
      'mutation($p: ID!) { updateMemberRole(profileId: $p, role: "admin") { id } }',
      { p: member.profileId },
    );
    expect(changed.errors).toBeUndefined();
    const news = await until(own.messages, 'profiles.updateRole');
    expect(news).toMatchObject({ subjectId: member.profileId });
    own.socket.close();
  });

  it('refuses channels the session may not hear: another organisation, another member, no session, a foreign origin', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const projectId = await createProjectIn(owner.agent, org.slug, 'Private plans');
    const stranger = await ownerWithOrganization(built, { license: 'enterprise' });
    const foreign = await subscribe(
      stranger.owner.agent,
      `/sub/p${projectId}?o=${stranger.org.id}`,
    );
    expect(foreign).toMatchObject({ status: 404 });
    const intruder = await subscribe(stranger.owner.agent, `/sub/o${org.id}?o=${stranger.org.id}`);
    expect(intruder).toMatchObject({ status: 403 });

    const colleague = await addMember(built, owner.agent, org, 'collaborator');
    const another = await addMember(built, owner.agent, org, 'collaborator');
    const theirInbox = await subscribe(colleague.agent, `/sub/i${another.profileId}?o=${org.id}`);
    expect(theirInbox).toMatchObject({ status: 403 });
    const ownInbox = opened(
      await subscribe(colleague.agent, `/sub/i${colleague.profileId}?o=${org.id}`),
    );
    ownInbox.socket.close();

    expect(await subscribe(null, `/sub/p${projectId}?o=${org.id}`)).toMatchObject({ status: 401 });
    expect(await subscribe(owner.agent, `/sub/x${projectId}?o=${org.id}`)).toMatchObject({
      status: 404,
    });
    expect(
      await subscribe(owner.agent, `/sub/p${projectId}?o=${org.id}`, {
        origin: 'https://evil.example',
      }),
    ).toMatchObject({ status: 403 });
  });
});

describe('across instances', async () => {
  const second = await openSecondConnection();
  let other: BuiltApp | null = null;
  afterAll(async () => {
    await other?.app.close();
    await second?.close();
  });

  it.skipIf(!second)(
    'an edit on instance A reaches a websocket client of instance B through PostgreSQL',
    async () => {
      other = await buildApp(testConfig(), { database: second!, jobs: false });
      await other.app.listen({ port: 0, host: '127.0.0.1' });
      const otherPort = (other.app.server.address() as AddressInfo).port;
      const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
      const projectId = await createProjectIn(owner.agent, org.slug, 'Two instances');
      const onB = opened(
        await subscribe(owner.agent, `/sub/p${projectId}?o=${org.id}`, { port: otherPort }),
      );
      // The write goes to instance A.
      const { card } = await createCardAs(owner.agent, org.slug, { projectId, title: 'Via A' });
      const message = await until(onB.messages, 'cards.create');
      expect(message.subjectId).toBe(card!.id);
      onB.socket.close();
    },
  );
});
