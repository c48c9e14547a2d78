/**
 * After `vite build`: a Brotli (.br) and a gzip (.gz) copy beside each built script, style sheet
 * and SVG, which the server sends to browsers that accept them (@fastify/static preCompressed).
 * The assets are immutable and hashed, so this is done once per build, at the best levels.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const WORTH = /\.(js|css|svg|json|txt|webmanifest)$/;

let before = 0;
let after = 0;
for (const entry of await readdir(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !WORTH.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const data = await readFile(file);
  if (data.length < 1024) continue;
  const br = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  await writeFile(`${file}.br`, br);
  await writeFile(`${file}.gz`, gzipSync(data, { level: 9 }));
  before += data.length;
  after += br.length;
}
console.log(
  `compressed ${(before / 1024).toFixed(0)} kB to ${(after / 1024).toFixed(0)} kB (brotli)`,
);
