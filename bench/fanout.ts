/**
 * The realtime fan-out benchmark (issue #8): 500 websocket clients subscribed to one project's
 * channel; one card update at a time through the gateway; the time from sending the update to
 * each client receiving its event. Reports p50/p99 over all deliveries. On PGlite (in-process
 * bus) by default, on PostgreSQL (LISTEN/NOTIFY) when BENCH_DATABASE_URL is set.
 *
 *   npm run bench:fanout -w @assay/bench
 *   BENCH_DATABASE_URL=postgres://… npm run bench:fanout -w @assay/bench
 */
import WebSocket from 'ws';
import { startBenchServer } from './spawn.ts';
import type { Seed } from './seed.ts';

const clients = Number(process.env.BENCH_CLIENTS ?? 500);
const updates = Number(process.env.BENCH_UPDATES ?? 50);
const port = Number(process.env.BENCH_PORT ?? 3192);
const database = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

const { seed, stop } = await startBenchServer<Seed>({
  BENCH_SEED_CARDS: '1',
  BENCH_PORT: String(port),
});
const headers = {
  'content-type': 'application/json',
  cookie: seed.cookie,
  'x-organization-id': seed.organizationId,
};
const gateway = async (query: string, variables: Record<string, unknown>) => {
  const response = await fetch(`http://127.0.0.1:${port}/api/gateway/query`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ query, variables }),
  });
  const answer = (await response.json()) as { data?: Record<string, unknown>; errors?: unknown };
  if (!answer.data) throw new Error(JSON.stringify(answer.errors));
  return answer.data;
};

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

try {
  const canvas = (await gateway(
    'query($p: ID!) { canvas(projectId: $p) { cards { id version } } }',
    {
      p: seed.projectId,
    },
  )) as { canvas: { cards: { id: string; version: number }[] } };
  const card = canvas.canvas.cards[0]!;
  let version = card.version;

  // Each client records when each update's event reaches it.
  let sentAt = 0;
  const latencies: number[] = [];
  let received = 0;
  const sockets = await Promise.all(
    Array.from(
      { length: clients },
      () =>
        new Promise<WebSocket>((resolve, reject) => {
          const socket = new WebSocket(
            `ws://127.0.0.1:${port}/sub/p${seed.projectId}?o=${seed.organizationId}`,
            { headers: { cookie: seed.cookie } },
          );
          socket.on('message', (data: Buffer) => {
            const message = JSON.parse(data.toString()) as { event: string };
            if (message.event === 'realtime.subscribed') resolve(socket);
            else if (message.event === 'cards.update') {
              latencies.push(performance.now() - sentAt);
              received += 1;
            }
          });
          socket.on('error', reject);
          socket.on('unexpected-response', (_q, r) => reject(new Error(`refused ${r.statusCode}`)));
        }),
    ),
  );
  console.log(`${database}: ${sockets.length} websocket clients on one project channel`);

  for (let i = 0; i < updates + 5; i += 1) {
    if (i === 5) latencies.length = 0; // the first five warm up
    const target = received + clients;
    sentAt = performance.now();
    const saved = (await gateway(
      'mutation($i: JSON!) { updateHypothesis(input: $i) { version } }',
      { i: { cardId: card.id, version, summary: `Update ${i}` } },
    )) as { updateHypothesis: { version: number } };
    version = saved.updateHypothesis.version;
    const deadline = Date.now() + 5000;
    while (received < target && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
    if (received < target) throw new Error(`update ${i}: ${target - received} clients missed it`);
  }
  latencies.sort((a, b) => a - b);
  console.log(
    `fan-out of one card update to ${clients} clients (${updates} updates, ${latencies.length} deliveries): p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${latencies.at(-1)?.toFixed(1)} ms (from sending the update)`,
  );
  for (const socket of sockets) socket.close();
} finally {
  await stop();
}
