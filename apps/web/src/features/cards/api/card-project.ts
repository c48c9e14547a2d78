/** What the card detail needs of its project: custom fields, boards, abilities; and people to pick. */
import { useQuery } from '@tanstack/react-query';
import type { ProjectCustomField, ProjectSettings } from '@assay/domain';
import { gatewayRequest } from '../../../api/gateway.ts';

export interface CardProject {
  id: string;
  name: string;
  /** The cohort it is a team of: its hypotheses may be sent for review. */
  cohortId: string | null;
  settings: ProjectSettings;
  customFields: ProjectCustomField[];
  abilities: { manage: boolean; createCards: boolean; copyCards: boolean };
  /** The canvas's sections, for moving a hypothesis without dragging it (#32 "Move to…"). */
  canvas?: { sections: { key: string; name: string; hidden: boolean }[] };
}

export const useCardProject = (projectId: string | undefined) =>
  useQuery({
    queryKey: ['projects', projectId, 'card-context'],
    enabled: !!projectId,
    queryFn: () =>
      gatewayRequest<{ project: CardProject }>(
        `query CardProject($id: ID!) { project(id: $id) { id name cohortId
          settings { membership private academicPrivate experiments businessHypotheses productHypotheses publicPortal projectOverview timeline productStatus productTheme dashboardTabOrder productScores }
          customFields { id title type disabled global defaultKey specifications { options } metrics { min max } }
          abilities { manage createCards copyCards }
          canvas { sections { key name hidden } } } }`,
        { id: projectId },
      ).then((d) => d.project),
  });

export interface BoardSectionOption {
  key: string;
  name: string;
  color: string;
}

export const useBoardSections = (
  projectId: string | undefined,
  sectionType: string,
  enabled: boolean,
) =>
  useQuery({
    queryKey: ['board-sections', projectId, sectionType],
    enabled: !!projectId && enabled,
    queryFn: () =>
      gatewayRequest<{ boardSections: BoardSectionOption[] }>(
        'query BoardSections($p: ID!, $t: String!) { boardSections(projectId: $p, sectionType: $t) { key name color } }',
        { p: projectId, t: sectionType },
      ).then((d) => d.boardSections),
  });

export interface Teammate {
  id: string;
  firstName: string;
  lastName: string;
  role: string;
}

/** Members who may be put on a hypothesis: admins and collaborators (owners too), never disabled. */
export const useTeammates = () =>
  useQuery({
    queryKey: ['cards', 'teammates'],
    queryFn: () =>
      gatewayRequest<{ organizationMembers: { members: Teammate[] } }>(
        '{ organizationMembers(filters: { disabled: false, pageSize: 100 }) { members { id firstName lastName role } } }',
      ).then((d) =>
        d.organizationMembers.members.filter((m) =>
          ['owner', 'admin', 'collaborator'].includes(m.role),
        ),
      ),
  });

export const useOtherProjects = (enabled: boolean) =>
  useQuery({
    queryKey: ['projects', 'list', 'for-copy'],
    enabled,
    queryFn: () =>
      gatewayRequest<{ projects: { projects: { id: string; name: string }[] } }>(
        '{ projects(status: "active") { projects { id name } } }',
      ).then((d) => d.projects.projects),
  });
