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

export interface CustomFieldView {
  id: string;
  title: string;
  type: 'text' | 'number' | 'dropdown' | 'date' | 'checkbox';
  disabled: boolean;
  global: boolean;
  specifications: { options: string[] };
}

const FIELDS = 'customFields { id title type disabled global specifications { options } }';

export const useCustomFields = (projectId: string) =>
  useQuery({
    queryKey: ['projects', projectId, 'custom-fields'],
    queryFn: () =>
      gatewayRequest<{ project: { customFields: CustomFieldView[] } }>(
        `query CustomFields($id: ID!) { project(id: $id) { ${FIELDS} } }`,
        { id: projectId },
      ).then((d) => d.project.customFields),
    staleTime: 0,
  });

export const createCustomField = (
  projectId: string,
  input: { title: string; type: string; options: string[] },
) =>
  gatewayRequest(
    `mutation CreateCustomField($p: ID!, $i: JSON!) { createCustomField(projectId: $p, input: $i) { id } }`,
    {
      p: projectId,
      i: input,
    },
  );

export const updateCustomField = (
  projectId: string,
  id: string,
  input: Partial<{ title: string; options: string[]; disabled: boolean }>,
) =>
  gatewayRequest(
    `mutation UpdateCustomField($p: ID!, $id: ID!, $i: JSON!) { updateCustomField(projectId: $p, id: $id, input: $i) { id } }`,
    {
      p: projectId,
      id,
      i: input,
    },
  );

export const deleteCustomField = (projectId: string, id: string) =>
  gatewayRequest(
    `mutation DeleteCustomField($p: ID!, $id: ID!) { deleteCustomField(projectId: $p, id: $id) { id } }`,
    {
      p: projectId,
      id,
    },
  );

export const reorderCustomFields = (projectId: string, ids: string[]) =>
  gatewayRequest(
    `mutation ReorderCustomFields($p: ID!, $ids: [ID!]!) { reorderCustomFields(projectId: $p, ids: $ids) { id } }`,
    {
      p: projectId,
      ids,
    },
  );
