/** REST routes of projects (part 2 §7), each declaring what it takes and answers. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  boardSectionAnswer,
  boardSectionCreateSchema,
  boardSectionDeleteSchema,
  boardSectionUpdateSchema,
  idParams,
  projectAnswer,
  projectScoreSchema,
  projectSettingsSchema,
  updateProjectSchema,
} from '@assay/domain';
import { requestContext, requireMember } from '../../http/member-context.ts';
import { route } from '../../http/route.ts';
import type { AppServices } from '../../services.ts';
import { createBoardSection, deleteBoardSection, updateBoardSection } from './board-sections.ts';
import {
  findVisibleProject,
  presentProject,
  setProjectTag,
  updateProject,
  updateProjectSettings,
} from './service.ts';
import { updateProjectScore } from './workspace.ts';

const tagParams = idParams.extend({ tag: z.string().describe('The tag, URL-encoded.') });

export function registerProjectRoutes(app: FastifyInstance, services: AppServices) {
  route(app, {
    method: 'GET',
    url: '/api/proj/projects/:id',
    summary: 'A project with its settings and your abilities.',
    auth: 'session',
    params: idParams,
    answer: projectAnswer,
    async handler({ request, input }) {
      const member = await requireMember(services, request);
      const { params } = input();
      const { project, role, openWorkspace } = await findVisibleProject(
        services,
        member,
        params.id,
      );
      return presentProject(project, member, role, openWorkspace);
    },
  });
  route(app, {
    method: 'PUT',
    url: '/api/proj/projects/:id',
    summary: 'Updates a project’s name, description and details.',
    auth: 'session',
    params: idParams,
    body: updateProjectSchema,
    answer: projectAnswer,
    async handler({ request, input }) {
      const member = await requireMember(services, request);
      const { params, body } = input();
      return updateProject(services, member, params.id, body, requestContext(request));
    },
  });
  route(app, {
    method: 'PUT',
    url: '/api/proj/projects/:id/settings',
    summary: 'Updates a project’s settings.',
    auth: 'session',
    params: idParams,
    body: projectSettingsSchema,
    answer: projectAnswer,
    async handler({ request, input }) {
      const member = await requireMember(services, request);
      const { params, body } = input();
      return updateProjectSettings(services, member, params.id, body, requestContext(request));
    },
  });
  for (const [method, on, summary] of [
    ['POST', true, 'Adds a project tag.'],
    ['DELETE', false, 'Removes a project tag.'],
  ] as const) {
    route(app, {
      method,
      url: '/api/proj/projects/:id/tags/:tag',
      summary,
      auth: 'session',
      params: tagParams,
      answer: projectAnswer,
      async handler({ request, input }) {
        const member = await requireMember(services, request);
        const { params } = input();
        const tag = decodeURIComponent(params.tag);
        return setProjectTag(services, member, params.id, tag, on, requestContext(request));
      },
    });
  }
  route(app, {
    method: 'PUT',
    url: '/api/proj/projects/:id/score',
    summary: 'Sets the product scoring method.',
    auth: 'session',
    params: idParams,
    body: projectScoreSchema,
    answer: projectAnswer,
    async handler({ request, input }) {
      const member = await requireMember(services, request);
      const { params, body } = input();
      return updateProjectScore(services, member, params.id, body, requestContext(request));
    },
  });
  // Product-board sections: each answer is the board's sections, in order.
  for (const [method, summary, body, useCase] of [
    ['POST', 'Adds a board section.', boardSectionCreateSchema, createBoardSection],
    ['PUT', 'Renames or reorders board sections.', boardSectionUpdateSchema, updateBoardSection],
  ] as const) {
    route(app, {
      method,
      url: '/api/proj/projects/:id/sections',
      summary,
      auth: 'session',
      params: idParams,
      body,
      answer: z.array(boardSectionAnswer),
      async handler({ request, input }) {
        const member = await requireMember(services, request);
        const { params, body } = input();
        return useCase(services, member, params.id, body, requestContext(request));
      },
    });
  }
  // The section to delete comes in the body or, from clients that send no body, the query.
  route(app, {
    method: 'DELETE',
    url: '/api/proj/projects/:id/sections',
    summary: 'Removes a board section.',
    auth: 'session',
    params: idParams,
    query: boardSectionDeleteSchema.partial(),
    body: boardSectionDeleteSchema.optional(),
    answer: z.array(boardSectionAnswer),
    async handler({ request, input }) {
      const member = await requireMember(services, request);
      const { params, query, body } = input();
      return deleteBoardSection(
        services,
        member,
        params.id,
        body ?? query,
        requestContext(request),
      );
    },
  });
}
