/** A cohort's resources, files and course videos, and the video report. */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { gatewayRequest } from '../../../api/gateway.ts';
import { restRequest } from '../../../api/rest.ts';
import { uploadFile } from '../../../api/uploads.ts';

export interface CohortResources {
  resources: { id: string; title: string; link: string }[];
  resourceMedia: { id: string; filename: string; url: string }[];
  videos: { id: string; title: string; url: string; watched: boolean }[];
}

const RESOURCES =
  'resources { id title link } resourceMedia { id filename url } videos { id title url watched }';
const keys = {
  resources: (cohortId: string) => ['cohorts', 'resources', cohortId] as const,
  report: (cohortId: string) => ['cohorts', 'video-report', cohortId] as const,
};

export function useCohortResources(cohortId: string) {
  return useQuery({
    queryKey: keys.resources(cohortId),
    queryFn: async () =>
      (
        await gatewayRequest<{ cohortResources: CohortResources }>(
          `query CohortResources($c: ID!) { cohortResources(cohortId: $c) { ${RESOURCES} } }`,
          { c: cohortId },
        )
      ).cohortResources,
  });
}

export function useVideoReport(cohortId: string) {
  return useQuery({
    queryKey: keys.report(cohortId),
    queryFn: async () =>
      (
        await gatewayRequest<{
          cohortVideoReport: {
            id: string;
            title: string;
            watchedCount: number;
            watchers: { name: string }[];
          }[];
        }>(
          'query CohortVideoReport($c: ID!) { cohortVideoReport(cohortId: $c) { id title watchedCount watchers { name } } }',
          {
            c: cohortId,
          },
        )
      ).cohortVideoReport,
  });
}

export const resourcesApi = {
  async update(
    client: QueryClient,
    cohortId: string,
    patch: {
      resources?: CohortResources['resources'];
      videos?: { id: string; title: string; url: string }[];
    },
  ) {
    const data = await gatewayRequest<{ updateCohortResources: CohortResources }>(
      `mutation UpdateCohortResources($i: JSON!) { updateCohortResources(input: $i) { ${RESOURCES} } }`,
      { i: { cohortId, ...patch } },
    );
    client.setQueryData(keys.resources(cohortId), data.updateCohortResources);
    await client.invalidateQueries({ queryKey: keys.report(cohortId) });
  },
  async watched(client: QueryClient, cohortId: string, videoId: string) {
    const data = await gatewayRequest<{ cohortVideoWatched: CohortResources }>(
      `mutation CohortVideoWatched($c: ID!, $v: String!) { cohortVideoWatched(cohortId: $c, videoId: $v) { ${RESOURCES} } }`,
      { c: cohortId, v: videoId },
    );
    client.setQueryData(keys.resources(cohortId), data.cohortVideoWatched);
    await client.invalidateQueries({ queryKey: keys.report(cohortId) });
  },
  async upload(client: QueryClient, cohortId: string, file: File) {
    const key = await uploadFile(file, { collection: 'cohortResources', locationId: cohortId });
    await restRequest(`/api/cohort/cohorts/${cohortId}/resource-media`, {
      method: 'POST',
      body: { key },
    });
    await client.invalidateQueries({ queryKey: keys.resources(cohortId) });
  },
};
