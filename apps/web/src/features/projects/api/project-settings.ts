import { useQuery } from '@tanstack/react-query';
import type { ProjectSettings } from '@assay/domain';
import { gatewayRequest } from '../../../api/gateway.ts';
import { restRequest } from '../../../api/rest.ts';

export interface ProjectDetail {
  id: string;
  name: string;
  description: string;
  status: 'active' | 'backlog' | 'archive';
  settings: ProjectSettings;
  projectTags: string[];
  role: string | null;
  abilities: { manage: boolean; openWorkspace: boolean };
}

export interface ProjectMember {
  profileId: string;
  role: string;
  firstName: string;
  lastName: string;
  email: string;
}

export const useProject = (id: string) =>
  useQuery({
    queryKey: ['projects', id],
    queryFn: () => restRequest<ProjectDetail>(`/api/proj/projects/${id}`),
    staleTime: 0,
  });

export const updateProject = (
  id: string,
  patch: Partial<Pick<ProjectDetail, 'name' | 'description' | 'status'>>,
) => restRequest<ProjectDetail>(`/api/proj/projects/${id}`, { method: 'PUT', body: patch });

export const updateProjectSettings = (id: string, patch: Partial<ProjectSettings>) =>
  restRequest<ProjectDetail>(`/api/proj/projects/${id}/settings`, { method: 'PUT', body: patch });

export const setProjectTag = (id: string, tag: string, add: boolean) =>
  restRequest<ProjectDetail>(`/api/proj/projects/${id}/tags/${encodeURIComponent(tag)}`, {
    method: add ? 'POST' : 'DELETE',
    body: {},
  });

const MEMBER_FIELDS = 'profileId role firstName lastName email';

export const useProjectMembers = (projectId: string) =>
  useQuery({
    queryKey: ['projects', projectId, 'members'],
    queryFn: () =>
      gatewayRequest<{ projectMembers: ProjectMember[] }>(
        `query ProjectMembers($id: ID!) { projectMembers(projectId: $id) { ${MEMBER_FIELDS} } }`,
        {
          id: projectId,
        },
      ).then((d) => d.projectMembers),
    staleTime: 0,
  });

export const useOrganizationPeople = () =>
  useQuery({
    queryKey: ['projects', 'people'],
    queryFn: () =>
      gatewayRequest<{
        organizationMembers: {
          members: {
            id: string;
            firstName: string;
            lastName: string;
            email: string;
            disabled: boolean;
          }[];
        };
      }>(
        '{ organizationMembers(filters: { disabled: false, pageSize: 100 }) { members { id firstName lastName email disabled } } }',
      ).then((d) => d.organizationMembers.members),
  });

export const setProjectMember = (projectId: string, profileId: string, role: string | null) =>
  gatewayRequest(
    `mutation SetProjectMember($p: ID!, $m: ID!, $r: String) { setProjectMember(projectId: $p, profileId: $m, role: $r) { ${MEMBER_FIELDS} } }`,
    { p: projectId, m: profileId, r: role },
  );
