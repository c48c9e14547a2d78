/**
 * The raw baseline (issue #28): a bare Fastify server doing the same work as Assay's card create
 * and board read against the same kind of database, with nothing around it — one INSERT …
 * RETURNING per create, one SELECT of the project's cards per read, answered with Fastify's plain
 * JSON. PostgreSQL when RAW_DATABASE_URL is set (a pg pool of 10, as Assay's), else in-memory
 * PGlite. Prints its port as a JSON line.
 */
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';

// Imported by the compile cache's warm-up (apps/server/scripts/warm-compile-cache.ts), it starts nothing.
async function main() {
  type Run = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

  async function connect(): Promise<Run> {
    const url = process.env.RAW_DATABASE_URL;
    if (url) {
      const pool = new pg.Pool({ connectionString: url, max: 10 });
      return async (sql, params) =>
        (await pool.query(sql, params)).rows as Record<string, unknown>[];
    }
    const lite = await PGlite.create();
    return async (sql, params) => (await lite.query(sql, params)).rows as Record<string, unknown>[];
  }

  const run = await connect();
  await run(`create table if not exists raw_cards (
    id uuid primary key default gen_random_uuid(),
    project_id uuid not null,
    type text not null default 'hypothesis',
    title text not null,
    draft boolean not null default false,
    version integer not null default 1,
    tags text[] not null default '{}',
    section text not null,
    rank text not null,
    business_status text not null default 'inTesting',
    result text not null default 'none',
    risky boolean not null default false,
    created_at timestamptz not null default now())`);
  await run(
    'create index if not exists raw_cards_project on raw_cards (project_id, section, rank)',
  );

  const app = Fastify({ logger: false });
  app.post<{ Body: { projectId: string; title: string; section: string } }>(
    '/raw/cards',
    async (request) => {
      const { projectId, title, section } = request.body;
      const [row] = await run(
        `insert into raw_cards (project_id, title, section, rank)
         values ($1, $2, $3, to_char(clock_timestamp(), 'YYYYMMDDHH24MISSUS'))
         returning id, version`,
        [projectId, title, section],
      );
      return { data: { createCard: row } };
    },
  );
  app.get<{ Params: { projectId: string } }>('/raw/board/:projectId', async (request) => {
    const rows = await run(
      `select id, title, draft, version, tags, section, rank, business_status, result, risky
         from raw_cards where project_id = $1 order by section, rank`,
      [request.params.projectId],
    );
    return {
      data: {
        canvas: {
          project: { id: request.params.projectId },
          cards: rows.map((r) => ({
            id: r.id,
            title: r.title,
            draft: r.draft,
            version: r.version,
            tags: r.tags,
            viewed: true,
            section: r.section,
            rank: r.rank,
            businessStatus: r.business_status,
            result: r.result,
            risky: r.risky,
            productStatus: null,
            canEdit: true,
            // What Assay computes from ratings and links, at its empty value: the same bytes.
            confidence: {
              score: null,
              state: 'untested',
              confirming: 0,
              disconfirming: 0,
              evidence: 0,
              people: 0,
            },
            links: { evidence: 0, experiments: 0 },
          })),
        },
      },
    };
  });
  app.post<{ Body: { projectId: string; titles: string[]; sections: string[] } }>(
    '/raw/seed',
    async (request) => {
      const { projectId, titles, sections } = request.body;
      await run(
        `insert into raw_cards (project_id, title, section, rank)
         select $1, t.title, t.section, lpad(t.n::text, 8, '0')
           from unnest($2::text[], $3::text[]) with ordinality as t(title, section, n)`,
        [projectId, titles, sections],
      );
      return { seeded: titles.length };
    },
  );
  app.get('/bench/rss', async () => ({ rss: process.memoryUsage().rss }));

  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  process.stdout.write(`PORT=${address.port}\nSEED={}\n`);
  process.on('SIGTERM', () => {
    void app.close().then(() => process.exit(0));
  });
}

if (import.meta.main) await main();
