/** The activity feed, drafts, templates and card search of a project. */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { restBodyToApiError } from '../../../api/errors.ts';
import { gatewayRequest } from '../../../api/gateway.ts';
import { httpFetch, readJson } from '../../../api/http.ts';
import { queryKeys } from '../../../api/query-keys.ts';

export interface CardListItem {
  id: string;
  type: string;
  title: string;
  draft: boolean;
  tags: string[];
  viewed: boolean;
  templateName: string | null;
  hypothesisType: string | null;
  businessStatus: string | null;
  result: string | null;
  publishedAt: string | null;
  updatedAt: string;
  createdBy: { firstName: string; lastName: string } | null;
  path: string;
}

const ITEM =
  'id type title draft tags viewed templateName hypothesisType businessStatus result publishedAt updatedAt path createdBy { firstName lastName }';

export const useFeed = (projectId: string, types: string[], sort: string) =>
  useInfiniteQuery({
    queryKey: [...queryKeys.cardLists(projectId), 'feed', types, sort],
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      gatewayRequest<{
        activityFeed: { cards: CardListItem[]; hasMore: boolean; total: number; page: number };
      }>(
        `query ActivityFeed($p: ID!, $types: [String!], $sort: String, $page: Int) { activityFeed(projectId: $p, types: $types, sort: $sort, page: $page) { total hasMore page cards { ${ITEM} } } }`,
        { p: projectId, types, sort, page: pageParam },
      ).then((d) => d.activityFeed),
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    staleTime: 0,
  });

export const useDrafts = (projectId: string) =>
  useQuery({
    queryKey: [...queryKeys.cardLists(projectId), 'drafts'],
    queryFn: () =>
      gatewayRequest<{ drafts: CardListItem[] }>(
        `query Drafts($p: ID!) { drafts(projectId: $p) { ${ITEM} } }`,
        { p: projectId },
      ).then((d) => d.drafts),
    staleTime: 0,
  });

export const useTemplates = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.templates,
    enabled,
    queryFn: () =>
      gatewayRequest<{ templates: CardListItem[] }>(
        `query Templates { templates(type: "hypothesis") { ${ITEM} } }`,
      ).then((d) => d.templates),
    staleTime: 0,
  });

export const useCardSearch = (projectId: string, searchText: string, evidence: boolean | null) =>
  useQuery({
    queryKey: [...queryKeys.cardLists(projectId), 'search', searchText, evidence],
    enabled: searchText.trim().length > 0,
    queryFn: () =>
      gatewayRequest<{ searchCards: CardListItem[] }>(
        `query SearchCards($p: ID!, $s: String!, $e: Boolean) { searchCards(projectId: $p, searchText: $s, isEvidence: $e) { ${ITEM} } }`,
        { p: projectId, s: searchText, e: evidence },
      ).then((d) => d.searchCards),
  });

export const markAllViewed = (projectId: string) =>
  gatewayRequest<{ markCardsViewed: number }>(
    'mutation MarkViewed($p: ID!) { markCardsViewed(projectId: $p) }',
    { p: projectId },
  );

export interface EvidenceList {
  counts: { total: number; new: number; viewed: number; generated: number };
  cards: CardListItem[];
}

export const useEvidence = (projectId: string) =>
  useQuery({
    queryKey: [...queryKeys.cardLists(projectId), 'evidence'],
    queryFn: () =>
      gatewayRequest<{ evidence: EvidenceList }>(
        `query Evidence($p: ID!) { evidence(projectId: $p) { counts { total new viewed generated } cards { ${ITEM} } } }`,
        { p: projectId },
      ).then((d) => d.evidence),
    staleTime: 0,
  });

export interface Contact {
  id: string;
  name: string;
  email: string;
  company: string;
  title: string;
  interviewCount: number;
}

/** The organisation's contacts; the total comes in the x-total-count header. */
export const useContacts = (search: string) =>
  useQuery({
    queryKey: ['contacts', 'list', search],
    queryFn: async () => {
      const response = await httpFetch(
        `/api/canvas/interviewees?${new URLSearchParams({ search, pageSize: '50' }).toString()}`,
      );
      const body = (await readJson(response)) as Contact[] | { message?: string };
      if (!response.ok || !Array.isArray(body)) throw restBodyToApiError(body, response.status);
      return {
        total: Number(response.headers.get('x-total-count') ?? body.length),
        contacts: body,
      };
    },
  });
