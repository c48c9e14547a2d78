/**
 * The design file of an idea card (part 2 §3 Hypothesis figma): a Figma file or prototype link,
 * shown with its name and thumbnail; editors link, change or unlink it.
 */
import { ActionIcon, Anchor, Button, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FIGMA_LINK_MESSAGE, isDesignFileLink } from '@assay/domain';
import { toApiError } from '../../../api/errors.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { restRequest } from '../../../api/rest.ts';
import type { CardDetail, DesignFile } from '../api/card.ts';

export function DesignFileField(props: { card: CardDetail; editable: boolean }) {
  const client = useQueryClient();
  const file = props.card.hypothesis?.figma ?? null;
  const [link, setLink] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = (url: string | null) => {
    if (url !== null && !isDesignFileLink(url)) {
      setError(FIGMA_LINK_MESSAGE);
      return;
    }
    setBusy(true);
    setError(null);
    restRequest<{ figma: DesignFile | null }>(`/api/canvas/cards/${props.card.id}/figma`, {
      method: 'PUT',
      body: { url },
    })
      .then(() => {
        setLink('');
        return client.invalidateQueries({ queryKey: queryKeys.card(props.card.id) });
      })
      .catch((e: unknown) => setError(toApiError(e).message))
      .finally(() => setBusy(false));
  };
  if (!file && !props.editable) return null;
  return (
    <Stack gap={4} data-testid="design-file">
      <Text size="sm" fw={500}>
        Design file
      </Text>
      {file ? (
        <Group gap="sm" wrap="nowrap">
          {file.thumbnailUrl ? (
            <Image src={file.thumbnailUrl} alt="" w={96} h={60} fit="cover" radius="sm" />
          ) : null}
          <Anchor href={file.url} target="_blank" rel="noreferrer" size="sm">
            {file.name}
          </Anchor>
          {props.editable ? (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label="Unlink the design file"
              onClick={() => save(null)}
              loading={busy}
            >
              ×
            </ActionIcon>
          ) : null}
        </Group>
      ) : null}
      {props.editable ? (
        <Group gap="xs" align="flex-start">
          <TextInput
            aria-label="Figma link"
            placeholder="https://www.figma.com/design/…"
            value={link}
            onChange={(e) => setLink(e.currentTarget.value)}
            error={error}
            style={{ flex: 1 }}
          />
          <Button
            variant="default"
            onClick={() => save(link.trim())}
            disabled={!link.trim()}
            loading={busy}
          >
            {file ? 'Replace file' : 'Link file'}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
