/**
 * Two app instances through PgBouncer in transaction mode (#54), on the real PostgreSQL of CI's
 * second pass (skipped on PGlite, or without Debian's pgbouncer): statements run unnamed, LISTEN
 * and the start-up lock use the server's own connection (DATABASE_DIRECT_URL), so writes in
 * parallel, realtime across instances, a role taken away and the job queue all work as they do
 * without a pooler.
 */
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SESSION_COOKIE } from '@assay/domain';
import { buildApp, type BuiltApp } from '../../app.ts';
import { createAgent, type Agent } from '../../../test/agent.ts';
import { testConfig } from '../../../test/app.ts';
import { createCardAs, createProjectIn } from '../../../test/cards.ts';
import { createPostgresDatabase } from '../../../test/database.ts';
import { addMember, onOrg, ownerWithOrganization } from '../../../test/organization.ts';
import { startPgBouncer } from '../../../test/pgbouncer.ts';
import { migrateDatabase, openDatabase, type Database } from './index.ts';

const bouncer = await startPgBouncer();
const direct = bouncer ? await createPostgresDatabase(process.env.TEST_DATABASE_URL!) : null;

async function open(): Promise<Database> {
  return openDatabase({
    databaseUrl: bouncer!.through(direct!),
    databaseDirectUrl: direct!,
    poolSize: 5,
  });
}

let a: BuiltApp;
let b: BuiltApp;
const opened: Database[] = [];

describe.skipIf(!bouncer)('through PgBouncer in transaction mode', () => {
  afterAll(async () => {
    await a?.app.close();
    await b?.app.close();
    await Promise.all(opened.map((d) => d.close()));
    bouncer?.stop();
  });

  it('migrates from two instances at once, each taking the start-up lock on the server itself', async () => {
    opened.push(await open(), await open());
    await Promise.all(opened.map((d) => migrateDatabase(d)));
    // The job queue starts through the pooler too (its schema under the same lock).
    a = await buildApp(testConfig(), { database: opened[0]!, jobs: true });
    b = await buildApp(testConfig(), { database: opened[1]!, jobs: false });
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    const health = await a.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });

  it('takes 40 writes at once, each statement unnamed, and a card made on A reaches a socket on B', async () => {
    const { owner, org } = await ownerWithOrganization(a);
    const projectId = await createProjectIn(owner.agent, org.slug, 'Pooled');
    const socket = await subscribe(
      owner.agent,
      `/sub/p${projectId}?o=${org.id}`,
      (b.app.server.address() as AddressInfo).port,
    );
    const made = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        createCardAs(owner.agent, org.slug, { projectId, title: `Card ${i}` }),
      ),
    );
    expect(made.map((m) => m.error).filter(Boolean)).toEqual([]);
    const ids = new Set(made.map((m) => m.card!.id));
    expect(ids.size).toBe(40);
    await socket.heard((m) => m.event === 'cards.create' && ids.has(m.subjectId ?? ''));
    socket.close();
  });

  it('refuses on B a role taken away on A', async () => {
    const { owner, org } = await ownerWithOrganization(a);
    const admin = await addMember(a, owner.agent, org, 'admin');
    const other = await addMember(a, owner.agent, org, 'collaborator');
    const adminOnB = onB(admin.agent);
    const ROLE =
      'mutation($id: ID!, $role: String!) { updateMemberRole(profileId: $id, role: $role) { id role } }';
    const promote = { id: other.profileId, role: 'limitedContributor' };
    expect((await onOrg(adminOnB, org.slug, ROLE, promote)).errors).toBeUndefined();
    // B heard nothing yet; it serves the admin's role from its cache.
    expect((await onOrg(adminOnB, org.slug, ROLE, promote)).errors).toBeUndefined();
    const heard = new Promise<void>((resolve) => {
      const stop = opened[1]!.onIdentityChange((key) => {
        if (key === `o:${org.id}`) {
          stop();
          resolve();
        }
      });
    });
    const demoted = await onOrg(owner.agent, org.slug, ROLE, {
      id: admin.profileId,
      role: 'collaborator',
    });
    expect(demoted.errors).toBeUndefined();
    // B's one listening connection to the server hears the change.
    await heard;
    const refused = await onOrg(adminOnB, org.slug, ROLE, promote);
    expect(refused.errors?.[0]?.message).toMatch(/^statusCode:403;/);
  });

  it('outlives its server connections cut as a restart cuts them, and listens again', async () => {
    // A restarting PostgreSQL ends every session with 57P01 and then closes the socket: two
    // 'error' events on the listening connection, the second of which once ended the process
    // (bench:soak). B says '*' when its new listening connection may have missed news.
    const relistened = new Promise<void>((resolve) => {
      const stop = opened[1]!.onIdentityChange((key) => {
        if (key === '*') {
          stop();
          resolve();
        }
      });
    });
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const name = new URL(direct!).pathname.slice(1);
    const cut = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    await admin.end();
    expect(cut.rowCount).toBeGreaterThan(0);
    await relistened;
    const { owner } = await ownerWithOrganization(b);
    const health = await b.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(owner.email).toBeTruthy();
  });
});

/** The same browser session, sent to instance B. */
function onB(agent: Agent): Agent {
  const other = createAgent(b.app);
  for (const [name, value] of agent.cookies) other.cookies.set(name, value);
  return other;
}

interface Message {
  event: string;
  subjectId?: string;
}

/** A websocket on `path` of the instance on `port`, subscribed. */
async function subscribe(agent: Agent, path: string, port: number) {
  const token = agent.cookies.get(SESSION_COOKIE);
  const socket = new WebSocket(`ws://127.0.0.1:${port}${path}`, {
    headers: { cookie: `${SESSION_COOKIE}=${token}` },
  });
  const messages: Message[] = [];
  const waiting = new Set<() => void>();
  await new Promise<void>((resolve, reject) => {
    socket.on('error', reject);
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString()) as Message;
      if (message.event === 'realtime.subscribed') resolve();
      else {
        messages.push(message);
        for (const check of waiting) check();
      }
    });
  });
  return {
    heard(match: (m: Message) => boolean): Promise<void> {
      return new Promise((resolve) => {
        const check = () => {
          if (messages.some(match)) {
            waiting.delete(check);
            resolve();
          }
        };
        waiting.add(check);
        check();
      });
    },
    close: () => socket.close(),
  };
}
