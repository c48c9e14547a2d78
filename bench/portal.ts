/**
 * The public portal benchmark (issue #11): a board with 100 live cards, read by visitors without
 * an account. The visitor API (`GET /api/public/portals/{link}`) and the portal page itself (the
 * HTML with its social-preview tags, the inlined board and the first-paint rendering) at 1 and 10
 * connections; then Debian's Chromium opening the page fresh: first contentful paint and the time
 * until the app has drawn the last card. On PGlite by default, on PostgreSQL when
 * BENCH_DATABASE_URL is set.
 *
 *   npm run bench:portal
 *   BENCH_SECONDS=5 npm run bench:portal
 */
import { existsSync } from 'node:fs';
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';
import { startBenchServer } from './spawn.ts';
import type { PortalSeed } from './seed-portal.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const cards = Number(process.env.BENCH_CARDS ?? 100);
const port = Number(process.env.BENCH_PORT ?? 3191);
const database = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const webDist = new URL('../apps/web/dist', import.meta.url).pathname;

const { seed, stop } = await startBenchServer<PortalSeed>({
  BENCH_SEED_KIND: 'portal',
  BENCH_SEED_CARDS: String(cards),
  BENCH_PORT: String(port),
  BENCH_APP_DOMAIN: `localhost:${port}`,
  WEB_DIST: webDist,
});

async function load(path: string, connections: number, duration: number) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${path}`,
    connections,
    duration,
    headers: { host: `app.localhost:${port}` },
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${path}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result;
}

async function paintTimes(): Promise<{ fcp: number; drawn: number } | null> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath) || !existsSync(`${webDist}/index.html`)) return null;
  const browser = await chromium.launch({
    executablePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
  try {
    const url = `http://app.localhost:${port}/portal/${seed.link}`;
    const best = { fcp: Infinity, drawn: Infinity };
    // A fresh visitor each time (no cache, no cookies), after one warm-up of the server.
    for (let i = 0; i < 4; i += 1) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      const start = Date.now();
      await page.goto(url);
      await page
        .getByTestId('portal-card')
        .nth(cards - 1)
        .waitFor({ state: 'attached', timeout: 30_000 });
      const drawn = Date.now() - start;
      const fcp = await page.evaluate(
        () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      );
      await context.close();
      if (i === 0) continue;
      best.fcp = Math.min(best.fcp, fcp);
      best.drawn = Math.min(best.drawn, drawn);
    }
    return best;
  } finally {
    await browser.close();
  }
}

try {
  const check = await fetch(`http://127.0.0.1:${port}/api/public/portals/${seed.link}`);
  const text = await check.text();
  const board = JSON.parse(text) as { cards: unknown[] };
  if (board.cards.length !== cards) throw new Error(`portal check failed: ${text.slice(0, 200)}`);
  console.log(
    `${database}: portal of ${cards} live cards (API answer ${(text.length / 1024).toFixed(0)} KB), ${seconds} s per run`,
  );
  await load(`/api/public/portals/${seed.link}`, 1, 3);
  for (const [name, path] of [
    ['visitor API', `/api/public/portals/${seed.link}`],
    ['portal page', `/portal/${seed.link}`],
  ] as const) {
    for (const connections of [1, 10]) {
      const result = await load(path, connections, seconds);
      console.log(
        `${name.padEnd(11)} ${String(connections).padStart(2)} conn  ${result.requests.average.toFixed(0).padStart(6)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms`,
      );
    }
  }
  const paint = await paintTimes();
  console.log(
    paint === null
      ? 'Chromium or the built web app is missing: no paint times'
      : `Chromium, fresh visitor: first contentful paint ${paint.fcp.toFixed(0)} ms, all ${cards} cards drawn by the app ${paint.drawn} ms (best of 3)`,
  );
} finally {
  await stop();
}
