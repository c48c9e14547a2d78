/**
 * bench:soak (#54): three instances behind Debian's nginx, through Debian's PgBouncer in
 * transaction mode, on one PostgreSQL (e2e/scale-out/cluster.ts), under a bounded mixed load on
 * loopback for SOAK_MINUTES (default 30): about 70% reads (canvas, dashboard, inbox, evidence),
 * 25% writes (cards, connections, ratings, comments), 5% exports and searches, and SOAK_SOCKETS
 * (300) websocket clients on the projects' channels. At a third of the run one instance is killed
 * outright and started again; at two thirds PostgreSQL is restarted.
 *
 * It reports: acknowledged writes lost (each checked by id afterwards), errors outside the two
 * outage windows, p50/p95/p99 per route for every SOAK_WINDOW_MINUTES (5), each instance's RSS and
 * event-loop delay over time (the last third against the first), and whether every websocket
 * client came back and was told of what it missed. Not part of CI.
 */
import http from 'node:http';
import pg from 'pg';
import WebSocket from 'ws';
import { CANVAS_SECTIONS, SESSION_COOKIE } from '@assay/domain';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/platform/db/index.ts';
import { testConfig } from '../apps/server/test/app.ts';
import { ownerWithOrganization } from '../apps/server/test/organization.ts';
import { METRICS_TOKEN, SCALE_OUT_SECRET, startCluster } from '../e2e/scale-out/cluster.ts';
import { connectionTo } from './seed-volume.ts';
import { STATEMENT_SETTINGS, statementWatch } from './soak-statements.ts';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const WINDOW_MS = Number(process.env.SOAK_WINDOW_MINUTES ?? 5) * 60_000;
const SOCKETS = Number(process.env.SOAK_SOCKETS ?? 300);
/** Requests in flight at once: the load generator is bounded, not open-loop. */
const IN_FLIGHT = Number(process.env.SOAK_IN_FLIGHT ?? 12);
const ORGS = Number(process.env.SOAK_ORGS ?? 12);
const CARDS = 24;
/** Cards the run adds to a project at most before it deletes its oldest. */
const SOAK_CARDS = 60;

const STATEMENTS = process.env.SOAK_PG_STATEMENTS === '1';
const cluster = await startCluster(3, {
  env: { RATE_LIMIT_WRITES_PER_MINUTE: '10000000', RATE_LIMIT_GATEWAY_PER_MINUTE: '10000000' },
  ...(STATEMENTS ? { postgresSettings: STATEMENT_SETTINGS } : {}),
});
const watch = STATEMENTS ? statementWatch(cluster.databaseUrl) : null;
const host = `app.localhost:${cluster.port}`;
const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT + 4 });

interface Team {
  cookie: string;
  orgId: string;
  projectId: string;
  hypotheses: string[];
  evidence: string[];
  /** Connections made in the run: [evidence card, connection]. */
  connections: [string, string][];
  /** Cards made in the run, oldest first (deleted beyond SOAK_CARDS). */
  made: string[];
}

