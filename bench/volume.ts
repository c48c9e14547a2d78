/**
 * `npm run bench:volume` (issue #54): one organisation's hot reads and writes in a database that
 * holds 10,000 organisations (100,000 projects, 5 million cards with their connections, comments,
 * events and access log) against the same organisation alone in an empty database, alternated.
 *
 * 1. A throwaway PostgreSQL cluster (bench/cluster.ts) with two databases, `alone` and `crowded`.
 * 2. The app, started on `alone`, makes the organisation through its routes (seed-volume.ts).
 * 3. The app, started on `crowded`, migrates it; the organisation's rows are copied into it
 *    VOLUME_ORGS times with COPY, ids remapped (volume-copy.ts), copy 0 being the organisation
 *    itself; then VACUUM ANALYZE.
 * 4. One pass of the hot operations on `crowded` with auto_explain on: every statement's plan,
 *    written to bench/volume-plans.md, each sequential scan of a big table named.
 * 5. VOLUME_ROUNDS rounds, each running the operations once on each database, the order flipping
 *    every round; p50/p95 per operation and database, and the ratio of the p95s (target ≤ 1.5).
 *
 * VOLUME_ORGS (10000), VOLUME_PROJECTS (10), VOLUME_CARDS (50 a project), VOLUME_ROUNDS (100).
 */
import http from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { startCluster } from './cluster.ts';
import { startProcess, type Started } from './side-by-side.ts';
import type { VolumeSeed } from './seed-volume.ts';
import { connectionTo } from './seed-volume.ts';
import { readTemplate, writeCopies } from './volume-copy.ts';

const ORGS = Number(process.env.VOLUME_ORGS ?? 10_000);
const PROJECTS = Number(process.env.VOLUME_PROJECTS ?? 10);
const CARDS = Number(process.env.VOLUME_CARDS ?? 50);
const ROUNDS = Number(process.env.VOLUME_ROUNDS ?? 100);
const PLANS = new URL('./volume-plans.md', import.meta.url).pathname;

const t0 = Date.now();
const say = (text: string) =>
  process.stdout.write(`[${((Date.now() - t0) / 1000).toFixed(0).padStart(5)} s] ${text}\n`);
