import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@assay/domain';
import { buildTestApp } from '../test/app.ts';

const web = mkdtempSync(path.join(tmpdir(), 'assay-web-'));
mkdirSync(path.join(web, 'assets'));
writeFileSync(path.join(web, 'index.html'), '<!doctype html><div id="root"></div>');
writeFileSync(path.join(web, 'assets', 'app-abc.js'), 'console.log(1)');
// As the web build leaves it: a Brotli copy beside the script.
writeFileSync(path.join(web, 'assets', 'app-abc.js.br'), brotliCompressSync('console.log(1)'));
afterAll(() => rmSync(web, { recursive: true, force: true }));

const built = await buildTestApp({ env: { WEB_DIST: web } });
const production = await buildTestApp({ env: { NODE_ENV: 'production' } });
production.app.get('/api/probe/crash', async () => {
  throw new Error('secret detail from deep inside');
});

describe('the app', () => {
  it('reports health', async () => {
    const response = await built.app.inject('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', ok: true, version: 'test-version' });
    expect(response.headers['cache-control']).toContain('no-store');
    const ready = await built.app.inject('/api/health/ready');
    expect(ready.json()).toMatchObject({ status: 'ready', ok: true });
  });

  it('serves the web app, falling back to index.html for paths without an extension', async () => {
    const home = await built.app.inject('/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('id="root"');
    expect(home.headers['cache-control']).toBe('private, no-cache');
    const deep = await built.app.inject('/workspace/123/canvas/business');
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain('id="root"');
    const asset = await built.app.inject('/assets/app-abc.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.body).toBe('console.log(1)');
    // A browser that takes Brotli gets the smaller copy, still cached for good.
    const small = await built.app.inject({
      url: '/assets/app-abc.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.headers['content-encoding']).toBe('br');
    expect(small.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(small.rawPayload).toString()).toBe('console.log(1)');
    const missingAsset = await built.app.inject('/assets/missing.js');
    expect(missingAsset.statusCode).toBe(404);
  });

  it('answers unknown API paths with the REST error body', async () => {
    const response = await built.app.inject('/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      statusCode: 404,
      message: ERRORS.notFound.message,
      ref: ERRORS.notFound.ref,
    });
  });

  it('has no dev inbox in production', async () => {
    expect((await built.app.inject('/api/dev/mail')).statusCode).toBe(200);
    expect((await production.app.inject('/api/dev/mail')).statusCode).toBe(404);
  });

  it('never sends a stack trace or internal message in production', async () => {
    const response = await production.app.inject('/api/probe/crash');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      message: 'Something went wrong. Please try again.',
      ref: ERRORS.internal.ref,
    });
    expect(response.body).not.toContain('secret detail');
  });
});
