/**
 * docs/api/current/ is the API as the code serves it (#48 item 8): this fails when a route, a
 * body, an answer or the gateway's schema changed and the documents were not written again
 * (`npm run docs:api`, or UPDATE_API_DOCS=1 with this test).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { REPO_ROOT } from '../../config.ts';
import { buildGatewaySchema } from '../../gateway/index.ts';
import { buildTestApp } from '../../../test/app.ts';
import { CURRENT_DOCS_DIR, currentApiDocuments } from './current-docs.ts';

const built = await buildTestApp();

it('keeps docs/api/current/ in step with the running code', async () => {
  await built.app.ready();
  const documents = currentApiDocuments(built.app, buildGatewaySchema());
  const dir = path.join(REPO_ROOT, CURRENT_DOCS_DIR);
  if (process.env.UPDATE_API_DOCS) {
    mkdirSync(dir, { recursive: true });
    for (const [name, text] of Object.entries(documents)) writeFileSync(path.join(dir, name), text);
  }
  for (const [name, text] of Object.entries(documents))
    expect(readFileSync(path.join(dir, name), 'utf8'), name).toBe(text);
});