say(`load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);

const cluster = await startCluster({
  databases: ['alone', 'crowded'],
  settings:
    // auto_explain.log_min_duration stays off the command line, which would outrank ALTER SYSTEM.
    '-c shared_preload_libraries=auto_explain' +
    ' -c auto_explain.log_analyze=on -c auto_explain.log_timing=off -c auto_explain.log_nested_statements=on' +
    ' -c shared_buffers=512MB -c maintenance_work_mem=512MB -c max_wal_size=8GB -c checkpoint_timeout=30min',
});
const servers: Started<VolumeSeed | null>[] = [];
const stopAll = async () => {
  for (const s of servers) await s.stop().catch(() => {});
  cluster.stop();
};
process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));

const serverEnv = (database: string) => ({
  BENCH_DATABASE_URL: `${cluster.url}/${database}`,
  APP_DOMAIN: 'assay.test',
});

try {
  // 2. The organisation, through the app, alone.
  const alone = await startProcess<VolumeSeed | null>('alone', './server.ts', {
    ...serverEnv('alone'),
    BENCH_SEED_KIND: 'volume',
    BENCH_SEED_CARDS: String(CARDS),
    VOLUME_PROJECTS: String(PROJECTS),
  });
  servers.push(alone);
  const seed = alone.seed!;
  say(`the organisation made through the app: ${PROJECTS} projects of ${CARDS} cards`);

  // 3. The crowd: migrate, copy, analyse.
  const migrating = await startProcess<null>('crowded', './server.ts', serverEnv('crowded'));
  await migrating.stop();
  const source = new pg.Client({ connectionString: `${cluster.url}/alone` });
  const target = new pg.Client({ connectionString: `${cluster.url}/crowded` });
  await source.connect();
  await target.connect();
  const { tables, skipped } = await readTemplate(source, seed.organizationId);
  await source.end();
  say(
    `template: ${tables.filter((t) => t.rows).length} tables, ${tables.reduce((s, t) => s + t.rows, 0)} rows` +
      (skipped.length ? `; not the organisation's: ${skipped.join(', ')}` : ''),
  );
  const written = await writeCopies(target, tables, ORGS, (table, rows) =>
    say(`copied ${table}: ${rows.toLocaleString('en')} rows`),
  );
  say('vacuum analyze');
  await target.query('vacuum analyze');
  const sizes = (
    await target.query<{ name: string; rows: string; size: string }>(
      `select relname as name, n_live_tup::text as rows,
              pg_size_pretty(pg_total_relation_size(relid)) as size
         from pg_stat_user_tables order by pg_total_relation_size(relid) desc limit 12`,
    )
  ).rows;
  const total = (
    await target.query<{ size: string }>(
      'select pg_size_pretty(pg_database_size(current_database())) as size',
    )
  ).rows[0]!.size;
  say(`crowded database: ${total}`);
  for (const s of sizes)
    say(
      `  ${s.name.padEnd(24)} ${Number(s.rows).toLocaleString('en').padStart(12)} rows  ${s.size}`,
    );
  await target.end();
  const bigTables = new Set(
    [...written].filter(([, rows]) => rows >= 10_000).map(([name]) => name),
  );

  const crowded = await startProcess<null>('crowded', './server.ts', serverEnv('crowded'));
  servers.push(crowded);

  // The operations, as the web app sends them.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const send = (
    port: number,
    method: string,
    path: string,
    body?: unknown,
    projectId?: string,
  ): Promise<{ status: number; body: string; ms: number }> =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const started = performance.now();
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method,
          path,
          agent,
          headers: {
            host: 'app.assay.test',
            cookie: seed.cookie,
            'x-organization-id': seed.organizationId,
            ...(projectId ? { 'x-project-id': projectId } : {}),
            ...(payload ? { 'content-type': 'application/json' } : {}),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (c: Buffer) => chunks.push(c));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              body: Buffer.concat(chunks).toString(),
              ms: performance.now() - started,
            }),
          );
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
  const checked = (name: string, answer: { status: number; body: string; ms: number }) => {
    if (answer.status >= 300 || answer.body.includes('"errors":['))
      throw new Error(`${name}: ${answer.status} ${answer.body.slice(0, 300)}`);
    return answer;
  };
  const gateway = (port: number, query: string, variables: Record<string, unknown>, p?: string) =>
    send(port, 'POST', '/api/gateway/query', { query, variables }, p);

  type Timed = Record<string, number>;
  /** One round of the hot operations on one server, on project `p` of the organisation. */
  async function round(port: number, p: number): Promise<Timed> {
    const project = seed.projects[p % seed.projects.length]!;
    const times: Timed = {};
    const time = async (
      name: string,
      run: () => Promise<{ status: number; body: string; ms: number }>,
    ) => {
      const answer = checked(name, await run());
      times[name] = answer.ms;
      return answer;
    };
    const created = await time('card create', () =>
      gateway(
        port,
        'mutation($i: JSON!) { createCard(input: $i) { id } }',
        {
          i: {
            projectId: project.id,
            type: 'hypothesis',
            section: 'customerSegments',
            title: `Volume card ${p}`,
          },
        },
        project.id,
      ),
    );
    const cardId = (JSON.parse(created.body) as { data: { createCard: { id: string } } }).data
      .createCard.id;
    await time('board read', () =>
      send(
        port,
        'GET',
        `/api/canvas/${project.id}?filters=${encodeURIComponent('{}')}`,
        undefined,
        project.id,
      ),
    );
    const evidence = project.evidence[p % project.evidence.length]!;
    const connected = await time('connect', () =>
      send(
        port,
        'POST',
        `/api/canvas/cards/${evidence}/connections`,
        { cardId, rating: 1 },
        project.id,
      ),
    );
    const connection = connectionTo(JSON.parse(connected.body), cardId);
    if (!connection) throw new Error(`connect: no connection in ${connected.body.slice(0, 200)}`);
    await time('rate', () =>
      send(
        port,
        'PUT',
        `/api/canvas/cards/${evidence}/connections/${connection}/rating`,
        { rating: -1 },
        project.id,
      ),
    );
    await time('inbox', () =>
      gateway(
        port,
        'query { notifications(section: null, favorites: false) { unreadCount notifications { id } } }',
        {},
      ),
    );
    await time('dashboard', () =>
      gateway(
        port,
        'query($p: ID!) { dashboard(projectId: $p) { counts { hypotheses evidence } riskyHypotheses { id } } }',
        { p: project.id },
        project.id,
      ),
    );
    await time('global search', () =>
      gateway(port, 'query($t: String!) { globalSearch(text: $t) { id } }', { t: 'no-shows' }),
    );
    await time('access log', () =>
      gateway(port, 'query { organizationAccessLogs(filters: {}) { id time } }', {}),
    );
    return times;
  }

  // Warm both (caches, prepared statements, the buffer cache).
  for (let i = 0; i < 5; i += 1) {
    await round(alone.port, i);
    await round(crowded.port, i);
  }

  // 4. Plans on the crowded database.
  const logStart = readFileSync(cluster.log).length;
  cluster.psql('crowded', 'alter system set auto_explain.log_min_duration = 0');
  cluster.psql('crowded', 'select pg_reload_conf()');
  await new Promise((r) => setTimeout(r, 300));
  await round(crowded.port, 0);
  cluster.psql('crowded', 'alter system set auto_explain.log_min_duration = -1');
  cluster.psql('crowded', 'select pg_reload_conf()');
  const plans = parsePlans(readFileSync(cluster.log).subarray(logStart).toString());
  const seqScans = plans.flatMap((plan) =>
    [...plan.plan.matchAll(/Seq Scan on (\w+)/g)]
      .map((m) => m[1]!)
      .filter((table) => bigTables.has(table))
      .map((table) => ({ table, query: plan.query })),
  );
  writeFileSync(PLANS, plansReport(plans, seqScans, bigTables));
  say(`plans: ${plans.length} statements; sequential scans of a big table: ${seqScans.length}`);
  for (const s of seqScans) say(`  seq scan on ${s.table}: ${s.query.slice(0, 160)}`);

  // 5. Alternated rounds.
  const samples: Record<'alone' | 'crowded', Record<string, number[]>> = { alone: {}, crowded: {} };
  for (let r = 0; r < ROUNDS; r += 1) {
    const order = r % 2 === 0 ? (['alone', 'crowded'] as const) : (['crowded', 'alone'] as const);
    for (const which of order) {
      const times = await round(which === 'alone' ? alone.port : crowded.port, r);
      for (const [name, ms] of Object.entries(times)) (samples[which][name] ??= []).push(ms);
    }
  }
  const q = (values: number[], p: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
  };
  say(
    `${ORGS.toLocaleString('en')} organisations, ${(ORGS * PROJECTS).toLocaleString('en')} projects, ` +
      `${(written.get('cards') ?? 0).toLocaleString('en')} cards; ${ROUNDS} rounds alternated`,
  );
  process.stdout.write(
    `${'operation'.padEnd(14)} ${'alone p50/p95 ms'.padStart(18)} ${'crowded p50/p95 ms'.padStart(20)} ${'p95 ratio'.padStart(10)}\n`,
  );
  let worst = 0;
  for (const name of Object.keys(samples.alone)) {
    const a = samples.alone[name]!;
    const c = samples.crowded[name]!;
    const ratio = q(c, 95) / q(a, 95);
    worst = Math.max(worst, ratio);
    process.stdout.write(
      `${name.padEnd(14)} ${`${q(a, 50).toFixed(1)}/${q(a, 95).toFixed(1)}`.padStart(18)} ${`${q(c, 50).toFixed(1)}/${q(c, 95).toFixed(1)}`.padStart(20)} ${ratio.toFixed(2).padStart(10)}\n`,
    );
  }
  say(
    `worst p95 ratio ${worst.toFixed(2)} (target ≤ 1.5); load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
  );
} finally {
  await stopAll();
}

interface Plan {
  query: string;
  plan: string;
}

/** auto_explain's entries in the server's log: the statement and its plan. */
function parsePlans(log: string): Plan[] {
  const plans = new Map<string, Plan>();
  const entries = log.split(/\n(?=\S)/);
  for (const entry of entries) {
    if (!/LOG:\s+duration: [\d.]+ ms\s+plan:/.test(entry)) continue;
    const lines = entry
      .split('\n')
      .slice(1)
      .map((l) => l.replace(/^\t/, ''));
    const queryAt = lines.findIndex((l) => l.startsWith('Query Text:'));
    if (queryAt < 0) continue;
    // The statement runs until the plan's first node, the first line with a cost.
    const planAt = lines.findIndex((l, i) => i > queryAt && l.includes('(cost='));
    const query = lines
      .slice(queryAt, planAt < 0 ? lines.length : planAt)
      .join(' ')
      .replace(/^Query Text:\s*/, '')
      .replace(/\s+/g, ' ')
      .trim();
    const plan = planAt < 0 ? '' : lines.slice(planAt).join('\n');
    if (!plans.has(query)) plans.set(query, { query, plan });
  }
  return [...plans.values()];
}

function plansReport(
  plans: Plan[],
  seqScans: { table: string; query: string }[],
  big: Set<string>,
): string {
  const lines = [
    "# The hot statements' plans in the crowded database (`npm run bench:volume`)",
    '',
    `Written by \`bench/volume.ts\` on ${new Date().toISOString().slice(0, 10)}: one round of the hot operations (card create, board`,
    'read, connect, rate, inbox, dashboard, global search, access log) for one organisation among',
    `${ORGS.toLocaleString('en')}, every statement's plan as auto_explain logged it (actual rows, no timing).`,
    `Tables of 10,000 rows or more: ${[...big].sort().join(', ')}.`,
    '',
    `Sequential scans of those tables: ${seqScans.length}.`,
    ...seqScans.map((s) => `- \`${s.table}\`: \`${s.query.slice(0, 200)}\``),
    '',
  ];
  plans.forEach((p, i) => {
    lines.push(`## ${i + 1}`, '', '```sql', p.query, '```', '', '```', p.plan, '```', '');
  });
  return lines.join('\n');
}
