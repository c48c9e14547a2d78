import { graphql } from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildModuleSchema } from './schema.ts';

describe('schema assembly', () => {
  it('merges module schemas with extensions and attaches their resolvers', async () => {
    const schema = buildModuleSchema([
      {
        name: 'a',
        typeDefs: 'type Query { a: String! }',
        resolvers: { Query: { a: () => 'from a' } },
      },
      {
        name: 'b',
        typeDefs: 'extend type Query { b(n: Int!): Int! }',
        resolvers: { Query: { b: (_: unknown, args: { n: number }) => args.n * 2 } },
      },
    ]);
    const result = await graphql({ schema, source: '{ a b(n: 21) }' });
    expect(result).toEqual({ data: { a: 'from a', b: 42 } });
  });

  it('refuses resolvers for types or fields the schema does not have', () => {
    const typeDefs = 'type Query { a: String }';
    expect(() =>
      buildModuleSchema([{ name: 'x', typeDefs, resolvers: { Nope: { a: () => 1 } } }]),
    ).toThrow('x: resolvers for unknown type Nope');
    expect(() =>
      buildModuleSchema([{ name: 'x', typeDefs, resolvers: { Query: { b: () => 1 } } }]),
    ).toThrow('x: resolver for unknown field Query.b');
  });
});
