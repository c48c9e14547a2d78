/**
 * Every type of the gateway schema is described, and so is every field, except those listed in
 * docs/api/undocumented-fields.txt (fields from before this rule, being described over time): a
 * new field without a description fails here, and so does a listed field once described (take
 * it off the list).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isInputObjectType, isInterfaceType, isObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.ts';
import { buildGatewaySchema } from './index.ts';

const schema = buildGatewaySchema();
const types = Object.values(schema.getTypeMap()).filter((t) => !t.name.startsWith('__'));

function undocumentedFields(): string[] {
  const missing: string[] = [];
  for (const type of types) {
    if (!isObjectType(type) && !isInputObjectType(type) && !isInterfaceType(type)) continue;
    for (const field of Object.values(type.getFields())) {
      if (!field.description) missing.push(`${type.name}.${field.name}`);
    }
  }
  return missing.sort();
}

describe('gateway schema descriptions', () => {
  it('describes every type', () => {
    expect(types.filter((t) => !t.description).map((t) => t.name)).toEqual([]);
  });

  it('describes every field not on the list of older ones, and the list only shrinks', async () => {
    const listed = (
      await readFile(path.join(REPO_ROOT, 'docs/api/undocumented-fields.txt'), 'utf8')
    )
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'));
    const missing = undocumentedFields();
    expect(missing.filter((f) => !listed.includes(f))).toEqual([]);
    expect(listed.filter((f) => !missing.includes(f))).toEqual([]);
  });
});
