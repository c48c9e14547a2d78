/** REST routes of collections (part 2 §7: /api/anc/collections…). */
import type { FastifyInstance } from 'fastify';
import { requestContext, requireMember } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import {
  collectionProjectList,
  createCollection,
  deleteCollection,
  setCollectionProject,
  updateCollection,
} from './navigation.ts';

type Body = { name?: unknown; description?: unknown };
type Params = { id: string; projectId: string };

const present = (c: { id: string; name: string; description: string }) => ({
  id: c.id,
  name: c.name,
  description: c.description,
});

export function registerCollectionRoutes(app: FastifyInstance, services: AppServices) {
  app.post('/api/anc/collections', async (request, reply) => {
    const member = await requireMember(services, request);
    const row = await createCollection(
      services,
      member,
      (request.body ?? {}) as Body,
      requestContext(request),
    );
    return reply.status(201).send(present(row));
  });
  app.put('/api/anc/collections/:id', async (request) => {
    const member = await requireMember(services, request);
    const { id } = request.params as Params;
    return present(
      await updateCollection(
        services,
        member,
        id,
        (request.body ?? {}) as Body,
        requestContext(request),
      ),
    );
  });
  app.delete('/api/anc/collections/:id', async (request, reply) => {
    const member = await requireMember(services, request);
    await deleteCollection(
      services,
      member,
      (request.params as Params).id,
      requestContext(request),
    );
    return reply.status(204).send();
  });
  app.post('/api/anc/collections/:id/projects/:projectId', async (request, reply) => {
    const member = await requireMember(services, request);
    const { id, projectId } = request.params as Params;
    await setCollectionProject(services, member, id, projectId, true, requestContext(request));
    return reply.status(204).send();
  });
  app.delete('/api/anc/collections/:id/projects/:projectId', async (request, reply) => {
    const member = await requireMember(services, request);
    const { id, projectId } = request.params as Params;
    await setCollectionProject(services, member, id, projectId, false, requestContext(request));
    return reply.status(204).send();
  });
  app.get('/api/anc/collections/:id/projects', async (request, reply) => {
    const member = await requireMember(services, request);
    const result = await collectionProjectList(services, member, (request.params as Params).id);
    reply.header('X-Total-Count', String(result.total));
    return result.projects;
  });
}
