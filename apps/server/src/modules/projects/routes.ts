/** REST routes of projects (part 2 §7). */
import type { FastifyInstance } from 'fastify';
import { requestContext, requireMember } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import {
  findVisibleProject,
  presentProject,
  setProjectTag,
  updateProject,
  updateProjectSettings,
} from './service.ts';
import {
  createBoardSection,
  deleteBoardSection,
  updateBoardSection,
  updateProjectScore,
} from './workspace.ts';

type Params = { id: string; tag?: string };

export function registerProjectRoutes(app: FastifyInstance, services: AppServices) {
  app.get('/api/proj/projects/:id', async (request) => {
    const member = await requireMember(services, request);
    const { id } = request.params as Params;
    const { project, role } = await findVisibleProject(services, member, id);
    return presentProject(project, member, role);
  });
  app.put('/api/proj/projects/:id', async (request) => {
    const member = await requireMember(services, request);
    return updateProject(
      services,
      member,
      (request.params as Params).id,
      request.body,
      requestContext(request),
    );
  });
  app.put('/api/proj/projects/:id/settings', async (request) => {
    const member = await requireMember(services, request);
    return updateProjectSettings(
      services,
      member,
      (request.params as Params).id,
      request.body,
      requestContext(request),
    );
  });
  app.post('/api/proj/projects/:id/tags/:tag', async (request) => {
    const member = await requireMember(services, request);
    const { id, tag = '' } = request.params as Params;
    return setProjectTag(
      services,
      member,
      id,
      decodeURIComponent(tag),
      true,
      requestContext(request),
    );
  });
  app.delete('/api/proj/projects/:id/tags/:tag', async (request) => {
    const member = await requireMember(services, request);
    const { id, tag = '' } = request.params as Params;
    return setProjectTag(
      services,
      member,
      id,
      decodeURIComponent(tag),
      false,
      requestContext(request),
    );
  });
  app.post('/api/proj/projects/:id/sections', async (request) => {
    const member = await requireMember(services, request);
    return createBoardSection(
      services,
      member,
      (request.params as Params).id,
      request.body,
      requestContext(request),
    );
  });
  app.put('/api/proj/projects/:id/sections', async (request) => {
    const member = await requireMember(services, request);
    return updateBoardSection(
      services,
      member,
      (request.params as Params).id,
      request.body,
      requestContext(request),
    );
  });
  app.delete('/api/proj/projects/:id/sections', async (request) => {
    const member = await requireMember(services, request);
    // The section may come in the body or the query string.
    const input = request.body ?? request.query;
    return deleteBoardSection(
      services,
      member,
      (request.params as Params).id,
      input,
      requestContext(request),
    );
  });
  app.put('/api/proj/projects/:id/score', async (request) => {
    const member = await requireMember(services, request);
    return updateProjectScore(
      services,
      member,
      (request.params as Params).id,
      request.body,
      requestContext(request),
    );
  });
}
