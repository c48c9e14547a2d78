/**
 * The production start exactly as the Dockerfile's CMD runs it (from the repository root, as in
 * the image): settings checked with a message each, JSON logs with request ids, no secret in
 * them, no development-only routes, health and readiness answering.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  REPO_DIR,
  dockerCommand,
  freePort,
  request,
  runUntilExit,
  startServer,
  stopServer,
} from '../test/server-process.ts';

const command = await dockerCommand();
const dataDir = await mkdtemp(path.join(tmpdir(), 'assay-production-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const SECRET = 'production-secret-Zq8w0123456789abcdefXYZ';
const SMTP_PASSWORD = 'smtp-pass-Kx93hd';

describe('production start (the Dockerfile command)', () => {
  it('refuses to start with bad settings, naming each, without echoing secrets', async () => {
    const { code, output } = await runUntilExit(
      {
        NODE_ENV: 'production',
        APP_SECRET: '',
        PORT: 'eighty',
        SMTP_URL: `http://user:${SMTP_PASSWORD}@mail`,
        DATA_DIR: dataDir,
      },
      command,
    );
    expect(code).toBe(1);
    expect(output).toContain('Invalid configuration');
    expect(output).toContain('PORT');
    expect(output).toContain('SMTP_URL must start with smtp:// or smtps://');
    expect(output).not.toContain(SMTP_PASSWORD);
    expect(output).not.toMatch(/\n\s+at /); // no stack trace
    const missingSecret = await runUntilExit(
      { NODE_ENV: 'production', APP_SECRET: '', DATA_DIR: dataDir },
      command,
    );
    expect(missingSecret.code).toBe(1);
    expect(missingSecret.output).toContain('APP_SECRET: required in production');
  }, 120_000);

  it('serves with JSON logs carrying request ids and no secrets', async () => {
    const port = await freePort();
    const server = await startServer(
      {
        NODE_ENV: 'production',
        APP_SECRET: SECRET,
        LOG_LEVEL: 'info',
        SMTP_URL: `smtp://user:${SMTP_PASSWORD}@127.0.0.1:1`,
        DATA_DIR: dataDir,
      },
      port,
      command,
    );
    try {
      const health = await request({
        port,
        method: 'GET',
        path: '/api/health/ready',
        headers: { 'x-request-id': 'probe-1234567890' },
      });
      expect(health.status).toBe(200);
      expect(JSON.parse(health.body)).toMatchObject({ status: 'ready', jobs: true });
      // Which Node runs, in the health answer and the start line: Node 24, stripping its own types.
      expect(JSON.parse(health.body)).toMatchObject({ node: expect.stringMatching(/^v24\./) });
      expect(server.output()).toMatch(/Assay is running on Node v24\.\d+\.\d+: open /);
      const signedIn = await request({
        port,
        method: 'GET',
        path: '/api/bootstrap',
        cookie: 'assay_session=cookie-value-never-logged',
        headers: { authorization: 'Bearer token-never-logged' },
      });
      expect(signedIn.status).toBeLessThan(500);
      // The development inbox does not exist in production.
      expect((await request({ port, method: 'GET', path: '/api/dev/mail' })).status).toBe(404);
    } finally {
      expect(await stopServer(server)).toBe(0);
    }
    const lines = server
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'));
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(entries.some((e) => e.requestId === 'probe-1234567890')).toBe(true);
    const output = server.output();
    for (const secret of [
      SECRET,
      SMTP_PASSWORD,
      'cookie-value-never-logged',
      'token-never-logged',
    ]) {
      expect(output).not.toContain(secret);
    }
  }, 120_000);

  it('starts from the compile cache the image fills, never stripping TypeScript itself', async () => {
    // The image's build step, as its Dockerfile names it (decision 020).
    const dockerfile = await readFile(path.join(REPO_DIR, 'Dockerfile'), 'utf8');
    const warmStep = /^RUN node (.*apps\/server\/scripts\/warm-compile-cache\.ts)$/m.exec(
      dockerfile,
    );
    // With the CMD's own flags: Node keeps one cache per set of V8 flags.
    expect(warmStep?.[1]).toBe(
      [...command.args.slice(0, -1), 'apps/server/scripts/warm-compile-cache.ts'].join(' '),
    );
    const cache = await mkdtemp(path.join(tmpdir(), 'assay-compile-cache-'));
    try {
      const warm = spawnSync(process.execPath, warmStep?.[1]?.split(' ') ?? [], {
        cwd: REPO_DIR,
        env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', NODE_COMPILE_CACHE: cache },
        encoding: 'utf8',
      });
      expect(warm.stderr).toBe('');
      expect(warm.status).toBe(0);
      const port = await freePort();
      const server = await startServer(
        {
          NODE_ENV: 'production',
          APP_SECRET: SECRET,
          DATA_DIR: dataDir,
          NODE_COMPILE_CACHE: cache,
          NODE_DEBUG_NATIVE: 'COMPILE_CACHE',
        },
        port,
        command,
      );
      try {
        expect((await request({ port, method: 'GET', path: '/api/health' })).status).toBe(200);
      } finally {
        expect(await stopServer(server)).toBe(0);
      }
      // Every module came stripped from the cache: Node's stripper (amaro) was never loaded.
      const output = server.output();
      expect(output).toMatch(
        /retrieving transpile cache for StrippedTypeScript \S+main\.ts\.\.\.success/,
      );
      expect(output).not.toContain('no transpile cache for StrippedTypeScript');
    } finally {
      await rm(cache, { recursive: true, force: true });
    }
  }, 120_000);
});