// --- Seed, through the app's own routes in this process, on the same database. -------------
async function seed(): Promise<Team[]> {
  const database = await openDatabase({ databaseUrl: cluster.databaseUrl, poolSize: 4 });
  const built = await buildApp(
    testConfig({ APP_SECRET: SCALE_OUT_SECRET, DATABASE_URL: cluster.databaseUrl }),
    { database, jobs: false },
  );
  const teams: Team[] = [];
  for (let o = 0; o < ORGS; o += 1) {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const ask = async (query: string, variables: Record<string, unknown> = {}) => {
      const answer = (
        await owner.agent.post(
          '/api/gateway/query',
          { query, variables },
          { 'x-organization-id': org.id },
        )
      ).json() as { data?: Record<string, { id: string; version: number }>; errors?: unknown };
      if (answer.errors || !answer.data) throw new Error(JSON.stringify(answer.errors));
      return answer.data;
    };
    const projectId = (
      await ask('mutation($n: String!) { createProject(input: { name: $n }) { id } }', {
        n: `Soak ${o}`,
      })
    ).createProject!.id;
    const create = async (input: Record<string, unknown>) =>
      (
        await ask('mutation($i: JSON!) { createCard(input: $i) { id version } }', {
          i: { projectId, ...input },
        })
      ).createCard!;
    const hypotheses: string[] = [];
    const evidence: string[] = [];
    for (let i = 0; i < CARDS; i += 1) {
      const card = await create({
        type: 'hypothesis',
        title: `Hypothesis ${i}: night-shift nurses will pay for a quiet break room`,
        section: CANVAS_SECTIONS[i % CANVAS_SECTIONS.length],
        draft: false,
      });
      hypotheses.push(card.id);
    }
    for (let i = 0; i < 6; i += 1) {
      const post = await create({ type: 'post', title: `What nurse ${i} said` });
      const summarised = await ask('mutation($i: JSON!) { updatePost(input: $i) { id version } }', {
        i: { cardId: post.id, version: post.version, summary: `Nurse ${i} naps in her car` },
      });
      await ask(
        'mutation($id: ID!, $v: Int!) { publishCard(cardId: $id, version: $v) { id version } }',
        { id: post.id, v: summarised.updatePost!.version },
      );
      evidence.push(post.id);
    }
    teams.push({
      cookie: `${SESSION_COOKIE}=${owner.agent.cookies.get(SESSION_COOKIE)}`,
      orgId: org.id,
      projectId,
      hypotheses,
      evidence,
      connections: [],
      made: [],
    });
  }
  await built.app.close();
  await database.close();
  return teams;
}

// --- Requests through nginx. ------------------------------------------------------------------
interface Answer {
  status: number;
  body: string;
}

function send(team: Team, method: string, path: string, body?: unknown): Promise<Answer> {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      {
        host: '127.0.0.1',
        port: cluster.port,
        method,
        path,
        agent,
        headers: {
          host,
          cookie: team.cookie,
          'x-organization-id': team.orgId,
          'x-project-id': team.projectId,
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
        timeout: 30_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
        response.on('error', () => resolve({ status: 0, body: '' }));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => resolve({ status: 0, body: '' }));
    request.end(payload);
  });
}

const gateway = (team: Team, query: string, variables: Record<string, unknown>) =>
  send(team, 'POST', '/api/gateway/query', { query, variables });

/** An answer is good when its status is and the gateway reports no error. */
function good(answer: Answer): boolean {
  if (answer.status < 200 || answer.status >= 300) return false;
  if (answer.body.startsWith('{"errors"') || answer.body.includes('"errors":[')) return false;
  return true;
}

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!;

interface Acked {
  table: 'cards' | 'connections' | 'comments';
  id: string;
  /** The card it belongs to: a card the run deleted takes its connections and comments along. */
  card: string;
}
const acked: Acked[] = [];
/** Cards the run deleted, acknowledged. */
const removed = new Set<string>();

