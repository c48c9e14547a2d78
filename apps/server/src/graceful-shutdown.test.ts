/**
 * Stopped under load: a server process takes concurrent writes and gets SIGTERM, and must finish
 * what it acknowledged (open websockets are told to reconnect, 1012, and the process leaves on its
 * own with code 0); or it is killed outright (SIGKILL), and what it acknowledged must already be
 * stored. After a restart on the same data every acknowledged card is there.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { RESTART_CLOSE_CODE } from '@assay/domain';
import {
  freePort,
  request,
  signUpThroughDevInbox,
  startServer,
  type ServerProcess,
  createPaidOrganization,
} from '../test/server-process.ts';
import { createPostgresDatabase } from '../test/database.ts';

const dataDir = await mkdtemp(path.join(tmpdir(), 'assay-shutdown-'));
const running: ServerProcess[] = [];
afterAll(async () => {
  for (const server of running) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

// On PostgreSQL (CI) a database of its own; else PGlite files, closed and reopened.
const env: Record<string, string> = process.env.TEST_DATABASE_URL
  ? { DATABASE_URL: await createPostgresDatabase(process.env.TEST_DATABASE_URL) }
  : { DATA_DIR: dataDir };

async function gatewayCall(
  port: number,
  slug: string,
  cookie: string,
  query: string,
  variables: Record<string, unknown>,
) {
  const answer = await request({
    port,
    method: 'POST',
    path: '/api/gateway/query',
    host: `${slug}.localhost:${port}`,
    cookie,
    body: { query, variables },
  });
  return { status: answer.status, body: answer.status === 200 ? JSON.parse(answer.body) : null };
}

/**
 * A server with a project, six clients creating cards in it as fast as they can, and a project
 * socket open; `stop` ends the process once 30 creates were acknowledged.
 */
async function underLoad(stop: (server: ServerProcess) => Promise<void>) {
  const port = await freePort();
  const first = await startServer(env, port);
  running.push(first);
  const cookie = await signUpThroughDevInbox(port, `load.${Date.now()}@example.com`);
  const slug = `load${Date.now()}`;
  await createPaidOrganization(port, cookie, { name: 'Load', slug });
  const project = await gatewayCall(
    port,
    slug,
    cookie,
    'mutation($input: CreateProjectInput!) { createProject(input: $input) { id } }',
    { input: { name: 'Under load' } },
  );
  const projectId = project.body.data.createProject.id as string;

  const socket = new WebSocket(`ws://127.0.0.1:${port}/sub/p${projectId}`, {
    headers: { cookie, host: `${slug}.localhost:${port}` },
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => {
    socket.once('message', resolve);
    socket.once('error', reject);
  });

  const acknowledged: string[] = [];
  let refused = 0;
  let done = false;
  const writer = async (n: number) => {
    for (let i = 0; !done; i += 1) {
      try {
        const answer = await gatewayCall(
          port,
          slug,
          cookie,
          'mutation($input: JSON!) { createCard(input: $input) { id } }',
          { input: { type: 'hypothesis', projectId, title: `Load ${n}.${i}` } },
        );
        const id = answer.body?.data?.createCard?.id as string | undefined;
        if (id) acknowledged.push(id);
        else refused += 1;
      } catch {
        // Connection refused or reset once the server is gone: not acknowledged.
        refused += 1;
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  };
  const writers = Array.from({ length: 6 }, (_, n) => writer(n));
  while (acknowledged.length < 30) await new Promise((r) => setTimeout(r, 20));
  const before = acknowledged.length;
  const stoppedAt = Date.now();
  await stop(first);
  const code = await first.exited;
  const stopMs = Date.now() - stoppedAt;
  done = true;
  await Promise.all(writers);
  expect(acknowledged.length).toBeGreaterThanOrEqual(before);
  expect(refused).toBeGreaterThan(0);
  return { port, first, code, stopMs, closed, acknowledged, projectId, slug, cookie };
}

/** A second server on the same data: the acknowledged cards it does not have. */
async function lostAfterRestart(load: Awaited<ReturnType<typeof underLoad>>) {
  const second = await startServer(env, load.port);
  running.push(second);
  const drafts = await gatewayCall(
    load.port,
    load.slug,
    load.cookie,
    'query($projectId: ID!) { drafts(projectId: $projectId) { id } }',
    { projectId: load.projectId },
  );
  // The account, its organisation and project were acknowledged too.
  expect(drafts.status, second.output()).toBe(200);
  expect(drafts.body.errors).toBeUndefined();
  const stored = new Set((drafts.body.data.drafts as { id: string }[]).map((c) => c.id));
  const lost = load.acknowledged.filter((id) => !stored.has(id));
  second.child.kill('SIGTERM');
  expect(await second.exited, second.output()).toBe(0);
  return lost;
}

describe('stopping under load', () => {
  it('loses no acknowledged write when stopped, and tells sockets to reconnect', async () => {
    const load = await underLoad(async (server) => {
      server.child.kill('SIGTERM');
    });
    expect(load.code, load.first.output()).toBe(0);
    expect(load.stopMs).toBeLessThan(20_000);
    expect(await load.closed).toBe(RESTART_CLOSE_CODE);
    expect(await lostAfterRestart(load)).toEqual([]);
  }, 120_000);

  it('loses no acknowledged write when killed outright (kill -9)', async () => {
    // No chance to finish anything: what was acknowledged must already be on disk.
    const load = await underLoad(async (server) => {
      server.child.kill('SIGKILL');
    });
    expect(load.first.child.signalCode).toBe('SIGKILL');
    expect(await lostAfterRestart(load)).toEqual([]);
  }, 120_000);
});
