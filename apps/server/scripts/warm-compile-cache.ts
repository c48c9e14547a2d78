/**
 * Fills Node's compile cache (NODE_COMPILE_CACHE) with every module the server may load — the
 * server's and the domain's sources, the lazily loaded ones included — without starting it
 * (decision 020). A server whose every module is in the cache never loads Node's TypeScript
 * stripper (amaro, a WebAssembly build of swc: ~17 MiB of memory a process keeps for good), and a
 * module first loaded by a request later (the PDF, the MCP tools) does not load it either.
 *
 *   NODE_COMPILE_CACHE=dir node apps/server/scripts/warm-compile-cache.ts [more.ts …]
 *
 * Files named after it are imported too (the benchmarks' servers, which start only as entries).
 * The image runs it at build time; the benchmarks before they start the server.
 */
import { flushCompileCache, getCompileCacheDir } from 'node:module';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// The server's entry (main.ts) starts nothing when imported: only as the process's entry.
const isModule = (name: string) =>
  name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts');

function modulesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : modulesUnder(path);
    return isModule(entry.name) ? [path] : [];
  });
}

if (!getCompileCacheDir()) {
  console.error('warm-compile-cache: set NODE_COMPILE_CACHE to the directory the server uses');
  process.exit(1);
}
// A worker thread's entry refuses to serve outside a thread once its imports are loaded (and
// cached): that refusal is expected here.
process.on('unhandledRejection', (reason) => {
  if (reason instanceof Error && reason.message === 'serveThread runs in a worker thread') return;
  throw reason;
});
const root = fileURLToPath(new URL('../../../', import.meta.url));
const files = [
  ...modulesUnder(join(root, 'apps/server/src')),
  ...modulesUnder(join(root, 'packages/domain/src')),
  ...process.argv.slice(2),
];
for (const file of files) await import(pathToFileURL(file).href);
flushCompileCache();
console.log(`warm-compile-cache: ${files.length} modules in ${getCompileCacheDir()}`);
process.exit(0);
