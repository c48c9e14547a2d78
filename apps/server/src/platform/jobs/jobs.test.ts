import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { createOrganization } from '../../../test/factories.ts';
import { events } from '../events/schema.ts';
import { startJobQueue } from './index.ts';

const { services } = await buildTestApp({ jobs: true });

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('job queue (pg-boss)', () => {
  it('runs a job sent to a queue exactly once', async () => {
    const jobs = services.jobs;
    if (!jobs) throw new Error('jobs should be on');
    const seen: string[] = [];
    await jobs.work<{ word: string }>('probe.echo', async (data) => {
      seen.push(data.word);
    });
    const id = await jobs.send('probe.echo', { word: 'hello' });
    expect(id).toEqual(expect.any(String));
    await waitFor(async () => (seen.length > 0 ? true : undefined));
    await new Promise((r) => setTimeout(r, 700));
    expect(seen).toEqual(['hello']);
    expect(await jobs.isReady()).toBe(true);
  });

  it('processes committed events through the events queue', async () => {
    const org = await createOrganization(services.database.db);
    const handled: string[] = [];
    services.events.on('widgets', async (event) => {
      handled.push(event.name);
    });
    const row = await services.transaction(({ record }) =>
      record({ name: 'widgets.create', organizationId: org.id }),
    );
    const processedAt = await waitFor(async () => {
      const [stored] = await services.database.db
        .select()
        .from(events)
        .where(eq(events.id, row.id));
      return stored?.processedAt ?? undefined;
    });
    expect(processedAt).toBeInstanceOf(Date);
    expect(handled).toEqual(['widgets.create']);
  });

  it('logs a job with the id of the request that queued it, which events carry', async () => {
    const jobs = services.jobs;
    if (!jobs) throw new Error('jobs should be on');
    const seen: unknown[] = [];
    await jobs.work<{ requestId?: string }>('probe.context', async (_data, job) => {
      seen.push((job.log as unknown as { bindings(): unknown }).bindings());
    });
    await jobs.send('probe.context', { word: 'traced', requestId: 'req-0123456789' });
    await waitFor(async () => (seen.length > 0 ? true : undefined));
    expect(seen[0]).toMatchObject({ requestId: 'req-0123456789', queue: 'probe.context' });

    // An event made by a request queues its processing job with the request's id.
    const org = await createOrganization(services.database.db);
    services.events.on('gadgets', async () => undefined);
    const row = await services.transaction(
      ({ record }) => record({ name: 'gadgets.create', organizationId: org.id }),
      { context: { ip: '10.0.0.1', device: 'test', requestId: 'req-abcdef0123' } },
    );
    const queued = await services.database.executeSql(
      "select data from pgboss.job where name = 'events.process' and data->>'eventId' = $1",
      [row.id],
    );
    expect(queued.rows[0]?.data).toEqual({ eventId: row.id, requestId: 'req-abcdef0123' });
    expect(Array.isArray(await jobs.depth())).toBe(true);
  });

  it('polls every half second on PostgreSQL, and seldom on PGlite (one process: a send wakes it)', async () => {
    let fetches = 0;
    const database = {
      ...services.database,
      executeSql: (text: string, values?: unknown[], name?: string) => {
        if (
          /for update skip locked/i.test(text) &&
          JSON.stringify(values ?? []).includes('probe.idle')
        )
          fetches += 1;
        return services.database.executeSql(text, values, name);
      },
    };
    const queue = await startJobQueue({ database, logger: services.logger });
    try {
      const seen: number[] = [];
      await queue.work<{ n: number }>('probe.idle', async (data) => {
        seen.push(data.n);
      });
      const first = fetches;
      await new Promise((resolve) => setTimeout(resolve, 1600));
      const polls = fetches - first;
      if (services.database.kind === 'pglite') expect(polls).toBe(0);
      else expect(polls).toBeGreaterThanOrEqual(2);
      // A job sent here still starts at once.
      await queue.send('probe.idle', { n: 1 });
      await waitFor(async () => (seen.length === 1 ? true : undefined), 3000);
    } finally {
      await queue.stop();
    }
  });

  it('drains a backlog at once instead of taking one job per polling interval', async () => {
    // An hour between polls: only fetching again after a job (and on a local send) gets through.
    const queue = await startJobQueue({
      database: services.database,
      logger: services.logger,
      pollingIntervalSeconds: 3600,
    });
    try {
      const seen: number[] = [];
      for (let n = 0; n < 8; n += 1) await queue.send('probe.backlog', { n });
      await queue.work<{ n: number }>('probe.backlog', async (data) => {
        seen.push(data.n);
      });
      await waitFor(async () => (seen.length === 8 ? true : undefined), 8000);
      // A job sent later starts at once too, without waiting for the next poll.
      await queue.send('probe.backlog', { n: 8 });
      await waitFor(async () => (seen.length === 9 ? true : undefined), 8000);
      expect([...seen].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    } finally {
      await queue.stop();
    }
  });
});
