/** REST routes of collections (part 2 §7: /api/anc/collections…). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  collectionAnswer,
  collectionBody,
  idParams,
  noContent,
  projectAnswer,
} from '@assay/domain';
import { requestContext, requireMember } from '../../http/member-context.ts';
import { route } from '../../http/route.ts';
import type { AppServices } from '../../services.ts';
import {
  collectionProjectList,
  createCollection,
  deleteCollection,
  setCollectionProject,
  updateCollection,
} from './navigation.ts';

const present = (c: { id: string; name: string; description: string }) => ({
  id: c.id,
  name: c.name,
  description: c.description,
});
const linkParams = idParams.extend({ projectId: z.string() });

export function registerCollectionRoutes(app: FastifyInstance, services: AppServices) {
  route(app, {
    method: 'POST',
    url: '/api/anc/collections',
    summary: 'Makes a collection of projects.',
    auth: 'session',
    body: collectionBody.optional(),
    answer: collectionAnswer,
    status: 201,
    async handler({ request, input }) {
      const member = await requireMember(services, request);
      const row = await createCollection(
        services,
        member,
        input().body ?? {},
        requestContext(request),
      );
      return present(row);
    },
  });
  route(app, {
    method: 'PUT',
    url: '/api/anc/collections/:id',
    summary: 'Renames or redescribes a collection.',
    auth: 'session',
    params: idParams,
    body: collectionBody.optional(),
    answer: collectionAnswer,
    async handler({ request, input }) {
      const member = await requireMember(services, request);
      const { params, body } = input();
      return present(
        await updateCollection(services, member, params.id, body ?? {}, requestContext(request)),
      );
    },
  });
  route(app, {
    method: 'DELETE',
    url: '/api/anc/collections/:id',
    summary: 'Deletes a collection (its projects stay).',
    auth: 'session',
    params: idParams,
    answer: noContent,
    status: 204,
    async handler({ request, reply, input }) {
      const member = await requireMember(services, request);
      await deleteCollection(services, member, input().params.id, requestContext(request));
      return reply.send();
    },
  });
  for (const [method, add, summary] of [
    ['POST', true, 'Adds a project to a collection.'],
    ['DELETE', false, 'Takes a project out of a collection.'],
  ] as const) {
    route(app, {
      method,
      url: '/api/anc/collections/:id/projects/:projectId',
      summary,
      auth: 'session',
      params: linkParams,
      answer: noContent,
      status: 204,
      async handler({ request, reply, input }) {
        const member = await requireMember(services, request);
        const { params } = input();
        const context = requestContext(request);
        await setCollectionProject(services, member, params.id, params.projectId, add, context);
        return reply.send();
      },
    });
  }
  route(app, {
    method: 'GET',
    url: '/api/anc/collections/:id/projects',
    summary: 'A collection’s projects you may see (the total in X-Total-Count).',
    auth: 'session',
    params: idParams,
    answer: z.array(projectAnswer),
    async handler({ request, reply, input }) {
      const member = await requireMember(services, request);
      const result = await collectionProjectList(services, member, input().params.id);
      reply.header('X-Total-Count', String(result.total));
      return result.projects;
    },
  });
}
