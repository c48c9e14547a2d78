import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { createOrganization } from '../../../test/factories.ts';
import { organizations } from '../../modules/organizations/schema.ts';
import { channel, type RealtimeMessage } from '../realtime/bus.ts';
import { events } from './schema.ts';

const { services } = await buildTestApp();

function listen(name: string) {
  const received: RealtimeMessage[] = [];
  const stop = services.bus.subscribe(name, (m) => received.push(m));
  return { received, stop };
}

describe('transaction helper', () => {
  it('publishes recorded events after commit: project events on the project channel, others on the organisation one', async () => {
    const org = await createOrganization(services.database.db);
    const projectId = crypto.randomUUID();
    const onOrg = listen(channel('o', org.id));
    const onProject = listen(channel('p', projectId));
    let seenInside = -1;

    await services.transaction(async ({ tx, record }) => {
      await tx.update(organizations).set({ name: 'Renamed' }).where(eq(organizations.id, org.id));
      await record({
        name: 'organizations.update',
        organizationId: org.id,
        subjectType: 'organization',
        subjectId: org.id,
        changes: { name: 'Renamed' },
      });
      await record({
        name: 'cards.update',
        organizationId: org.id,
        projectId,
        subjectType: 'card',
        subjectId: projectId,
      });
      seenInside = onOrg.received.length + onProject.received.length;
    });

    expect(seenInside).toBe(0);
    // On PostgreSQL the message makes a round trip through NOTIFY: wait for it.
    // (waitFor's own limit is a second; a busy machine's NOTIFY can take longer.)
    await vi.waitFor(() => expect(onProject.received).toHaveLength(1), { timeout: 10_000 });
    await vi.waitFor(() => expect(onOrg.received).toHaveLength(1), { timeout: 10_000 });
    expect(onOrg.received[0]).toMatchObject({
      event: 'organizations.update',
      subjectId: org.id,
      changes: { name: 'Renamed' },
    });
    // A private project's card events never reach the whole organisation.
    expect(onProject.received[0]).toMatchObject({ event: 'cards.update' });
    const rows = await services.database.db
      .select()
      .from(events)
      .where(eq(events.organizationId, org.id));
    expect(rows).toHaveLength(2);
    onOrg.stop();
    onProject.stop();
  });

  it('publishes nothing and keeps nothing when the transaction rolls back', async () => {
    const org = await createOrganization(services.database.db);
    const onOrg = listen(channel('o', org.id));

    await expect(
      services.transaction(async ({ tx, record }) => {
        await tx.update(organizations).set({ name: 'Lost' }).where(eq(organizations.id, org.id));
        await record({ name: 'organizations.update', organizationId: org.id });
        throw new Error('rule broken after the write');
      }),
    ).rejects.toThrow('rule broken after the write');

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onOrg.received).toHaveLength(0);
    const rows = await services.database.db
      .select()
      .from(events)
      .where(eq(events.organizationId, org.id));
    expect(rows).toHaveLength(0);
    const [after] = await services.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, org.id));
    expect(after?.name).toBe(org.name);
    onOrg.stop();
  });

  it('processes events inline when the job queue is off', async () => {
    const org = await createOrganization(services.database.db);
    const handled: string[] = [];
    services.events.on('probes', async (event) => {
      handled.push(event.id);
    });
    const row = await services.transaction(({ record }) =>
      record({ name: 'probes.create', organizationId: org.id }),
    );
    expect(handled).toEqual([row.id]);
    const [stored] = await services.database.db.select().from(events).where(eq(events.id, row.id));
    expect(stored?.processedAt).toBeInstanceOf(Date);
  });

  it('records an event no handler wants as processed, in its own insert, and processes the ones a handler wants', async () => {
    const org = await createOrganization(services.database.db);
    const wanted = randomUUID();
    const handled: (string | null)[] = [];
    services.events.on(
      'sieves',
      async (event) => {
        handled.push(event.projectId);
      },
      // Wants only the events of one project (as integrations want those of projects with one).
      { when: (projectId) => sql`${projectId} = ${wanted}::uuid` },
    );
    const [ignored, taken, noProject] = await services.transaction(async ({ record }) => [
      await record({ name: 'sieves.create', organizationId: org.id, projectId: randomUUID() }),
      await record({ name: 'sieves.create', organizationId: org.id, projectId: wanted }),
      await record({ name: 'sieves.create', organizationId: org.id }),
    ]);
    // Decided when written: the first and third never reach a handler.
    expect(ignored!.processedAt).toBeInstanceOf(Date);
    expect(noProject!.processedAt).toBeInstanceOf(Date);
    expect(taken!.processedAt).toBeNull();
    expect(handled).toEqual([wanted]);
    const [stored] = await services.database.db
      .select()
      .from(events)
      .where(eq(events.id, taken!.id));
    expect(stored?.processedAt).toBeInstanceOf(Date);
  });
});