type Operation = { route: string; weight: number; run: (team: Team) => Promise<Answer> };
const OPERATIONS: Operation[] = [
  {
    route: 'read canvas',
    weight: 30,
    run: (t) =>
      gateway(
        t,
        'query($p: ID!) { canvas(projectId: $p, filters: {}) { cards { id title section } } }',
        { p: t.projectId },
      ),
  },
  {
    route: 'read dashboard',
    weight: 15,
    run: (t) =>
      gateway(
        t,
        'query($p: ID!) { dashboard(projectId: $p) { counts { hypotheses evidence } riskyHypotheses { id } } }',
        {
          p: t.projectId,
        },
      ),
  },
  {
    route: 'read inbox',
    weight: 15,
    run: (t) =>
      gateway(
        t,
        'query { notifications(section: null, favorites: false) { unreadCount notifications { id } } }',
        {},
      ),
  },
  {
    route: 'read evidence',
    weight: 10,
    run: (t) =>
      gateway(t, 'query($p: ID!) { evidence(projectId: $p) { counts { total } } }', {
        p: t.projectId,
      }),
  },
  {
    // Keeps the projects' size steady: the soak measures time, not a growing board (a board
    // of a thousand cards reads slower because it is bigger, whatever the hour).
    route: 'delete card',
    weight: 4,
    run: async (t) => {
      if (t.made.length <= SOAK_CARDS) return { status: 200, body: '' };
      const id = t.made.shift()!;
      t.hypotheses.splice(t.hypotheses.indexOf(id), 1);
      const answer = await gateway(t, 'mutation($id: ID!) { deleteCard(cardId: $id) }', { id });
      if (good(answer)) removed.add(id);
      return answer;
    },
  },
  {
    route: 'write card',
    weight: 4,
    run: async (t) => {
      const answer = await gateway(t, 'mutation($i: JSON!) { createCard(input: $i) { id } }', {
        i: {
          projectId: t.projectId,
          type: 'hypothesis',
          section: pick([...CANVAS_SECTIONS]),
          title: `Soak card ${Date.now()}`,
        },
      });
      const id = good(answer) ? idOf(answer, 'createCard') : null;
      if (id) {
        acked.push({ table: 'cards', id, card: id });
        t.hypotheses.push(id);
        t.made.push(id);
      }
      return answer;
    },
  },
  {
    route: 'write connection',
    weight: 6,
    run: async (t) => {
      const evidence = pick(t.evidence);
      const hypothesis = pick(t.hypotheses);
      const answer = await send(t, 'POST', `/api/canvas/cards/${evidence}/connections`, {
        cardId: hypothesis,
        rating: pick([-2, -1, 0, 1, 2]),
      });
      // Connecting the same pair twice is refused by the catalogue: not an error of the run.
      if (answer.status === 400 && answer.body.includes('already connected'))
        return { status: 200, body: '' };
      const id = good(answer) ? connectionOf(answer, hypothesis) : null;
      if (id) {
        acked.push({ table: 'connections', id, card: hypothesis });
        t.connections.push([evidence, id]);
      }
      return answer;
    },
  },
  {
    route: 'write rating',
    weight: 5,
    run: async (t) => {
      if (!t.connections.length) return { status: 200, body: '' };
      const [evidence, id] = pick(t.connections);
      return send(t, 'PUT', `/api/canvas/cards/${evidence}/connections/${id}/rating`, {
        rating: pick([-2, -1, 1, 2]),
      });
    },
  },
  {
    route: 'write comment',
    weight: 6,
    run: async (t) => {
      const card = pick(t.hypotheses);
      const answer = await gateway(t, 'mutation($i: JSON!) { addComment(input: $i) { id } }', {
        i: { subjectType: 'card', subjectId: card, body: 'Soak note', mentions: [] },
      });
      const id = good(answer) ? idOf(answer, 'addComment') : null;
      if (id) acked.push({ table: 'comments', id, card });
      return answer;
    },
  },
  {
    route: 'search',
    weight: 3,
    run: (t) => gateway(t, 'query($t: String!) { globalSearch(text: $t) { id } }', { t: 'nurses' }),
  },
  {
    route: 'export',
    weight: 2,
    run: (t) => send(t, 'GET', `/api/proj/projects/${t.projectId}/export/project.zip`),
  },
];

function idOf(answer: Answer, field: string): string | null {
  try {
    return (
      (JSON.parse(answer.body) as { data?: Record<string, { id?: string }> }).data?.[field]?.id ??
      null
    );
  } catch {
    return null;
  }
}

/** The connection to `cardId` among the associations a connect answers with. */
function connectionOf(answer: Answer, cardId: string): string | null {
  try {
    return connectionTo(JSON.parse(answer.body), cardId);
  } catch {
    return null;
  }
}

// --- Measurements. ----------------------------------------------------------------------------
interface Sample {
  at: number;
  route: string;
  ms: number;
  ok: boolean;
}
const samples: Sample[] = [];
/** Failed answers (a few hundred of each route), to say what failed. */
const failures: { at: number; route: string; text: string }[] = [];
const outages: { name: string; from: number; to: number }[] = [];
/** After an outage, requests already on their way may still fail for this long. */
const GRACE = 5000;
/** When pg_ctl said PostgreSQL accepted connections again. */
let databaseBack = 0;

