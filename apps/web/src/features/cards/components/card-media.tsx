/** Files on a card: upload (with the progress panel), thumbnails, a lightbox for images, delete. */
import {
  ActionIcon,
  Badge,
  Button,
  FileButton,
  Group,
  Image,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toApiError } from '../../../api/errors.ts';
import { cardViewKeys, queryKeys } from '../../../api/query-keys.ts';
import { showAlert } from '../../../ui/alerts.ts';
import { trackUpload } from '../../../ui/upload-progress.tsx';
import { attachFile, removeFile, type CardDetail, type CardMedia } from '../api/card.ts';
import { FileSummaryModal } from './file-summary-modal.tsx';

/** The lightbox only shows what a browser displays: images. */
const isViewable = (file: CardMedia) => file.fileType === 'image';

export function CardMediaSection(props: { card: CardDetail }) {
  const { card } = props;
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<CardMedia | null>(null);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: queryKeys.card(card.id) });
    for (const key of cardViewKeys) void queryClient.invalidateQueries({ queryKey: key });
  };
  const upload = (files: File[]) => {
    for (const file of files) {
      const track = trackUpload(file.name);
      void attachFile(card.id, file, (percent) => track.progress(percent))
        .then(async () => {
          track.done();
          await refresh();
        })
        .catch((error: unknown) => track.failed(toApiError(error).message));
    }
  };
  const viewable = card.media.filter(isViewable);
  const [summaryOf, setSummaryOf] = useState<CardMedia | null>(null);
  // While the agent summarizes a file, the card is read again until it is done.
  const summarizing = card.media.some((m) => m.processing);
  useEffect(() => {
    if (!summarizing) return;
    const timer = setInterval(() => void refresh(), 2000);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [summarizing, card.id]);
  return (
    <Stack gap={6} role="group" aria-label="Files">
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          Files
        </Text>
        {card.abilities.edit ? (
          <FileButton multiple onChange={upload}>
            {(buttonProps) => (
              <Button size="xs" variant="default" {...buttonProps}>
                Attach files
              </Button>
            )}
          </FileButton>
        ) : null}
      </Group>
      {card.media.length === 0 ? (
        <Text size="xs" c="dimmed">
          No files yet.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          {card.media.map((file) => (
            <Paper key={file.id} withBorder p={4} radius="sm" data-testid="card-file">
              {isViewable(file) ? (
                <Image
                  src={file.thumbUrl ?? file.url}
                  alt={file.filename}
                  h={90}
                  fit="cover"
                  radius="sm"
                  style={{ cursor: 'zoom-in' }}
                  onClick={() => setOpen(file)}
                />
              ) : (
                <Stack h={90} justify="center" align="center" gap={4}>
                  <Badge variant="light">{file.fileType}</Badge>
                  <a href={file.url} target="_blank" rel="noreferrer">
                    Open
                  </a>
                  {file.summary || file.processing ? (
                    <Button size="compact-xs" variant="subtle" onClick={() => setSummaryOf(file)}>
                      {file.processing ? 'Summarizing…' : 'Summary'}
                    </Button>
                  ) : null}
                </Stack>
              )}
              <Group justify="space-between" wrap="nowrap" gap={2} mt={2}>
                <Text size="xs" lineClamp={1}>
                  {file.filename}
                </Text>
                {card.abilities.edit ? (
                  <ActionIcon
                    size="xs"
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${file.filename}`}
                    onClick={() =>
                      void removeFile(card.id, file.id)
                        .then(refresh)
                        .catch((e: unknown) =>
                          showAlert({ type: 'warning', message: toApiError(e).message }),
                        )
                    }
                  >
                    ×
                  </ActionIcon>
                ) : null}
              </Group>
            </Paper>
          ))}
        </SimpleGrid>
      )}
      <FileSummaryModal
        file={summaryOf ? (card.media.find((m) => m.id === summaryOf.id) ?? summaryOf) : null}
        canAsk={card.abilities.edit}
        onClose={() => setSummaryOf(null)}
        onAsked={() => void refresh()}
      />
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        size="xl"
        title={open?.filename}
        centered
      >
        {open ? (
          <Stack>
            <Image src={open.mediumUrl ?? open.url} alt={open.filename} fit="contain" mah="70vh" />
            {viewable.length > 1 ? (
              <Group justify="center">
                {viewable.map((file) => (
                  <Button
                    key={file.id}
                    size="compact-xs"
                    variant={file.id === open.id ? 'filled' : 'default'}
                    onClick={() => setOpen(file)}
                  >
                    {file.filename}
                  </Button>
                ))}
              </Group>
            ) : null}
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}

/** Uploads an image onto the card (tracked in the upload panel) and answers its URL for the editor. */
export async function uploadImageForCard(cardId: string, file: File): Promise<string> {
  const track = trackUpload(file.name);
  try {
    const media = await attachFile(cardId, file, (percent) => track.progress(percent));
    track.done();
    return media.mediumUrl ?? media.url;
  } catch (error) {
    track.failed(toApiError(error).message);
    throw error;
  }
}
