import type { GatewayContext } from '../../gateway/context.ts';
import { checkHealth } from './service.ts';

export const resolvers = {
  Query: {
    health: (_parent: unknown, _args: unknown, context: GatewayContext) =>
      checkHealth(context.services),
    appVersion: (_parent: unknown, _args: unknown, context: GatewayContext) =>
      context.services.config.appVersion,
  },
};
