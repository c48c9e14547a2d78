/**
 * The global search's dialog (#26): what it finds and opens (see global-search.tsx), loaded
 * after the first paint.
 */
import { Badge, Group, Text } from '@mantine/core';
import { Spotlight } from '@mantine/spotlight';
import '@mantine/spotlight/styles.layer.css';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { SearchHit } from '@assay/domain';
import { gatewayRequest } from '../../api/gateway.ts';
import { useSearchText } from '../search-text.ts';
import { searchStore } from './search-store.ts';

/** A hit: a card or a project (globalSearch), or a collection (the project and collection search). */
type Hit = Omit<SearchHit, 'kind'> & { kind: SearchHit['kind'] | 'collection' };

const KIND_LABELS: Record<Hit['kind'], string> = {
  collection: 'Collection',
  project: 'Project',
  hypothesis: 'Hypothesis',
  idea: 'Product idea',
  experiment: 'Experiment',
  evidence: 'Evidence',
};

const SEARCH = /* GraphQL */ `
  query GlobalSearch($t: String!) {
    globalSearch(text: $t) {
      kind
      id
      title
      projectId
      projectName
      path
    }
    searchProjectsAndCollections(search: $t) {
      collections {
        id
        name
      }
    }
  }
`;

export function SearchDialog() {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const words = useSearchText(query);
  const results = useQuery({
    queryKey: ['global-search', words],
    queryFn: () =>
      gatewayRequest<{
        globalSearch: SearchHit[];
        searchProjectsAndCollections: { collections: { id: string; name: string }[] };
      }>(SEARCH, { t: words }),
    enabled: words.length >= 2,
    staleTime: 10_000,
  });
  const hits: Hit[] =
    words.length >= 2 && results.data
      ? [
          ...results.data.searchProjectsAndCollections.collections.map((c) => ({
            kind: 'collection' as const,
            id: c.id,
            title: c.name,
            projectId: '',
            projectName: '',
            path: `/collections/${c.id}`,
          })),
          ...results.data.globalSearch,
        ]
      : [];
  return (
    <Spotlight.Root
      store={searchStore}
      query={query}
      onQueryChange={setQuery}
      shortcut={['mod + K']}
      scrollable
      maxHeight={420}
    >
      <Spotlight.Search placeholder="Search projects, hypotheses, evidence…" aria-label="Search" />
      <Spotlight.ActionsList aria-label="Search results">
        {hits.map((hit) => (
          <Spotlight.Action
            key={`${hit.kind}:${hit.id}`}
            onClick={() => void navigate(hit.path)}
            data-testid="search-hit"
          >
            <Group justify="space-between" wrap="nowrap" w="100%" gap="sm">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" truncate>
                  {hit.title}
                </Text>
                {hit.kind === 'project' || hit.kind === 'collection' ? null : (
                  <Text size="xs" c="dimmed" truncate>
                    {hit.projectName}
                  </Text>
                )}
              </div>
              <Badge size="xs" variant="light">
                {KIND_LABELS[hit.kind]}
              </Badge>
            </Group>
          </Spotlight.Action>
        ))}
        {words.length >= 2 && results.isSuccess && hits.length === 0 ? (
          <Spotlight.Empty>Nothing found for “{words}”.</Spotlight.Empty>
        ) : null}
        {words.length < 2 ? <Spotlight.Empty>Type two letters or more.</Spotlight.Empty> : null}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}
