/** The side navigation and favourites, shared by the shell and the features that toggle favourites. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { gatewayRequest } from './gateway.ts';

export interface SideNavigation {
  favorites: {
    id: string;
    subjectType: string;
    subjectId: string;
    projectId: string | null;
    name: string;
    /** Where a project opens (its canvas, or its dashboard: part 1 §2.5). */
    path: string | null;
  }[];
  collections: { id: string; name: string; isFavorite: boolean }[];
  projects: { id: string; name: string; isFavorite: boolean; path: string | null }[];
  cohorts: { id: string; name: string; isFavorite: boolean }[];
}

const SIDE_NAVIGATION = /* GraphQL */ `
  query GetSideNavigation {
    sideNavigation {
      favorites {
        id
        subjectType
        subjectId
        projectId
        name
        path
      }
      collections {
        id
        name
        isFavorite
      }
      projects {
        id
        name
        isFavorite
        path
      }
      cohorts {
        id
        name
        isFavorite
      }
    }
  }
`;

export const sideNavigationQueryOptions = () =>
  queryOptions({
    queryKey: ['side-navigation'],
    queryFn: () =>
      gatewayRequest<{ sideNavigation: SideNavigation }>(SIDE_NAVIGATION).then(
        (d) => d.sideNavigation,
      ),
  });

export function useSideNavigation(enabled: boolean) {
  return useQuery({ ...sideNavigationQueryOptions(), enabled });
}

export function setFavorite(
  subjectType: 'projects' | 'collections' | 'cohorts',
  subjectId: string,
  on: boolean,
) {
  return on
    ? gatewayRequest(
        'mutation CreateFavorite($t: String!, $id: ID!) { createFavorite(subjectType: $t, subjectId: $id) }',
        { t: subjectType, id: subjectId },
      )
    : gatewayRequest(
        'mutation DeleteFavorite($t: String!, $id: ID!) { deleteFavorite(subjectType: $t, subjectId: $id) }',
        { t: subjectType, id: subjectId },
      );
}
