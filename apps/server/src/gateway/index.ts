/**
 * The GraphQL gateway at POST /api/gateway/query. See docs/decisions/001-gateway-engine.md for
 * why it is a lean GraphQL-over-HTTP handler with compiled execution rather than graphql-yoga.
 */
import type { FastifyInstance } from 'fastify';
import type { GraphQLSchema } from 'graphql';
import {
  GATEWAY_MAX_COST,
  GATEWAY_MAX_DEPTH,
  GATEWAY_PATH,
  PROJECT_ID_HEADER,
} from '@assay/domain';
import type { AppServices } from '../services.ts';
import { authModule } from '../modules/auth/index.ts';
import { billingModule } from '../modules/billing/index.ts';
import { cardsModule } from '../modules/cards/index.ts';
import { dashboardsModule } from '../modules/dashboards/index.ts';
import { generationModule } from '../modules/generation/index.ts';
import { cohortsModule } from '../modules/cohorts/index.ts';
import { commentsModule } from '../modules/comments/index.ts';
import { notificationsModule } from '../modules/notifications/index.ts';
import { mediaModule } from '../modules/media/index.ts';
import { organizationsModule } from '../modules/organizations/index.ts';
import { portalModule } from '../modules/portal/index.ts';
import { projectsModule } from '../modules/projects/index.ts';
import { systemModule } from '../modules/system/index.ts';
import type { GatewayContext } from './context.ts';
import { createGatewayEngine } from './engine.ts';
import { maskGatewayError } from './errors.ts';
import { createGatewayHandler } from './http.ts';
import { createQueryLimitsRule } from './limits.ts';
import { buildModuleSchema } from './schema.ts';
import type { GatewayModule } from './module.ts';

/** Every module that contributes to the gateway schema. */
export const GATEWAY_MODULES: GatewayModule[] = [
  systemModule,
  authModule,
  organizationsModule,
  projectsModule,
  cardsModule,
  dashboardsModule,
  commentsModule,
  notificationsModule,
  mediaModule,
  generationModule,
  portalModule,
  cohortsModule,
  billingModule,
];

export function buildGatewaySchema(modules: GatewayModule[] = GATEWAY_MODULES): GraphQLSchema {
  return buildModuleSchema(modules);
}

export function registerGateway(
  app: FastifyInstance,
  services: AppServices,
  modules: GatewayModule[] = GATEWAY_MODULES,
) {
  const engine = createGatewayEngine({
    schema: buildGatewaySchema(modules),
    rules: [createQueryLimitsRule({ maxDepth: GATEWAY_MAX_DEPTH, maxCost: GATEWAY_MAX_COST })],
    jit: services.config.gatewayJit,
  });
  const handler = createGatewayHandler({
    engine,
    formatError: (error) => maskGatewayError(error, services.logger),
    onOperation: (labels, seconds) => services.metrics.observeOperation(labels, seconds),
    context: (request, reply): GatewayContext => {
      const header = request.headers[PROJECT_ID_HEADER];
      return {
        request,
        reply,
        services,
        auth: request.auth ?? null,
        projectId: typeof header === 'string' && header ? header : undefined,
      };
    },
  });
  app.post(GATEWAY_PATH, handler);
}
