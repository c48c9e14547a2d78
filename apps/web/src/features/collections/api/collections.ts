import { useQuery } from '@tanstack/react-query';
import { gatewayRequest } from '../../../api/gateway.ts';
import { httpFetch, readJson } from '../../../api/http.ts';
import { restBodyToApiError } from '../../../api/errors.ts';
import { restRequest } from '../../../api/rest.ts';

export interface CollectionProject {
  id: string;
  name: string;
  status: string;
  /** Where it opens (its canvas, or its dashboard: part 1 §2.5). */
  openPath: string;
}

/** GET /api/anc/collections/{id}/projects: the projects, and the total from the header. */
export async function fetchCollectionProjects(id: string) {
  const response = await httpFetch(`/api/anc/collections/${id}/projects`);
  const body = await readJson(response);
  if (!response.ok) throw restBodyToApiError(body, response.status);
  return {
    total: Number(response.headers.get('x-total-count') ?? 0),
    projects: body as CollectionProject[],
  };
}

export function useCollectionProjects(id: string) {
  return useQuery({
    queryKey: ['collections', id, 'projects'],
    queryFn: () => fetchCollectionProjects(id),
  });
}

export function useAllProjects() {
  return useQuery({
    queryKey: ['collections', 'all-projects'],
    queryFn: () =>
      gatewayRequest<{ projects: { projects: CollectionProject[] } }>(
        'query CollectionCandidates { projects { projects { id name status openPath } } }',
      ).then((d) => d.projects.projects),
  });
}

export const createCollection = (name: string, description: string) =>
  restRequest<{ id: string; name: string }>('/api/anc/collections', {
    method: 'POST',
    body: { name, description },
  });
export const deleteCollection = (id: string) =>
  restRequest<void>(`/api/anc/collections/${id}`, { method: 'DELETE' });
export const addProject = (id: string, projectId: string) =>
  restRequest<void>(`/api/anc/collections/${id}/projects/${projectId}`, {
    method: 'POST',
    body: {},
  });
export const removeProject = (id: string, projectId: string) =>
  restRequest<void>(`/api/anc/collections/${id}/projects/${projectId}`, { method: 'DELETE' });
