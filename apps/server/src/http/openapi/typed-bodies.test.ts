/**
 * Every write route declares its body's real shape (#51 item 4): in the OpenAPI document the
 * server serves, a POST, PUT or PATCH that takes a body declares its fields, not a free-form
 * record. The routes from before this rule are listed in docs/api/free-form-bodies.txt while they
 * are typed one by one: a new free-form body fails here, and so does a listed route once typed
 * (take it off the list).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../config.ts';
import { buildTestApp } from '../../../test/app.ts';
import { openApiDocument } from './swagger.ts';

const built = await buildTestApp();

type Schema = {
  type?: string;
  properties?: Record<string, unknown>;
  anyOf?: Schema[];
  oneOf?: Schema[];
};
type Operation = { requestBody?: { content: Record<string, { schema?: Schema }> } };

/** The schema without its "or null" (an optional body). */
function unwrap(schema: Schema): Schema {
  const choices = (schema.anyOf ?? schema.oneOf)?.filter((s) => s.type !== 'null');
  return choices?.length === 1 ? unwrap(choices[0]!) : schema;
}

function writeOperations() {
  const document = openApiDocument(built.app) as {
    paths: Record<string, Record<string, Operation>>;
  };
  return Object.entries(document.paths).flatMap(([url, operations]) =>
    Object.entries(operations)
      .filter(([method, op]) => ['post', 'put', 'patch'].includes(method) && op.requestBody)
      .map(([method, op]) => {
        const schema = unwrap(Object.values(op.requestBody!.content)[0]?.schema ?? {});
        const free =
          Object.keys(schema).length === 0 ||
          (schema.type === 'object' && Object.keys(schema.properties ?? {}).length === 0);
        return { name: `${method.toUpperCase()} ${url}`, free };
      }),
  );
}

describe('write routes', () => {
  it('declare their body, but for the listed older ones, and the list only shrinks', async () => {
    await built.app.ready();
    const listed = (await readFile(path.join(REPO_ROOT, 'docs/api/free-form-bodies.txt'), 'utf8'))
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'));
    const free = writeOperations()
      .filter((op) => op.free)
      .map((op) => op.name)
      .sort();
    expect(
      free.filter((name) => !listed.includes(name)),
      'new free-form bodies',
    ).toEqual([]);
    expect(
      listed.filter((name) => !free.includes(name)),
      'typed now: off the list',
    ).toEqual([]);
  });
});
