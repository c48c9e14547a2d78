/**
 * Lighthouse on a phone (issues #32, #53): the welcome page, the public portal, the organisation
 * home and a project's dashboard, as Lighthouse's default mobile run sees them (Moto G Power, slow 4G, 4× CPU slowdown), on
 * the production build served by the real app, in Debian's Chromium. The organisation home is
 * measured twice: the owner's (the set-up questions of a new organisation) and a member's (the
 * projects list). Lighthouse is pinned to
 * 12.2.3 (the last release for Node 20) and fetched by npx, so it stays out of the test install.
 *
 *   npm run build && npm run -w @assay/bench lighthouse
 *   BENCH_PAGES=dashboard BENCH_LIGHTHOUSE_OUT=/tmp/lh npm run -w @assay/bench lighthouse
 *
 * Prints performance and accessibility per page (scores 0–1) and the main timings.
 */
import { lighthouse } from './lighthouse-run.ts';
import type { PortalSeed } from './seed-portal.ts';
import { startBenchServer } from './spawn.ts';

const PORT = Number(process.env.BENCH_PORT ?? 3411);

const server = await startBenchServer<PortalSeed>({
  BENCH_PORT: String(PORT),
  BENCH_APP_DOMAIN: `localhost:${PORT}`,
  BENCH_SEED_KIND: 'portal',
  BENCH_SEED_CARDS: '24',
  WEB_DIST: process.env.WEB_DIST ?? new URL('../apps/web/dist', import.meta.url).pathname,
});
try {
  const pages: [string, string, Record<string, string> | undefined][] = [
    ['welcome', `http://app.localhost:${PORT}/`, undefined],
    ['portal (24 cards)', `http://app.localhost:${PORT}/portal/${server.seed.link}`, undefined],
    [
      'organisation home (set-up questions)',
      `http://${server.seed.slug}.localhost:${PORT}/`,
      { Cookie: server.seed.cookie },
    ],
    [
      'organisation home (projects)',
      `http://${server.seed.slug}.localhost:${PORT}/`,
      { Cookie: server.seed.memberCookie },
    ],
    [
      'project dashboard (24 cards)',
      `http://${server.seed.slug}.localhost:${PORT}/project-dashboard/${server.seed.projectId}`,
      { Cookie: server.seed.memberCookie },
    ],
  ];
  console.log('page | performance | accessibility | FCP ms | LCP ms | TBT ms | CLS');
  // BENCH_PAGES=dashboard,portal: only the pages whose names hold one of these words.
  const only = process.env.BENCH_PAGES?.split(',');
  for (const [name, url, headers] of pages) {
    if (only && !only.some((word) => name.includes(word))) continue;
    const report = await lighthouse(url, headers);
    const score = (key: string) => report.categories[key]?.score?.toFixed(2) ?? '–';
    const ms = (key: string) => Math.round(report.audits[key]?.numericValue ?? NaN);
    console.log(
      `${name} | ${score('performance')} | ${score('accessibility')} | ${ms('first-contentful-paint')} | ${ms('largest-contentful-paint')} | ${ms('total-blocking-time')} | ${(report.audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)}`,
    );
  }
} finally {
  await server.stop();
}
