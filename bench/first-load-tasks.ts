/**
 * What blocks a phone's first load (issue #32): loads a page of the production build in Debian's
 * Chromium at Lighthouse's 4× CPU slowdown, and prints each main-thread task over 50 ms with the
 * functions that took its time (a CPU profile sampled inside the task). Use it to find what to
 * change before measuring with `lighthouse`; its times are not scores.
 *
 *   npm run build && npm run -w @assay/bench first-load-tasks [-- welcome|portal|setup|projects|dashboard|canvas]
 *
 * WEB_DIST=… serves another build (e.g. `npx vite build --minify false --outDir /tmp/x` for names).
 */
import { chromium } from 'playwright';
import type { PortalSeed } from './seed-portal.ts';
import { startBenchServer } from './spawn.ts';

interface TraceEvent {
  name: string;
  ts: number;
  dur?: number;
  tid: number;
}
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

const PORT = Number(process.env.BENCH_PORT ?? 3412);
const which = process.argv[2] ?? 'projects';
const server = await startBenchServer<PortalSeed>({
  BENCH_PORT: String(PORT),
  BENCH_APP_DOMAIN: `localhost:${PORT}`,
  BENCH_SEED_KIND: 'portal',
  // BENCH_SEED_CARDS=1000 for the canvas of the other benches.
  BENCH_SEED_CARDS: process.env.BENCH_SEED_CARDS ?? '24',
  WEB_DIST: process.env.WEB_DIST ?? new URL('../apps/web/dist', import.meta.url).pathname,
});
try {
  const pages: Record<string, [string, string | undefined]> = {
    welcome: [`http://app.localhost:${PORT}/`, undefined],
    portal: [`http://app.localhost:${PORT}/portal/${server.seed.link}`, undefined],
    setup: [`http://${server.seed.slug}.localhost:${PORT}/`, server.seed.cookie],
    projects: [`http://${server.seed.slug}.localhost:${PORT}/`, server.seed.memberCookie],
    dashboard: [
      `http://${server.seed.slug}.localhost:${PORT}/project-dashboard/${server.seed.projectId}`,
      server.seed.memberCookie,
    ],
    canvas: [
      `http://${server.seed.slug}.localhost:${PORT}/workspace/${server.seed.projectId}/canvas/business`,
      server.seed.memberCookie,
    ],
  };
  const [url, cookie] = pages[which] ?? pages.projects!;
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--host-resolver-rules=MAP *.localhost 127.0.0.1'],
  });
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    ...(cookie ? { extraHTTPHeaders: { Cookie: cookie } } : {}),
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  const traced = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute',
    transferMode: 'ReportEvents',
  });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  // The tasks after the network is quiet (a screen's charts drawing): as long as Lighthouse waits.
  await page.waitForTimeout(Number(process.env.SETTLE_MS ?? 3000));
  const { profile } = await cdp.send('Profiler.stop');
  await cdp.send('Tracing.end');
  await traced;
  await browser.close();

  const nodes = new Map((profile.nodes as ProfileNode[]).map((n) => [n.id, n]));
  const parent = new Map<number, ProfileNode>();
  for (const n of nodes.values()) for (const c of n.children ?? []) parent.set(c, n);
  const samples: [number, number, number][] = [];
  let at = profile.startTime;
  profile.samples?.forEach((id, i) => {
    const delta = profile.timeDeltas?.[i] ?? 0;
    at += delta;
    samples.push([at, id, delta]);
  });
  const start = Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts));
  for (const task of events.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > 50_000)) {
    const end = task.ts + (task.dur ?? 0);
    const inclusive = new Map<string, number>();
    for (const [ts, id, delta] of samples) {
      if (ts < task.ts || ts > end) continue;
      const seen = new Set<string>();
      for (let n = nodes.get(id); n; n = parent.get(n.id)) {
        const f = n.callFrame;
        const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
        if (seen.has(key) || f.functionName === '(root)') continue;
        seen.add(key);
        inclusive.set(key, (inclusive.get(key) ?? 0) + delta / 1000);
      }
    }
    console.log(
      `\ntask at ${((task.ts - start) / 1000).toFixed(0)} ms, ${((task.dur ?? 0) / 1000).toFixed(0)} ms:`,
    );
    for (const [key, ms] of [...inclusive]
      .sort((a, b) => b[1] - a[1])
      .slice(0, Number(process.env.TOP ?? 30)))
      console.log(`  ${ms.toFixed(0).padStart(4)} ms  ${key}`);
  }
} finally {
  await server.stop();
}
