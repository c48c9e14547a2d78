import { queryOptions, useQuery } from '@tanstack/react-query';
import { gatewayRequest } from '../../../api/gateway.ts';
import type { OnboardingPatch, OnboardingState } from '@assay/domain';

export interface ProjectSummary {
  id: string;
  name: string;
  description: string;
  status: 'active' | 'backlog' | 'archive';
  role: string | null;
  createdAt: string;
  /** Where it opens (its canvas, or its dashboard: part 1 §2.5). */
  openPath: string;
  abilities: { manage: boolean; openWorkspace: boolean };
}

const PROJECTS = /* GraphQL */ `
  query Projects {
    projects {
      counts {
        active
        backlog
        archive
      }
      projects {
        id
        name
        description
        status
        role
        createdAt
        openPath
        abilities {
          manage
          openWorkspace
        }
      }
    }
  }
`;

export const projectsQueryOptions = () =>
  queryOptions({
    queryKey: ['projects', 'list'],
    queryFn: () =>
      gatewayRequest<{
        projects: {
          counts: Record<'active' | 'backlog' | 'archive', number>;
          projects: ProjectSummary[];
        };
      }>(PROJECTS).then((d) => d.projects),
  });

export const useProjects = () => useQuery(projectsQueryOptions());

export const createProject = (input: {
  name: string;
  description: string;
  language?: string;
  generate?: boolean;
}) =>
  gatewayRequest<{ createProject: ProjectSummary }>(
    'mutation CreateProject($input: CreateProjectInput!) { createProject(input: $input) { id name } }',
    { input },
  ).then((d) => d.createProject);

export const setProjectStatus = (id: string, status: ProjectSummary['status']) =>
  gatewayRequest(
    'mutation UpdateProject($id: ID!, $s: String!) { updateProject(id: $id, input: { status: $s }) { id status } }',
    {
      id,
      s: status,
    },
  );

export const deleteProject = (id: string) =>
  gatewayRequest('mutation DeleteProject($id: ID!) { deleteProject(id: $id) }', { id });

/** Saves one's own project onboarding (part 1 §7.1 "update profile onboarding"). */
export const updateProfileOnboarding = (profileId: string, patch: OnboardingPatch) =>
  gatewayRequest<{ updateProfileOnboarding: OnboardingState }>(
    'mutation UpdateProfileOnboarding($id: ID!, $p: JSON!) { updateProfileOnboarding(profileId: $id, patch: $p) }',
    { id: profileId, p: patch },
  ).then((d) => d.updateProfileOnboarding);

/** The Mission Model canvas (or another canvas type) for a project's business canvas. */
export const setCanvasType = (projectId: string, type: string) =>
  gatewayRequest(
    'mutation UpdateCanvasLayout($i: JSON!) { updateCanvasLayout(input: $i) { id } }',
    { i: { projectId, type } },
  );
