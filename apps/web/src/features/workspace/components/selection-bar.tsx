/** The bar over the canvas while cards are selected (#26): move, tag or connect them together. */
import { Alert, Autocomplete, Button, Group, Select, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { gatewayRequest } from '../../../api/gateway.ts';
import type { CanvasSectionView } from '../api/canvas.ts';
import type { Selection } from '../hooks/use-selection.ts';
import { useSearchText } from '../../../ui/search-text.ts';

function EvidenceSearch(props: { projectId: string; onPick: (id: string) => void }) {
  const [text, setText] = useState('');
  const words = useSearchText(text);
  const found = useQuery({
    queryKey: ['evidence-to-connect', props.projectId, words],
    enabled: words.length > 1,
    queryFn: () =>
      gatewayRequest<{ searchCards: { id: string; title: string }[] }>(
        'query EvidenceToConnect($p: ID!, $s: String!) { searchCards(projectId: $p, searchText: $s, isEvidence: true) { id title } }',
        { p: props.projectId, s: words },
      ).then((d) => d.searchCards),
  });
  return (
    <Autocomplete
      size="xs"
      w={240}
      aria-label="Connect them to evidence"
      placeholder="Connect to evidence…"
      value={text}
      onChange={setText}
      data={(found.data ?? []).map((c) => ({ value: c.id, label: c.title || 'Untitled' }))}
      onOptionSubmit={(id) => {
        setTimeout(() => setText(''), 0);
        props.onPick(id);
      }}
    />
  );
}

export function SelectionBar(props: {
  selection: Selection;
  sections: CanvasSectionView[];
  projectId: string;
}) {
  const { selection } = props;
  const [tag, setTag] = useState('');
  const [busy, setBusy] = useState(false);
  const run = (work: () => Promise<void>) => {
    setBusy(true);
    void work().finally(() => setBusy(false));
  };
  return (
    <Alert
      color="grape"
      variant="light"
      role="status"
      data-testid="selection-bar"
      styles={{ root: { position: 'sticky', top: 64, zIndex: 5 } }}
    >
      <Group gap="sm" wrap="wrap" align="flex-end">
        <Text size="sm" fw={600}>
          {selection.ids.size} selected
        </Text>
        <Select
          size="xs"
          w={200}
          aria-label="Move them to"
          placeholder="Move to…"
          value={null}
          disabled={busy}
          data={props.sections
            .filter((s) => !s.hidden)
            .map((s) => ({ value: s.key, label: s.name }))}
          onChange={(section) => section && run(() => selection.moveTo(section))}
        />
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const value = tag.trim();
            if (!value) return;
            setTag('');
            run(() => selection.tag(value));
          }}
        >
          <Group gap={4} wrap="nowrap">
            <TextInput
              size="xs"
              w={140}
              aria-label="Tag them"
              placeholder="Tag…"
              value={tag}
              onChange={(e) => setTag(e.currentTarget.value)}
              maxLength={50}
            />
            <Button size="xs" type="submit" variant="light" disabled={busy || !tag.trim()}>
              Tag
            </Button>
          </Group>
        </form>
        <EvidenceSearch
          projectId={props.projectId}
          onPick={(id) => run(() => selection.connectTo(id))}
        />
        <Button size="xs" variant="subtle" onClick={selection.clear}>
          Clear (Esc)
        </Button>
      </Group>
    </Alert>
  );
}
