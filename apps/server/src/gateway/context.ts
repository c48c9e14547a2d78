import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthContext } from '../modules/auth/sessions.ts';
import type { AppServices } from '../services.ts';

/** What every resolver receives. */
export interface GatewayContext {
  request: FastifyRequest;
  reply: FastifyReply;
  services: AppServices;
  /** The signed-in user and session, or null. */
  auth: AuthContext | null;
  /** The x-project-id header, when the client is inside a project. */
  projectId: string | undefined;
}
