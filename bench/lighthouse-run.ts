/**
 * One Lighthouse run (12.2.3, the last release for Node 20, fetched by npx so it stays out of the
 * test install) in Debian's Chromium, as its default mobile run sees a page.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export interface Report {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
}

export async function lighthouse(
  url: string,
  headers?: Record<string, string>,
  preset?: 'desktop',
): Promise<Report> {
  const args = [
    '-y',
    'lighthouse@12.2.3',
    url,
    `--chrome-path=${CHROME}`,
    '--chrome-flags=--headless=new --no-sandbox',
    '--only-categories=performance,accessibility',
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    ...(headers ? [`--extra-headers=${JSON.stringify(headers)}`] : []),
    ...(preset ? [`--preset=${preset}`] : []),
  ];
  const { stdout } = await run('npx', args, { maxBuffer: 64 * 1024 * 1024 });
  // BENCH_LIGHTHOUSE_OUT=dir keeps each whole report, to read its request chains and main thread.
  const out = process.env.BENCH_LIGHTHOUSE_OUT;
  if (out) {
    mkdirSync(out, { recursive: true });
    const name = new URL(url).pathname.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'root';
    writeFileSync(
      `${out}/${new URL(url).hostname.split('.')[0]}-${name}-${preset ?? 'mobile'}-${Date.now()}.json`,
      stdout,
    );
  }
  return JSON.parse(stdout) as Report;
}
