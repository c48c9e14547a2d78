/** An interview's recording transcribed: start it for an audio or video file, read and correct it. */
import {
  Alert,
  Button,
  Group,
  Loader,
  NumberInput,
  Select,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toApiError } from '../../../api/errors.ts';
import { showAlert } from '../../../ui/alerts.ts';
import type { CardDetail } from '../api/card.ts';
import {
  deleteTranscription,
  startTranscription,
  updateTranscriptionText,
  useTranscription,
} from '../api/transcription.ts';

export function TranscriptionSection(props: { card: CardDetail }) {
  const { card } = props;
  const queryClient = useQueryClient();
  const transcription = useTranscription(card.id);
  const recordings = card.media.filter((m) => m.fileType === 'audio' || m.fileType === 'video');
  const [mediaId, setMediaId] = useState<string | null>(null);
  const [speakers, setSpeakers] = useState<number>(2);
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: ['card', card.id, 'transcription'] });
  const fail = (error: unknown) =>
    showAlert({ type: 'warning', message: toApiError(error).message });
  if (recordings.length === 0 && !transcription.data) return null;
  const current = transcription.data;
  return (
    <Stack gap="xs" role="group" aria-label="Transcription">
      <Text size="sm" fw={500}>
        Transcription
      </Text>
      {current?.status === 'processing' ? (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm">Transcribing {current.title}…</Text>
        </Group>
      ) : null}
      {current?.status === 'failed' ? <Alert color="red">{current.error}</Alert> : null}
      {current?.status === 'complete' ? (
        <Stack gap={6}>
          {current.conversation.map((entry) => (
            <Textarea
              key={entry.id}
              label={entry.name}
              autosize
              disabled={!card.abilities.edit}
              defaultValue={entry.body}
              onBlur={(e) => {
                const body = e.currentTarget.value;
                if (body.trim() && body !== entry.body)
                  void updateTranscriptionText(entry.id, body).then(refresh).catch(fail);
              }}
            />
          ))}
          {card.abilities.edit ? (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              w="fit-content"
              onClick={() => void deleteTranscription(card.id).then(refresh).catch(fail)}
            >
              Delete transcription
            </Button>
          ) : null}
        </Stack>
      ) : null}
      {card.abilities.edit && recordings.length > 0 && current?.status !== 'processing' ? (
        <Group align="flex-end" gap="xs">
          <Select
            size="xs"
            label="Recording"
            data={recordings.map((r) => ({ value: r.id, label: r.filename }))}
            value={mediaId ?? recordings[0]?.id ?? null}
            onChange={setMediaId}
          />
          <NumberInput
            size="xs"
            label="Speakers"
            min={1}
            max={10}
            w={90}
            value={speakers}
            onChange={(v) => setSpeakers(Number(v) || 1)}
          />
          <Button
            size="xs"
            variant="default"
            onClick={() =>
              void startTranscription(card.id, mediaId ?? recordings[0]?.id ?? '', speakers)
                .then(refresh)
                .catch(fail)
            }
          >
            Transcribe
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
