/**
 * The web app in the browser (issue #28): the production build served by the real app with a
 * seeded project of 1,000 published hypotheses; Debian's Chromium (playwright-core, never a
 * downloaded browser) opens its canvas with an empty cache and with a warm one, until the screen
 * is whole (every card on it drawn) and the page answers a click, then jumps to the canvas's end
 * and times that screen too; it counts the long tasks (over 50 ms, and the
 * longest) and the bytes the first load brought over the wire; then Lighthouse runs on the canvas
 * (mobile, its default, and desktop).
 *
 *   npm run bench:web              # builds first
 *   BENCH_LIGHTHOUSE=false npm run bench:web -w @assay/bench
 *   BENCH_VERBOSE=1 …            # each request and answer, and how long the server took
 *   BENCH_CHROME_PROFILE=f.cpuprofile …   # the page's CPU profile (the last visit)
 *   BENCH_LATENCY_MS=150 …       # each request's round trip as slow as a phone's network
 */
import { writeFileSync } from 'node:fs';
import { chromium, type Page } from 'playwright-core';
import { lighthouse } from './lighthouse-run.ts';
import type { Seed } from './seed.ts';
import { startBenchServer } from './spawn.ts';

const cards = Number(process.env.BENCH_CARDS ?? 1000);
const port = Number(process.env.BENCH_PORT ?? 3192);
const runs = Number(process.env.BENCH_RUNS ?? 3);
// BENCH_VIEWPORT=412x823 BENCH_CPU_THROTTLE=4: a phone's screen and a phone's CPU, as Lighthouse's
// mobile run emulates them (with BENCH_CHROME_PROFILE, to see what its long tasks hold).
const [width, height] = (process.env.BENCH_VIEWPORT ?? '1440x900').split('x').map(Number);
const throttle = Number(process.env.BENCH_CPU_THROTTLE ?? 1);
const hoverMs = Number(process.env.BENCH_HOVER_MS ?? 0);
// A round trip's time added to each request (DevTools' network emulation; bandwidth unlimited).
const latencyMs = Number(process.env.BENCH_LATENCY_MS ?? 0);

const { seed, stop } = await startBenchServer<Seed>({
  BENCH_SEED_CARDS: String(cards),
  BENCH_PORT: String(port),
  BENCH_APP_DOMAIN: `localhost:${port}`,
  WEB_DIST: process.env.WEB_DIST ?? new URL('../apps/web/dist', import.meta.url).pathname,
});
const origin = `http://${seed.slug}.localhost:${port}`;
const url = `${origin}/workspace/${seed.projectId}/canvas/business`;

// Long tasks from the very start of each page, gathered where the page can hand them back.
const LONG_TASKS = `window.__longTasks = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push(e.duration); })
  .observe({ type: 'longtask', buffered: true });`;

interface Visit {
  /** The first card on the page (the first screen drawn). */
  firstMs: number;
  /** The screen whole: every card on it drawn. */
  ms: number;
  interactiveMs: number;
  /** From the click to the card's dialog. */
  openMs: number;
  /** After a jump to the end of the canvas, until that screen is whole. */
  endMs: number;
  /** Cards drawn by then (the rest wait until they come near the screen). */
  drawn: number;
  longTasks: number[];
  bytes: { script: number; stylesheet: number; other: number };
}

/** Resolves once no block of cards is still to draw on the screen (checked each frame). */
const SCREEN_WHOLE = `new Promise((resolve) => {
  const check = () => {
    const onScreen = Array.from(document.querySelectorAll('[data-testid="pending-cards"]')).some((el) => {
      const box = el.getBoundingClientRect();
      return box.bottom > 0 && box.top < window.innerHeight;
    });
    if (onScreen) requestAnimationFrame(check);
    else resolve(true);
  };
  check();
})`;
const screenWhole = (page: Page) => page.evaluate(SCREEN_WHOLE);

/** Sets window.__opened to the time from the next click to the first frame with a dialog. */
const OPEN_TIMER = `new Promise((resolve) => {
  addEventListener('click', (event) => {
    const clicked = event.timeStamp;
    const check = () => {
      if (document.querySelector('[role="dialog"]')) window.__opened = performance.now() - clicked;
      else requestAnimationFrame(check);
    };
    check();
  }, { capture: true, once: true });
  resolve(true);
})`;

/** BENCH_CHROME_PROFILE=file.cpuprofile: the page's CPU profile until the screen is whole (last visit). */
const chromeProfile = process.env.BENCH_CHROME_PROFILE;

