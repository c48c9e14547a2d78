/** The side panel: activity feed (40 a page, by type, sorted), drafts, templates and card search. */
import {
  Badge,
  Button,
  Drawer,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { FEED_SORTS } from '@assay/domain';
import { toApiError } from '../../../api/errors.ts';
import { showAlert } from '../../../ui/alerts.ts';
import { EvidenceList } from './evidence-list.tsx';
import { CardListRow as Item } from './card-list-row.tsx';
import { useConnectMode } from '../hooks/use-connect-mode.ts';
import {
  markAllViewed,
  useCardSearch,
  useContacts,
  useDrafts,
  useFeed,
  useTemplates,
} from '../api/lists.ts';
import { useSearchText } from '../../../ui/search-text.ts';

const SORT_LABELS: Record<(typeof FEED_SORTS)[number], string> = {
  newest: 'Newest',
  oldest: 'Oldest',
  updated: 'Recently updated',
};

function Feed(props: { projectId: string; onOpen: (id: string) => void }) {
  const [type, setType] = useState('all');
  const [sort, setSort] = useState<string>('newest');
  const queryClient = useQueryClient();
  const feed = useFeed(props.projectId, type === 'all' ? [] : [type], sort);
  const items = feed.data?.pages.flatMap((p) => p.cards) ?? [];
  return (
    <Stack gap="xs">
      <Group gap="xs" grow>
        <Select
          size="xs"
          aria-label="Card type"
          value={type}
          onChange={(v) => setType(v ?? 'all')}
          allowDeselect={false}
          data={[
            { value: 'all', label: 'All cards' },
            { value: 'hypothesis', label: 'Hypotheses' },
            { value: 'post', label: 'Evidence' },
            { value: 'interview', label: 'Interviews' },
            { value: 'experiment', label: 'Experiments' },
          ]}
        />
        <Select
          size="xs"
          aria-label="Sort"
          value={sort}
          onChange={(v) => setSort(v ?? 'newest')}
          allowDeselect={false}
          data={FEED_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }))}
        />
      </Group>
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {feed.data?.pages[0]?.total ?? 0} cards
        </Text>
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={() =>
            void markAllViewed(props.projectId)
              .then(() =>
                queryClient.invalidateQueries({ queryKey: ['card-lists', props.projectId] }),
              )
              .catch((e: unknown) => showAlert({ type: 'warning', message: toApiError(e).message }))
          }
        >
          Mark all viewed
        </Button>
      </Group>
      {items.map((item) => (
        <Item key={item.id} item={item} onOpen={props.onOpen} />
      ))}
      {feed.hasNextPage ? (
        <Button
          size="xs"
          variant="default"
          loading={feed.isFetchingNextPage}
          onClick={() => void feed.fetchNextPage()}
        >
          Load more
        </Button>
      ) : null}
    </Stack>
  );
}

function Contacts() {
  const [search, setSearch] = useState('');
  const contacts = useContacts(useSearchText(search));
  return (
    <Stack gap="xs">
      <TextInput
        size="xs"
        placeholder="Search people"
        aria-label="Search people"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
      <Text size="xs" c="dimmed" data-testid="contacts-total">
        {contacts.data?.total === 1 ? '1 person' : `${contacts.data?.total ?? 0} people`}
      </Text>
      {(contacts.data?.contacts ?? []).map((c) => (
        <Group key={c.id} justify="space-between" wrap="nowrap" data-testid="contact">
          <div>
            <Text size="sm">{c.name}</Text>
            <Text size="xs" c="dimmed">
              {[c.title, c.company, c.email].filter(Boolean).join(' · ')}
            </Text>
          </div>
          <Badge size="sm" variant="light">
            {c.interviewCount} interview{c.interviewCount === 1 ? '' : 's'}
          </Badge>
        </Group>
      ))}
    </Stack>
  );
}