async function metric(port: number, name: string): Promise<number | null> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const line = (await response.text()).split('\n').find((l) => l.startsWith(`${name} `));
    return line ? Number(line.split(' ').at(-1)) : null;
  } catch {
    return null;
  }
}

const processSamples: { at: number; instance: number; rssMiB: number; lagMs: number }[] = [];
async function sampleInstances() {
  await Promise.all(
    cluster.instances.map(async (instance, i) => {
      const rss = await metric(instance.port, 'assay_process_resident_memory_bytes');
      const lag = await metric(instance.port, 'assay_nodejs_eventloop_lag_p99_seconds');
      if (rss !== null && lag !== null)
        processSamples.push({
          at: Date.now(),
          instance: i,
          rssMiB: rss / 2 ** 20,
          lagMs: lag * 1000,
        });
    }),
  );
}

// --- Websocket clients: reconnect as the web app does, and say what they were told. ----------
interface Listener {
  team: Team;
  heard: Set<string>;
  connects: number;
  /** When each (re)subscription was confirmed, and the newest event it was told of. */
  subscriptions: { at: number; newest: string | null }[];
  open: boolean;
  socket?: WebSocket;
}
const listeners: Listener[] = [];
let stopping = false;

function connectListener(l: Listener) {
  const socket = new WebSocket(
    `ws://127.0.0.1:${cluster.port}/sub/p${l.team.projectId}?o=${l.team.orgId}`,
    { headers: { host, cookie: l.team.cookie, origin: `http://${host}` } },
  );
  l.socket = socket;
  socket.on('message', (data: Buffer) => {
    const m = JSON.parse(data.toString()) as {
      event: string;
      subjectId?: string;
      changes?: { lastEventAt?: string };
    };
    if (m.event === 'realtime.subscribed') {
      l.connects += 1;
      l.open = true;
      l.subscriptions.push({ at: Date.now(), newest: m.changes?.lastEventAt ?? null });
    } else if (m.event === 'realtime.reconnected') {
      // The instance lost its listening connection for a moment: the client is told to refetch.
      l.subscriptions.push({ at: Date.now(), newest: new Date().toISOString() });
    } else if (m.event === 'cards.create' && m.subjectId) l.heard.add(m.subjectId);
  });
  const again = () => {
    l.open = false;
    if (!stopping) setTimeout(() => connectListener(l), 500 + Math.random() * 1000);
  };
  socket.on('close', again);
  socket.on('error', () => socket.terminate());
}

// --- The run. ---------------------------------------------------------------------------------
const teams = await seed();
for (let i = 0; i < SOCKETS; i += 1) {
  const l: Listener = {
    team: teams[i % teams.length]!,
    heard: new Set(),
    connects: 0,
    subscriptions: [],
    open: false,
  };
  listeners.push(l);
  connectListener(l);
}
await new Promise((r) => setTimeout(r, 3000));

await watch?.start();
const started = Date.now();
const ends = started + MINUTES * 60_000;
const total = OPERATIONS.reduce((s, o) => s + o.weight, 0);
const choose = () => {
  let r = Math.random() * total;
  for (const o of OPERATIONS) if ((r -= o.weight) < 0) return o;
  return OPERATIONS[0]!;
};
const createdAt = new Map<string, number>();

async function worker() {
  while (Date.now() < ends) {
    const team = pick(teams);
    const op = choose();
    const from = performance.now();
    const before = acked.length;
    const answer = await op.run(team);
    const now = Date.now();
    samples.push({ at: now, route: op.route, ms: performance.now() - from, ok: good(answer) });
    if (!good(answer) && failures.filter((x) => x.route === op.route).length < 300)
      failures.push({
        at: now,
        route: op.route,
        text: `${answer.status} ${answer.body.slice(0, 300)}`,
      });
    if (op.route === 'write card' && acked.length > before) createdAt.set(acked.at(-1)!.id, now);
  }
}

