/**
 * The server runs on Node 24 LTS (issue #51): the suite itself runs on it, and every place that
 * names the Node line agrees — package.json's engines, its pinned registry package "node" (which
 * npm scripts find first on their PATH where the system's Node is older), the Dockerfile's base
 * images — and /api/health says which Node answers.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { satisfies } from 'semver';
import { describe, expect, it } from 'vitest';
import { REPO_DIR } from './server-process.ts';
import { buildTestApp } from './app.ts';

const NODE_LINE = 24;

const rootPackage = JSON.parse(await readFile(path.join(REPO_DIR, 'package.json'), 'utf8')) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
  allowScripts: Record<string, boolean>;
};

/** The Node flags `npm start -w @assay/server` gives the server. */
async function serverStartFlags(): Promise<string[]> {
  const server = JSON.parse(
    await readFile(path.join(REPO_DIR, 'apps/server/package.json'), 'utf8'),
  ) as { scripts: { start: string } };
  const words = server.scripts.start.split(' ');
  return words.slice(words.indexOf('node') + 1, words.indexOf('src/main.ts'));
}

describe('the Node.js runtime', () => {
  it(`runs this suite on Node ${NODE_LINE}`, () => {
    expect(process.versions.node.split('.')[0]).toBe(String(NODE_LINE));
    expect(satisfies(process.versions.node, rootPackage.engines.node)).toBe(true);
  });

  it('pins the registry package "node" exactly, to a release the engines field accepts', () => {
    const pinned = rootPackage.devDependencies.node ?? '';
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(pinned.split('.')[0]).toBe(String(NODE_LINE));
    expect(satisfies(pinned, rootPackage.engines.node)).toBe(true);
    // Its install step fetches the binary package: approved, as npm 11 asks.
    expect(rootPackage.allowScripts.node).toBe(true);
  });

  it("builds the image from the same Node line's slim Debian base", async () => {
    const dockerfile = await readFile(path.join(REPO_DIR, 'Dockerfile'), 'utf8');
    const bases = [...dockerfile.matchAll(/^FROM (\S+)/gm)]
      .map((m) => m[1] ?? '')
      .filter((image) => image.startsWith('node:'));
    expect(bases.length).toBeGreaterThanOrEqual(2);
    for (const image of bases) expect(image).toBe(`node:${NODE_LINE}-bookworm-slim`);
    // No TypeScript loader in production: Node strips the types itself; V8's heap is sized as
    // `npm start` sizes it (decision 020).
    const command = dockerfile.split('\n').findLast((line) => line.startsWith('CMD '));
    expect(JSON.parse(command?.slice(4) ?? '[]')).toEqual([
      'node',
      ...(await serverStartFlags()),
      'apps/server/src/main.ts',
    ]);
  });

  it("sizes V8's heap for a small server: a young generation and an old one that grow little", async () => {
    const flags = await serverStartFlags();
    expect(flags).toContainEqual(expect.stringMatching(/^--max-semi-space-size=\d+$/));
    expect(flags).toContainEqual(expect.stringMatching(/^--heap-growing-percent=\d+$/));
  });

  it('answers /api/health with the Node release that runs it', async () => {
    const { app } = await buildTestApp();
    const health = await app.inject('/api/health');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ ok: true, node: process.version });
    expect(health.json<{ node: string }>().node).toMatch(new RegExp(`^v${NODE_LINE}\\.`));
  });
});
