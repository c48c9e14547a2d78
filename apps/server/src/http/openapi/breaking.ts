/**
 * Breaking changes between the API of the last release (docs/api/) and this one: the gateway's
 * through graphql-js (removed types or fields, changed argument and field types…), the REST
 * routes' as operations that disappeared. CI fails on either (scripts/check-api.ts).
 */
import {
  buildSchema,
  findBreakingChanges,
  findDangerousChanges,
  type GraphQLSchema,
} from 'graphql';

export function gatewayChanges(releasedSdl: string, current: GraphQLSchema) {
  const released = buildSchema(releasedSdl);
  return {
    breaking: findBreakingChanges(released, current).map((c) => `${c.type}: ${c.description}`),
    dangerous: findDangerousChanges(released, current).map((c) => `${c.type}: ${c.description}`),
  };
}

interface OpenApiLike {
  paths: Record<string, Record<string, unknown>>;
}

export function restBreakingChanges(released: OpenApiLike, current: OpenApiLike): string[] {
  const problems: string[] = [];
  for (const [path, operations] of Object.entries(released.paths)) {
    for (const method of Object.keys(operations)) {
      if (!current.paths[path]?.[method]) {
        problems.push(`${method.toUpperCase()} ${path} was removed`);
      }
    }
  }
  return problems;
}
