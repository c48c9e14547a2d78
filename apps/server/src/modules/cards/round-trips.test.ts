/**
 * A write in few round trips (#53 item 1): on PostgreSQL, a card create, a connection and a
 * rating each send at most three statements once the request's identity is known (the identity
 * cache) — every statement a client sends is one round trip.
 */
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import {
  CARD_FIELDS,
  createProjectIn,
  publishedEvidence,
  publishedHypothesis,
} from '../../../test/cards.ts';
import { events } from '../../platform/events/schema.ts';
import { projects } from '../projects/schema.ts';
import { connections } from './schema.ts';
import { ownerWithOrganization } from '../../../test/organization.ts';

const built = await buildTestApp();

/** The statements PostgreSQL is sent while `work` runs, by any client of this process. */
async function statements(work: () => Promise<unknown>): Promise<number> {
  const original = pg.Client.prototype.query;
  let sent = 0;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    sent += 1;
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = original;
  }
  return sent;
}

describe('writes in few round trips', () => {
  it.skipIf(!built.services.database.pool)(
    'a card create, a connection and a rating are at most three statements each on PostgreSQL',
    async () => {
      const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
      const projectId = await createProjectIn(owner.agent, org.slug, 'Round trips');
      // As the web app sends them: the organisation's host and the open project.
      const headers = { host: `${org.slug}.assay.test`, 'x-project-id': projectId };
      const create = async (title: string) => {
        const response = await owner.agent.post(
          '/api/gateway/query',
          {
            query: `mutation($input: JSON!) { createCard(input: $input) { ${CARD_FIELDS} } }`,
            variables: {
              input: { projectId, type: 'hypothesis', title, section: 'customerSegments' },
            },
          },
          headers,
        );
        const id = (response.json() as { data?: { createCard?: { id: string } } }).data?.createCard
          ?.id;
        expect(id, response.body).toBeTruthy();
        return id!;
      };
      const connect = async (a: string, b: string) => {
        const response = await owner.agent.post(
          `/api/canvas/cards/${a}/connections`,
          { connection: { cardId: b } },
          headers,
        );
        expect(response.statusCode, response.body).toBe(200);
        return (response.json() as { connection: { id: string } }).connection.id;
      };
      const rate = async (a: string, connection: string, rating: number) => {
        const response = await owner.agent.put(
          `/api/canvas/cards/${a}/connections/${connection}/rating`,
          { rating },
          headers,
        );
        expect(response.statusCode, response.body).toBe(200);
      };
      // Warm: the identity read once, the pool's connections open.
      const [a, b, c, d] = await Promise.all(['A', 'B', 'C', 'D'].map((t) => create(t)));
      const warm = await connect(a!, b!);
      await rate(a!, warm, 1);

      expect(await statements(() => create('Counted'))).toBeLessThanOrEqual(3);
      let connection = '';
      expect(
        await statements(async () => {
          connection = await connect(c!, d!);
        }),
      ).toBeLessThanOrEqual(3);
      expect(await statements(() => rate(c!, connection, -2))).toBeLessThanOrEqual(3);
    },
  );

  it('connects two cards once when forty ask at once, and moves the card version and the map once', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const host = { host: `${org.slug}.assay.test` };
    const projectId = await createProjectIn(owner.agent, org.slug, 'Forty at once');
    const hypothesis = await publishedHypothesis(owner.agent, org.slug, projectId, 'Pays');
    const evidence = await publishedEvidence(
      owner.agent,
      org.slug,
      projectId,
      'post',
      'Paid twice',
    );
    const version = async () =>
      (
        await built.services.database.db
          .select({ version: projects.cardsVersion })
          .from(projects)
          .where(eq(projects.id, projectId))
      )[0]!.version;
    const before = await version();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        owner.agent.post(
          `/api/canvas/cards/${hypothesis.id}/connections`,
          { connection: { cardId: evidence.id, rating: 2 } },
          host,
        ),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(39);
    const made = await built.services.database.db
      .select()
      .from(connections)
      .where(eq(connections.projectId, projectId));
    expect(made).toHaveLength(1);
    expect(await version()).toBe(before + 1);
    const recorded = await built.services.database.db
      .select()
      .from(events)
      .where(and(eq(events.projectId, projectId), eq(events.name, 'connections.create')));
    expect(recorded).toHaveLength(1);
    // The one that connected answers with the confidence the rating gives.
    const winner = answers.find((a) => a.statusCode === 200)!.json() as {
      confidence: { confirming: number };
    };
    expect(winner.confidence.confirming).toBeGreaterThan(0);
  });
});
