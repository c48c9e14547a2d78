/**
 * Compares the API with the last release's (docs/api/gateway.graphql, docs/api/openapi.json) and
 * fails on breaking changes. `--release` writes this version's documents as the new baseline
 * (run it when cutting a release, and commit the files).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { printSchema } from 'graphql';
import { buildApp } from '../src/app.ts';
import { loadConfig, REPO_ROOT } from '../src/config.ts';
import { buildGatewaySchema } from '../src/gateway/index.ts';
import { gatewayChanges, restBreakingChanges } from '../src/http/openapi/breaking.ts';
import { openApiDocument } from '../src/http/openapi/swagger.ts';
import { CURRENT_DOCS_DIR, currentApiDocuments } from '../src/http/openapi/current-docs.ts';

const docs = path.join(REPO_ROOT, 'docs/api');
const schema = buildGatewaySchema();
const built = await buildApp(
  loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    WEB_DIST: '/nonexistent-web-dist',
    JOBS_ENABLED: 'false',
    APP_VERSION: 'released',
  }),
  { jobs: false },
);
await built.app.ready();
const openapi = openApiDocument(built.app);
await built.app.close();

if (process.argv.includes('--current')) {
  // Also written by the test that checks them: UPDATE_API_DOCS=1 (#48 item 8).
  await mkdir(path.join(REPO_ROOT, CURRENT_DOCS_DIR), { recursive: true });
  const again = await buildApp(
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: 'memory://',
      WEB_DIST: '/nonexistent-web-dist',
      JOBS_ENABLED: 'false',
    }),
    { jobs: false },
  );
  await again.app.ready();
  for (const [name, text] of Object.entries(currentApiDocuments(again.app, schema)))
    await writeFile(path.join(REPO_ROOT, CURRENT_DOCS_DIR, name), text);
  await again.app.close();
  console.log(`The current API written to ${CURRENT_DOCS_DIR}/`);
  process.exit(0);
}

if (process.argv.includes('--release')) {
  await writeFile(path.join(docs, 'gateway.graphql'), printSchema(schema) + '\n');
  await writeFile(path.join(docs, 'openapi.json'), JSON.stringify(openapi, null, 2) + '\n');
  console.log('API baseline written to docs/api/');
  process.exit(0);
}

const gateway = gatewayChanges(await readFile(path.join(docs, 'gateway.graphql'), 'utf8'), schema);
const rest = restBreakingChanges(
  JSON.parse(await readFile(path.join(docs, 'openapi.json'), 'utf8')) as Parameters<
    typeof restBreakingChanges
  >[0],
  openapi,
);
for (const change of gateway.dangerous) console.log(`note (dangerous, not breaking): ${change}`);
const breaking = [...gateway.breaking.map((c) => `gateway ${c}`), ...rest.map((c) => `REST ${c}`)];
if (breaking.length > 0) {
  console.error(
    `Breaking API changes since the last release:\n${breaking.map((b) => `  - ${b}`).join('\n')}`,
  );
  console.error('Keep the old field or route (deprecate it), or cut a release with --release.');
  process.exit(1);
}
console.log('API: no breaking changes since the last release');
