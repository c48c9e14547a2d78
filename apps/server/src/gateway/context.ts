import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppServices } from '../services.ts';

/** What every resolver receives. Sessions arrive with the accounts module. */
export interface GatewayContext {
  request: FastifyRequest;
  reply: FastifyReply;
  services: AppServices;
  /** The x-project-id header, when the client is inside a project. */
  projectId: string | undefined;
}
