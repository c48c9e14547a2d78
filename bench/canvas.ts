/**
 * The canvas benchmark (issue #5): a project with 1,000 business hypotheses, loaded through the
 * gateway at 1 and 10 connections; card creation at 10 connections; the server's RSS; and the
 * time Chromium takes to render the canvas page. On PGlite by default, on PostgreSQL when
 * BENCH_DATABASE_URL is set.
 *
 *   npm run bench:canvas
 *   BENCH_SECONDS=10 npm run bench:canvas
 *   BENCH_DATABASE_URL=postgres://… npm run bench:canvas
 */
import { existsSync } from 'node:fs';
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';
import { startBenchServer } from './spawn.ts';
import type { Seed } from './seed.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const cards = Number(process.env.BENCH_CARDS ?? 1000);
const port = Number(process.env.BENCH_PORT ?? 3190);
const database = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

const { seed, stop } = await startBenchServer<Seed>({
  BENCH_SEED_CARDS: String(cards),
  BENCH_PORT: String(port),
  BENCH_APP_DOMAIN: `localhost:${port}`,
  WEB_DIST: new URL('../apps/web/dist', import.meta.url).pathname,
});

const CANVAS = `query Canvas($projectId: ID!, $filters: JSON) { canvas(projectId: $projectId, filters: $filters) {
  project { id name prioritization canvas { type templateId locked sections { key name defaultName lens hidden } } abilities { manage createCards } }
  cards { id title draft version tags viewed section rank businessStatus result risky productStatus canEdit } } }`;

const headers = {
  'content-type': 'application/json',
  cookie: seed.cookie,
  'x-organization-id': seed.organizationId,
};

async function load(title: string, body: string, connections: number, duration: number) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/api/gateway/query`,
    method: 'POST',
    body,
    headers,
    connections,
    duration,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${title}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return result;
}

async function rss(): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}/bench/rss`);
  return ((await response.json()) as { rss: number }).rss / 1024 / 1024;
}

async function renderTime(): Promise<number | null> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (
    !existsSync(executablePath) ||
    !existsSync(new URL('../apps/web/dist/index.html', import.meta.url))
  )
    return null;
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
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const origin = `http://${seed.slug}.localhost:${port}`;
    await context.addCookies([{ name: 'assay_session', value: seed.token, url: origin }]);
    const page = await context.newPage();
    const url = `${origin}/workspace/${seed.projectId}/canvas/business`;
    // Warm the browser cache once, then time a fresh navigation until every card is on screen.
    await page.goto(url);
    await page
      .getByTestId('board-card')
      .nth(cards - 1)
      .waitFor({ state: 'attached', timeout: 30_000 });
    const times: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const start = Date.now();
      await page.goto(url);
      await page
        .getByTestId('board-card')
        .nth(cards - 1)
        .waitFor({ state: 'attached', timeout: 30_000 });
      times.push(Date.now() - start);
    }
    return Math.min(...times);
  } finally {
    await browser.close();
  }
}

try {
  const canvasBody = JSON.stringify({
    query: CANVAS,
    variables: { projectId: seed.projectId, filters: {} },
  });
  const check = await fetch(`http://127.0.0.1:${port}/api/gateway/query`, {
    method: 'POST',
    headers,
    body: canvasBody,
  });
  const text = await check.text();
  const answer = JSON.parse(text) as { data?: { canvas: { cards: unknown[] } }; errors?: unknown };
  if (!answer.data || answer.data.canvas.cards.length !== cards) {
    throw new Error(`canvas check failed: ${JSON.stringify(answer.errors)}`);
  }
  console.log(
    `${database}: canvas of ${cards} cards (answer ${(text.length / 1024).toFixed(0)} KB), ${seconds} s per run`,
  );

  if (process.env.BENCH_ONLY === 'render') {
    console.log(`render  ${cards} cards in Chromium: ${await renderTime()} ms`);
    process.exitCode = 0;
  } else {
    await load('warm-up', canvasBody, 1, 3);
    const one = await load('canvas 1', canvasBody, 1, seconds);
    console.log(
      `canvas   1 conn  ${one.requests.average.toFixed(0).padStart(6)} req/s  p50 ${one.latency.p50} ms  p99 ${one.latency.p99} ms  (target p50 <= 8 ms)`,
    );
    const ten = await load('canvas 10', canvasBody, 10, seconds);
    console.log(
      `canvas  10 conn  ${ten.requests.average.toFixed(0).padStart(6)} req/s  p50 ${ten.latency.p50} ms  p99 ${ten.latency.p99} ms  (target >= 150 req/s, p99 <= 100 ms)`,
    );

    // Rendered before the creation run adds its cards to the same project.
    const render = await renderTime();
    console.log(
      render === null
        ? 'render: skipped (no Chromium or no web build)'
        : `render  ${cards} cards in Chromium: ${render} ms (target < 1,000 ms)`,
    );
    const createBody = JSON.stringify({
      query: 'mutation Create($i: JSON!) { createCard(input: $i) { id version } }',
      variables: {
        i: {
          projectId: seed.projectId,
          type: 'hypothesis',
          title: 'Load test hypothesis',
          section: 'channels',
          draft: false,
        },
      },
    });
    await load('warm-up', createBody, 10, 3);
    const create = await load('create', createBody, 10, seconds);
    console.log(
      `create  10 conn  ${create.requests.average.toFixed(0).padStart(6)} req/s  p50 ${create.latency.p50} ms  p99 ${create.latency.p99} ms  (target >= 1,000 req/s)`,
    );
    console.log(`server RSS ${(await rss()).toFixed(0)} MiB (target <= 250 MiB)`);
  }
} finally {
  await stop();
}