async function visit(page: Page): Promise<Visit> {
  const bytes = { script: 0, stylesheet: 0, other: 0 };
  const start = Date.now();
  const client = await page.context().newCDPSession(page);
  await client.send('Network.enable');
  if (throttle > 1) await client.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  if (latencyMs > 0)
    await client.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: latencyMs,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  if (chromeProfile) {
    await client.send('Profiler.enable');
    await client.send('Profiler.setSamplingInterval', { interval: 200 });
    await client.send('Profiler.start');
  }
  const types = new Map<string, string>();
  const urls = new Map<string, string>();
  if (process.env.BENCH_VERBOSE)
    client.on('Network.requestWillBeSent', (e) =>
      console.log(
        `  ${Date.now() - start} ms → ${e.request.method} ${e.request.url.replace(origin, '').slice(0, 70)} ${e.request.postData?.slice(0, 60) ?? ''}`,
      ),
    );
  client.on('Network.responseReceived', (e) => {
    types.set(e.requestId, e.type);
    if (process.env.BENCH_VERBOSE && e.response.timing)
      console.log(
        `  ${Date.now() - start} ms ⇠ headers of ${e.response.url.replace(origin, '').slice(0, 50)} after ${Math.round(e.response.timing.receiveHeadersEnd - e.response.timing.sendEnd)} ms waiting`,
      );
    urls.set(
      e.requestId,
      `${e.response.url.split('/').pop()} ${e.response.headers['content-encoding'] ?? ''}`,
    );
  });
  client.on('Network.loadingFinished', (e) => {
    const type = types.get(e.requestId);
    const key = type === 'Script' ? 'script' : type === 'Stylesheet' ? 'stylesheet' : 'other';
    bytes[key] += e.encodedDataLength;
    if (process.env.BENCH_VERBOSE)
      console.log(
        `  ${Date.now() - start} ms ← ${type} ${e.encodedDataLength} ${urls.get(e.requestId)}`,
      );
  });
  await page.goto(url);
  await page.getByTestId('board-card').first().waitFor({ state: 'attached', timeout: 60_000 });
  const firstMs = Date.now() - start;
  // The screen whole: no block of cards still to draw on the screen (a long section draws its
  // cards as they come near it), and every card the page drew in its first load on the page.
  await screenWhole(page);
  const ms = Date.now() - start;
  if (chromeProfile) {
    const { profile } = await client.send('Profiler.stop');
    writeFileSync(chromeProfile, JSON.stringify(profile));
  }
  // The first load is what came over the wire until the screen was whole.
  const firstLoad = { ...bytes };
  // Interactive: a click on a card opens it. BENCH_HOVER_MS: the pointer rests on the card that
  // long first, as a person's does before a click (0: Playwright's click, which hovers at once).
  if (hoverMs > 0) {
    await page.getByTestId('board-card').first().hover();
    await page.waitForTimeout(hoverMs);
  }
  // Timed in the page, from the click's event to the dialog's first frame (Playwright's own checks
  // before a click take a few hundred milliseconds of their own).
  await page.evaluate(OPEN_TIMER);
  await page.getByTestId('board-card').first().click();
  await page.getByRole('dialog').waitFor();
  const interactiveMs = Date.now() - start;
  const openMs = Math.round(Number(await page.evaluate('window.__opened')));
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  // Then a jump to the end of the canvas: how long until that screen is whole.
  const scrolled = Date.now();
  await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
  await screenWhole(page);
  const endMs = Date.now() - scrolled;
  const drawn = await page.getByTestId('board-card').count();
  const longTasks = (await page.evaluate('window.__longTasks')) as number[];
  await client.detach();
  return { firstMs, ms, interactiveMs, openMs, endMs, drawn, longTasks, bytes: firstLoad };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;

try {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    const cold: Visit[] = [];
    const warm: Visit[] = [];
    for (let i = 0; i < runs; i += 1) {
      const context = await browser.newContext({ viewport: { width: width!, height: height! } });
      await context.addCookies([{ name: 'assay_session', value: seed.token, url: origin }]);
      await context.addInitScript(LONG_TASKS);
      cold.push(await visit(await context.newPage()));
      warm.push(await visit(await context.newPage()));
      await context.close();
    }
    const line = (name: string, list: Visit[]) => {
      const tasks = list.flatMap((v) => v.longTasks);
      const first = list[0]!.bytes;
      console.log(
        `${name}: first card ${median(list.map((v) => v.firstMs))} ms, screen whole ${median(list.map((v) => v.ms))} ms, answers a click ${median(list.map((v) => v.interactiveMs))} ms (the card open ${median(list.map((v) => v.openMs))} ms after it), ` +
          `the end's screen whole ${median(list.map((v) => v.endMs))} ms after the jump, ${median(list.map((v) => v.drawn))} cards drawn ` +
          `(medians of ${runs}); long tasks ${(tasks.length / list.length).toFixed(1)} per load, longest ${Math.round(Math.max(0, ...tasks))} ms; ` +
          `over the wire: scripts ${kb(first.script)}, styles ${kb(first.stylesheet)}, the rest ${kb(first.other)}`,
      );
    };
    console.log(
      `web: canvas of ${cards} cards, Chromium ${browser.version()}, ${width}×${height}${throttle > 1 ? `, CPU ÷${throttle}` : ''}${latencyMs > 0 ? `, ${latencyMs} ms round trips` : ''}`,
    );
    line('empty cache', cold);
    line('warm cache ', warm);
  } finally {
    await browser.close();
  }
  if (process.env.BENCH_LIGHTHOUSE !== 'false') {
    for (const preset of [undefined, 'desktop'] as const) {
      const report = await lighthouse(url, { Cookie: seed.cookie }, preset);
      const audit = (key: string) => Math.round(report.audits[key]?.numericValue ?? NaN);
      console.log(
        `lighthouse canvas (${preset ?? 'mobile'}): performance ${report.categories.performance?.score?.toFixed(2)}, ` +
          `FCP ${audit('first-contentful-paint')} ms, LCP ${audit('largest-contentful-paint')} ms, TBT ${audit('total-blocking-time')} ms, ` +
          `CLS ${(report.audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)}`,
      );
    }
  }
} finally {
  await stop();
}
