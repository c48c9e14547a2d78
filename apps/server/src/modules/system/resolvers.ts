import type { GatewayContext } from '../../gateway/context.ts';
import { JSONScalar } from './json-scalar.ts';
import { checkHealth } from './service.ts';

export const resolvers = {
  JSON: JSONScalar,
  Query: {
    health: (_parent: unknown, _args: unknown, context: GatewayContext) =>
      checkHealth(context.services),
    appVersion: (_parent: unknown, _args: unknown, context: GatewayContext) =>
      context.services.config.appVersion,
  },
};