/** An instance that ends by itself (not the one the run kills) fails the run, with its log. */
let restarting = false;
function failIfAnInstanceDied() {
  cluster.instances.forEach((instance, i) => {
    if (restarting && i === 0) return;
    const { exitCode, signalCode } = instance.child;
    if (exitCode === null && signalCode === null) return;
    console.error(
      `instance ${i} ended by itself (exit ${exitCode}, signal ${signalCode}); its log's end:\n${instance.log().slice(-4000)}`,
    );
    void cluster.stop().then(() => process.exit(1));
  });
}
const sampler = setInterval(() => {
  failIfAnInstanceDied();
  void sampleInstances();
}, 10_000);
const watching = watch ? setInterval(() => void watch.read(), WINDOW_MS) : null;
const faults = (async () => {
  await new Promise((r) => setTimeout(r, (MINUTES * 60_000) / 3));
  const killed = { name: 'instance killed and restarted', from: Date.now(), to: 0 };
  restarting = true;
  await cluster.instances[0]!.restart();
  restarting = false;
  killed.to = Date.now();
  outages.push(killed);
  await new Promise((r) =>
    setTimeout(r, Math.max(0, started + (2 * MINUTES * 60_000) / 3 - Date.now())),
  );
  const restarted = { name: 'PostgreSQL restarted', from: Date.now(), to: 0 };
  cluster.restartDatabase();
  databaseBack = Date.now();
  // The outage lasts until every instance answers ready again.
  for (;;) {
    failIfAnInstanceDied();
    const ready = await Promise.all(
      cluster.instances.map((i) =>
        fetch(`http://127.0.0.1:${i.port}/api/health/ready`).then(
          (r) => r.ok,
          () => false,
        ),
      ),
    );
    if (ready.every(Boolean)) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  restarted.to = Date.now();
  outages.push(restarted);
})();

await Promise.all(Array.from({ length: IN_FLIGHT }, () => worker()));
await faults;
clearInterval(sampler);
if (watching) clearInterval(watching);
await new Promise((r) => setTimeout(r, 3000));
stopping = true;

// --- What was lost. ---------------------------------------------------------------------------
const client = new pg.Client({ connectionString: cluster.databaseUrl });
await client.connect();
let lost = 0;
for (const table of ['cards', 'connections', 'comments'] as const) {
  // What the run deleted is not lost (nor what went with it).
  const ids = acked.filter((a) => a.table === table && !removed.has(a.card)).map((a) => a.id);
  if (!ids.length) continue;
  const { rows } = await client.query<{ n: string }>(
    `select count(*) as n from ${table} where id = any($1::uuid[])`,
    [ids],
  );
  lost += ids.length - Number(rows[0]!.n);
}
await client.end();

// Errors outside the outages (a grace of 5 s after each, for a socket's next try).
const inOutage = (at: number) => outages.some((o) => at >= o.from && at <= o.to + GRACE);
const errorsOutside = samples.filter((s) => !s.ok && !inOutage(s.at));
const errorsInside = samples.filter((s) => !s.ok && inOutage(s.at));

// Websocket clients: every one subscribed at the end, and each card made while it was away it
// either heard or was told of on subscribing again (a newest-event time after it).
const openAtEnd = listeners.filter((l) => l.open).length;
let missedUntold = 0;
for (const l of listeners) {
  for (const [id, at] of createdAt) {
    if (!l.team.hypotheses.includes(id) || l.heard.has(id)) continue;
    const told = l.subscriptions.some(
      (s) => s.at >= at && s.newest !== null && Date.parse(s.newest) >= at - 1000,
    );
    if (!told) missedUntold += 1;
  }
}
for (const l of listeners) l.socket?.terminate();

const q = (values: number[], p: number) => {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const f = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');

console.log(
  `\nbench:soak — ${MINUTES} min, ${IN_FLIGHT} requests in flight, ${SOCKETS} sockets, ${teams.length} organisations, 3 instances through PgBouncer (transaction mode) behind nginx`,
);
console.log(
  `cards deleted by the run (keeping each project at most ${SOAK_CARDS} over its seed): ${removed.size}`,
);
console.log(
  `requests: ${samples.length} (${f(samples.length / (MINUTES * 60))}/s); acknowledged writes: ${acked.length}, lost: ${lost}`,
);
if (databaseBack)
  console.log(
    `PostgreSQL accepted again ${f((databaseBack - (outages[1]?.from ?? databaseBack)) / 1000)} s after its restart began`,
  );
for (const o of outages) {
  const within = samples.filter((x) => x.at >= o.from && x.at <= o.to + GRACE);
  console.log(
    `outage: ${o.name} at ${f((o.from - started) / 60_000)} min, ${f((o.to - o.from) / 1000)} s; ` +
      `${within.filter((x) => !x.ok).length} of its ${within.length} requests failed`,
  );
}
console.log(`errors: ${errorsOutside.length} outside the outages, ${errorsInside.length} inside`);
if (errorsOutside.length)
  console.log(
    `  outside by route: ${JSON.stringify(Object.fromEntries(OPERATIONS.map((o) => [o.route, errorsOutside.filter((e) => e.route === o.route).length]).filter(([, n]) => n)))}`,
  );
for (const route of new Set(failures.map((x) => x.route))) {
  const outside = failures.find((x) => x.route === route && !inOutage(x.at));
  if (outside) console.log(`  a failure of ${route} outside the outages: ${outside.text}`);
}
console.log(
  `websockets: ${openAtEnd}/${listeners.length} subscribed at the end; ${listeners.reduce((s, l) => s + l.connects, 0)} subscriptions in all; cards missed and not told of: ${missedUntold}`,
);

const windows = Math.ceil((MINUTES * 60_000) / WINDOW_MS);
console.log(`\np50/p95/p99 ms per route, every ${WINDOW_MS / 60_000} min:`);
console.log(
  [
    'route'.padEnd(18),
    ...Array.from({ length: windows }, (_, w) =>
      `${(w * WINDOW_MS) / 60_000}-${((w + 1) * WINDOW_MS) / 60_000} min`.padEnd(20),
    ),
  ].join(''),
);
for (const o of OPERATIONS) {
  const cells = Array.from({ length: windows }, (_, w) => {
    const ms = samples
      .filter(
        (s) =>
          s.route === o.route &&
          s.ok &&
          s.at - started >= w * WINDOW_MS &&
          s.at - started < (w + 1) * WINDOW_MS,
      )
      .map((s) => s.ms);
    return `${f(q(ms, 50))}/${f(q(ms, 95))}/${f(q(ms, 99))}`.padEnd(20);
  });
  console.log([o.route.padEnd(18), ...cells].join(''));
}

console.log(
  '\nper instance: RSS MiB and event-loop p99 ms, first third → last third (mean of samples):',
);
const third = (MINUTES * 60_000) / 3;
for (let i = 0; i < cluster.instances.length; i += 1) {
  const mine = processSamples.filter((s) => s.instance === i);
  const first = mine.filter((s) => s.at - started < third);
  const last = mine.filter((s) => s.at - started >= 2 * third);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / (xs.length || 1);
  const r1 = mean(first.map((s) => s.rssMiB));
  const r3 = mean(last.map((s) => s.rssMiB));
  console.log(
    `  instance ${i}: RSS ${f(r1)} → ${f(r3)} MiB (${f(((r3 - r1) / r1) * 100)}%), loop p99 ${f(mean(first.map((s) => s.lagMs)))} → ${f(mean(last.map((s) => s.lagMs)))} ms${i === 0 ? ' (restarted at a third)' : ''}`,
  );
}

if (watch)
  console.log(
    await watch.report([
      'cards',
      'connections',
      'comments',
      'notifications',
      'events',
      'card_versions',
      'access_logs',
    ]),
  );

await cluster.stop();
agent.destroy();
process.exit(0);
