/** Cohort presentations: the list, their changes, team files, scores and comments. */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { gatewayRequest } from '../../../api/gateway.ts';
import { restRequest } from '../../../api/rest.ts';
import { uploadFile } from '../../../api/uploads.ts';

export interface TeamPresentation {
  id: string;
  projectId: string;
  name: string;
  /** The team's own title for what it presents (empty: the presentation's name). */
  title: string;
  isMember: boolean;
  presentationMedia: {
    id: string;
    filename: string;
    fileType: string;
    url: string;
    thumbUrl: string | null;
  }[];
  scoreAvg: number | null;
  scoreCount: number;
  myScore: number | null;
  commentCount: number;
}

export interface Presentation {
  id: string;
  cohortId: string;
  name: string;
  guidelines: string;
  instructorCritique: string;
  session: string | null;
  presentationDate: string | null;
  scoreAvg: number | null;
  teams: TeamPresentation[];
}

export interface PresentationComment {
  id: string;
  body: string;
  createdAt: string;
  /** instructor, mentor or guest when cohort staff wrote it. */
  engagementType: string | null;
  owner: { firstName: string; lastName: string } | null;
}

const PRESENTATION = `id cohortId name guidelines instructorCritique session presentationDate scoreAvg
  teams { id projectId name title isMember scoreAvg scoreCount myScore commentCount
    presentationMedia { id filename fileType url thumbUrl } }`;

export const presentationKeys = {
  list: (cohortId: string) => ['cohorts', 'presentations', cohortId] as const,
  comments: (teamPresentationId: string) => ['comments', teamPresentationId] as const,
};

export function usePresentations(cohortId: string) {
  return useQuery({
    queryKey: presentationKeys.list(cohortId),
    queryFn: async () =>
      (
        await gatewayRequest<{ cohortPresentations: Presentation[] }>(
          `query CohortPresentations($c: ID!) { cohortPresentations(cohortId: $c) { ${PRESENTATION} } }`,
          { c: cohortId },
        )
      ).cohortPresentations,
  });
}

export function usePresentationComments(teamPresentationId: string) {
  return useQuery({
    queryKey: presentationKeys.comments(teamPresentationId),
    queryFn: async () =>
      (
        await gatewayRequest<{ comments: PresentationComment[] }>(
          'query PresentationComments($id: ID!) { comments(subjectType: "presentation", subjectId: $id) { id body createdAt engagementType owner { firstName lastName } } }',
          { id: teamPresentationId },
        )
      ).comments,
  });
}

const refresh = (client: QueryClient, cohortId: string) =>
  client.invalidateQueries({ queryKey: presentationKeys.list(cohortId) });

export const presentationApi = {
  async create(
    client: QueryClient,
    input: {
      cohortId: string;
      name: string;
      session: string | null;
      presentationDate: string | null;
      guidelines: string;
    },
  ) {
    await gatewayRequest(
      'mutation CreatePresentation($i: JSON!) { createPresentation(input: $i) { id } }',
      { i: input },
    );
    await refresh(client, input.cohortId);
  },
  async update(client: QueryClient, cohortId: string, input: Record<string, unknown>) {
    await gatewayRequest(
      'mutation UpdatePresentation($i: JSON!) { updatePresentation(input: $i) { id } }',
      { i: input },
    );
    await refresh(client, cohortId);
  },
  async remove(client: QueryClient, cohortId: string, presentationId: string) {
    await gatewayRequest(
      'mutation DeletePresentation($id: ID!) { deletePresentation(presentationId: $id) }',
      {
        id: presentationId,
      },
    );
    await refresh(client, cohortId);
  },
  async score(client: QueryClient, cohortId: string, teamPresentationId: string, score: number) {
    await gatewayRequest(
      'mutation ScoreTeamPresentation($i: JSON!) { scoreTeamPresentation(input: $i) { id } }',
      { i: { teamPresentationId, score } },
    );
    await refresh(client, cohortId);
  },
  async title(client: QueryClient, cohortId: string, teamPresentationId: string, name: string) {
    await gatewayRequest(
      'mutation UpdateTeamPresentation($i: JSON!) { updateTeamPresentation(input: $i) { id } }',
      { i: { teamPresentationId, name } },
    );
    await refresh(client, cohortId);
  },
  async upload(client: QueryClient, teamPresentationId: string, file: File) {
    const key = await uploadFile(file, {
      collection: 'presentations',
      locationId: teamPresentationId,
    });
    await restRequest(`/api/cohort/team-presentations/${teamPresentationId}/media`, {
      method: 'POST',
      body: { key },
    });
    await client.invalidateQueries({ queryKey: ['cohorts', 'presentations'] });
  },
  async comment(client: QueryClient, teamPresentationId: string, body: string) {
    await gatewayRequest('mutation AddComment($i: JSON!) { addComment(input: $i) { id } }', {
      i: { subjectType: 'presentation', subjectId: teamPresentationId, body },
    });
    await client.invalidateQueries({ queryKey: presentationKeys.comments(teamPresentationId) });
    await client.invalidateQueries({ queryKey: ['cohorts', 'presentations'] });
  },
};