function Drafts(props: { projectId: string; onOpen: (id: string) => void }) {
  const drafts = useDrafts(props.projectId);
  if (drafts.data?.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No drafts. Cards you start and have not published wait here.
      </Text>
    );
  return (
    <Stack gap="xs">
      {(drafts.data ?? []).map((item) => (
        <Item
          key={item.id}
          item={item}
          onOpen={props.onOpen}
          extra={
            <Badge size="xs" color="yellow">
              Draft
            </Badge>
          }
        />
      ))}
    </Stack>
  );
}

function Templates(props: {
  onUse: (templateId: string, hypothesisType: string) => void;
  canCreate: boolean;
}) {
  const templates = useTemplates(true);
  if (templates.data?.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No templates yet. Open a card and choose More → Save as template.
      </Text>
    );
  return (
    <Stack gap="xs">
      {(templates.data ?? []).map((item) => (
        <Group key={item.id} justify="space-between" wrap="nowrap">
          <Text size="sm">{item.templateName}</Text>
          <Button
            size="compact-xs"
            disabled={!props.canCreate}
            onClick={() => props.onUse(item.id, item.hypothesisType ?? 'business')}
          >
            Use
          </Button>
        </Group>
      ))}
    </Stack>
  );
}

function Search(props: { projectId: string; onOpen: (id: string) => void }) {
  const [text, setText] = useState('');
  const [evidence, setEvidence] = useState('any');
  const results = useCardSearch(
    props.projectId,
    text,
    evidence === 'any' ? null : evidence === 'yes',
  );
  return (
    <Stack gap="xs">
      <TextInput
        size="xs"
        placeholder="Search cards"
        aria-label="Search cards"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
      />
      <SegmentedControl
        size="xs"
        value={evidence}
        onChange={setEvidence}
        data={[
          { value: 'any', label: 'All' },
          { value: 'yes', label: 'Evidence' },
          { value: 'no', label: 'Not evidence' },
        ]}
      />
      {text && results.data?.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing matches.
        </Text>
      ) : null}
      {(results.data ?? []).map((item) => (
        <Item key={item.id} item={item} onOpen={props.onOpen} />
      ))}
    </Stack>
  );
}

export function ActivityPanel(props: {
  projectId: string;
  opened: boolean;
  onClose: () => void;
  canCreate: boolean;
  onUseTemplate: (templateId: string, hypothesisType: string) => void;
  /** The tab it opens on (the evidence, to connect from a hypothesis). */
  tab?: string;
}) {
  const [, setParams] = useSearchParams();
  const connect = useConnectMode();
  const open = (cardId: string) =>
    setParams((p) => {
      p.set('cardId', cardId);
      p.set('cardTab', 'details');
      return p;
    });
  return (
    <Drawer
      opened={props.opened}
      onClose={props.onClose}
      position="right"
      title="Project activity"
      size="md"
    >
      <Tabs key={props.tab ?? 'feed'} defaultValue={props.tab ?? 'feed'} keepMounted={false}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="feed">Feed</Tabs.Tab>
          <Tabs.Tab value="evidence">Evidence</Tabs.Tab>
          <Tabs.Tab value="drafts">Drafts</Tabs.Tab>
          <Tabs.Tab value="templates">Templates</Tabs.Tab>
          <Tabs.Tab value="search">Search</Tabs.Tab>
          <Tabs.Tab value="contacts">People</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="feed">
          <Feed projectId={props.projectId} onOpen={open} />
        </Tabs.Panel>
        <Tabs.Panel value="evidence">
          <EvidenceList projectId={props.projectId} onOpen={open} connect={connect} />
        </Tabs.Panel>
        <Tabs.Panel value="contacts">
          <Contacts />
        </Tabs.Panel>
        <Tabs.Panel value="drafts">
          <Drafts projectId={props.projectId} onOpen={open} />
        </Tabs.Panel>
        <Tabs.Panel value="templates">
          <Templates canCreate={props.canCreate} onUse={props.onUseTemplate} />
        </Tabs.Panel>
        <Tabs.Panel value="search">
          <Search projectId={props.projectId} onOpen={open} />
        </Tabs.Panel>
      </Tabs>
    </Drawer>
  );
}
