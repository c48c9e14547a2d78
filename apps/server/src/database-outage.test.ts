/**
 * A PostgreSQL restart under write load (issue #25, weakness 3): the server process keeps
 * running; while the database is down, writes answer 503 with the catalogue's ref and readiness
 * says 503; once the database is back the process serves writes again within 2 s, and readiness
 * turns 200. Runs where a PostgreSQL server is installed and the suite targets PostgreSQL (CI).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@assay/domain';
import { createPgCluster, hasPostgresServer, type PgCluster } from '../test/pg-cluster.ts';
import {
  freePort,
  request,
  signUpThroughDevInbox,
  startServer,
  type ServerProcess,
  createPaidOrganization,
} from '../test/server-process.ts';

let cluster: PgCluster | undefined;
let server: ServerProcess | undefined;
afterAll(() => {
  if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
  cluster?.remove();
});

const onPostgres = Boolean(process.env.TEST_DATABASE_URL) && hasPostgresServer;

describe.skipIf(!onPostgres)('a PostgreSQL restart under load', () => {
  it('survives, answers 503 during the outage and serves again within 2 s', async () => {
    cluster = await createPgCluster();
    const port = await freePort();
    server = await startServer({ DATABASE_URL: cluster.url }, port);
    const live = server;
    const cookie = await signUpThroughDevInbox(port, `outage.${Date.now()}@example.com`);
    const slug = `outage${Date.now()}`;
    await createPaidOrganization(port, cookie, { name: 'Outage', slug });
    const call = (query: string, variables: Record<string, unknown>) =>
      request({
        port,
        method: 'POST',
        path: '/api/gateway/query',
        host: `${slug}.localhost:${port}`,
        cookie,
        body: { query, variables },
      });
    const project = await call(
      'mutation($input: CreateProjectInput!) { createProject(input: $input) { id } }',
      { input: { name: 'Through an outage' } },
    );
    const projectId = JSON.parse(project.body).data.createProject.id as string;
    const createCard = (title: string) =>
      call('mutation($input: JSON!) { createCard(input: $input) { id } }', {
        input: { type: 'hypothesis', projectId, title },
      });

    // Six writers, all the time; every answer is kept.
    const answers: { at: number; status: number; body: string; retryAfter?: string }[] = [];
    let stop = false;
    const writer = async (n: number) => {
      for (let i = 0; !stop; i += 1) {
        // A refused connection (the process gone) counts as status 0.
        const answer = await createCard(`Outage ${n}.${i}`).catch(() => ({
          status: 0,
          body: '',
          headers: {} as Record<string, string>,
        }));
        answers.push({
          at: Date.now(),
          status: answer.status,
          body: answer.body,
          ...(answer.headers['retry-after']
            ? { retryAfter: String(answer.headers['retry-after']) }
            : {}),
        });
        if (answer.status !== 200) await new Promise((r) => setTimeout(r, 25));
      }
    };
    const writers = Array.from({ length: 6 }, (_, n) => writer(n));
    while (answers.filter((a) => a.status === 200).length < 30) {
      await new Promise((r) => setTimeout(r, 20));
    }

    cluster.stop();
    const downAt = Date.now();
    // Long enough for the job queue's polls and maintenance, the realtime listener and the
    // pool's idle clients all to meet the outage.
    await new Promise((r) => setTimeout(r, 3000));
    const readyDuring = await request({ port, method: 'GET', path: '/api/health/ready' });
    const signInDuring = await request({
      port,
      method: 'POST',
      path: '/api/auth/session',
      body: { email: 'someone@example.com', password: 'Whatever_1' },
    });
    expect(live.child.exitCode, live.output()).toBeNull();

    cluster.start();
    const upAt = Date.now();
    let servedAt: number | null = null;
    while (Date.now() - upAt < 10_000) {
      const last = answers.at(-1);
      if (last && last.at > upAt && last.status === 200) {
        servedAt = last.at;
        break;
      }
      await new Promise((r) => setTimeout(r, 10));
    }
    const readyAfter = await request({ port, method: 'GET', path: '/api/health/ready' });
    stop = true;
    await Promise.all(writers);

    expect(live.child.exitCode, live.output()).toBeNull();
    expect(readyDuring.status).toBe(503);
    const during = answers.filter((a) => a.at > downAt + 200 && a.at < upAt);
    expect(during.length).toBeGreaterThan(0);
    const unavailable = ERRORS.databaseUnavailable;
    for (const answer of during) {
      expect(answer.status, answer.body).toBe(503);
      expect(answer.retryAfter).toBeDefined();
      // The gateway's error string, or the REST body when the session lookup met the outage.
      expect(answer.body).toMatch(new RegExp(`ref"?:${unavailable.ref}\\b`));
    }
    expect(signInDuring.status, signInDuring.body).toBe(503);
    expect(JSON.parse(signInDuring.body)).toMatchObject({
      statusCode: 503,
      ref: unavailable.ref,
      message: unavailable.message,
    });
    // Nothing answered 500 at any time.
    expect(answers.filter((a) => a.status >= 500 && a.status !== 503)).toEqual([]);
    expect(servedAt, live.output()).not.toBeNull();
    expect(servedAt! - upAt).toBeLessThan(2000);
    expect(readyAfter.status).toBe(200);
  }, 120_000);
});
