/**
 * Round trips of one write (issue #53 item 1): the statements PostgreSQL runs for a card create, a
 * connection and a rating, each after two warm-up calls, read from the server's own statement log
 * (`log_statement = all`). Every statement logged is one round trip from the app; BEGIN and COMMIT
 * included.
 *
 *   npm run bench:round-trips -w @assay/bench
 */
import { readFileSync, statSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { CANVAS_SECTIONS } from '@assay/domain';
import { startCluster } from './cluster.ts';
import type { Seed } from './seed.ts';
import { startProcess } from './side-by-side.ts';

const cluster = await startCluster();
const assay = await startProcess<Seed>('assay', 'server.ts', {
  BENCH_SEED_CARDS: '1',
  BENCH_DATABASE_URL: `${cluster.url}/assay`,
});
const base = `http://127.0.0.1:${assay.port}`;
const headers = {
  cookie: assay.seed.cookie,
  'content-type': 'application/json',
  'x-organization-id': assay.seed.organizationId,
  'x-project-id': assay.seed.projectId,
};

async function call(method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await response.json().catch(() => null)) as unknown;
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

async function createCard(title: string): Promise<string> {
  const answer = (await call('POST', '/api/gateway/query', {
    query:
      'mutation CreateCard($input: JSON!) { createCard(input: $input) { id version title draft unverifiedId } }',
    variables: {
      input: {
        projectId: assay.seed.projectId,
        type: 'hypothesis',
        title,
        section: CANVAS_SECTIONS[3],
        draft: false,
      },
    },
  })) as { data?: { createCard?: { id: string } }; errors?: unknown };
  const id = answer.data?.createCard?.id;
  if (!id) throw new Error(`createCard: ${JSON.stringify(answer)}`);
  return id;
}

async function connect(a: string, b: string): Promise<string> {
  const answer = (await call('POST', `/api/canvas/cards/${a}/connections`, {
    connection: { cardId: b },
  })) as Record<string, unknown>;
  const found = JSON.stringify(answer).match(/"id":"([0-9a-f-]{36})"/g) ?? [];
  // The connection's own id: the one that is neither card's.
  const id = found.map((m) => m.slice(6, -1)).find((x) => x !== a && x !== b);
  if (!id) throw new Error(`connect: ${JSON.stringify(answer).slice(0, 300)}`);
  return id;
}

const rate = (card: string, connection: string, rating: number) =>
  call('PUT', `/api/canvas/cards/${card}/connections/${connection}/rating`, { rating });

/** The statements logged while `work` ran, per backend. */
async function statements(work: () => Promise<unknown>): Promise<string[]> {
  await sleep(300);
  const from = statSync(cluster.log).size;
  await work();
  await sleep(300);
  const text = readFileSync(cluster.log, 'utf8').slice(from);
  return text
    .split('\n')
    .filter((line) => /LOG: {2}(?:statement|execute [^:]*):/.test(line))
    .map((line) =>
      line
        .replace(/^.*?LOG: {2}/, '')
        .replace(/\s+/g, ' ')
        .slice(0, 150),
    );
}

try {
  // Cards to connect and rate, made before the log is on.
  const cards = await Promise.all(
    ['A', 'B', 'C', 'D', 'E', 'F'].map((t) => createCard(`Card ${t}`)),
  );
  const [a, b, c, d, e, f] = cards as [string, string, string, string, string, string];
  const warm = await connect(a, b);
  await rate(a, warm, 1);
  await rate(a, warm, 2);
  await connect(a, c);
  cluster.psql('postgres', "alter system set log_statement = 'all'");
  cluster.psql('postgres', "alter system set log_line_prefix = '%p '");
  cluster.psql('postgres', 'select pg_reload_conf()');
  let connection = '';
  const writes: [string, () => Promise<unknown>][] = [
    ['card create', () => createCard('A hypothesis made once the log is on')],
    ['connection', async () => (connection = await connect(d, e))],
    ['rating', () => rate(d, connection, -1)],
    ['connection (another)', () => connect(d, f)],
  ];
  for (const [name, work] of writes) {
    const logged = await statements(work);
    console.log(`\n${name}: ${logged.length} round trips`);
    for (const line of logged) console.log(`  ${line}`);
  }
} finally {
  await assay.stop();
  cluster.stop();
}
