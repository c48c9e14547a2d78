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
import { createBoardSection, deleteBoardSection, updateBoardSection } from './board-sections.ts';
import { updateProjectScore } from './workspace.ts';

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
  // Product-board sections and scoring: each body goes to its use case as it is. A section to
  // delete may come in the body or the query string.
  const writes = [
    ['POST', '/api/proj/projects/:id/sections', createBoardSection],
    ['PUT', '/api/proj/projects/:id/sections', updateBoardSection],
    ['DELETE', '/api/proj/projects/:id/sections', deleteBoardSection],
    ['PUT', '/api/proj/projects/:id/score', updateProjectScore],
  ] as const;
  for (const [method, url, useCase] of writes) {
    app.route({
      method,
      url,
      handler: async (request) => {
        const member = await requireMember(services, request);
        const input = method === 'DELETE' ? (request.body ?? request.query) : request.body;
        return useCase(
          services,
          member,
          (request.params as Params).id,
          input,
          requestContext(request),
        );
      },
    });
  }
}
