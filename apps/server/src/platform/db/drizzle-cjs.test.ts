import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const hook = fileURLToPath(new URL('./drizzle-cjs.ts', import.meta.url));

/** Which drizzle-orm files a fresh Node process loaded, with or without the hook. */
function loaded(withHook: boolean): string[] {
  const script = `
    import { createRequire } from 'node:module';
    ${withHook ? `const { useDrizzleCommonJs } = await import(${JSON.stringify(hook)}); useDrizzleCommonJs();` : ''}
    const { sql } = await import('drizzle-orm');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    if (typeof sql !== 'function' || typeof drizzle !== 'function') throw new Error('no exports');
    const cache = Object.keys(createRequire(import.meta.url).cache);
    console.log(JSON.stringify(cache.filter((f) => f.includes('/drizzle-orm/'))));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: fileURLToPath(new URL('.', import.meta.url)),
    encoding: 'utf8',
  });
  return JSON.parse(out) as string[];
}

describe('drizzle-orm for the whole process', () => {
  it('is its CommonJS build once the server’s entry has registered the hook, with its named exports', () => {
    const files = loaded(true);
    expect(files.some((f) => f.endsWith('/drizzle-orm/index.cjs'))).toBe(true);
    expect(files.some((f) => f.endsWith('/drizzle-orm/node-postgres/index.cjs'))).toBe(true);
    // Without it, the ES-module build (no CommonJS file in require's cache).
    expect(loaded(false)).toEqual([]);
  });
});
