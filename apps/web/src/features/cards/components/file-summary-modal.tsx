/** The file summary modal: what the agent took from a document, whether it helped, and asking again. */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { toApiError } from '../../../api/errors.ts';
import { summarizeFile } from '../../../api/generation.ts';
import { showAlert } from '../../../ui/alerts.ts';
import { sendMediaFeedback, type CardMedia, type MediaFeedback } from '../api/card.ts';

/** "Did this help?": one answer a person, the tally after answering. */
function SummaryFeedback(props: { file: CardMedia }) {
  const [tally, setTally] = useState<MediaFeedback | null>(props.file.summaryFeedback ?? null);
  const [busy, setBusy] = useState(false);
  const answer = (helpful: boolean) => {
    setBusy(true);
    sendMediaFeedback(props.file.id, helpful)
      .then(setTally)
      .catch((e: unknown) => showAlert({ type: 'warning', message: toApiError(e).message }))
      .finally(() => setBusy(false));
  };
  const mine = tally?.mine ?? null;
  return (
    <Group gap="xs" data-testid="summary-feedback">
      <Text size="sm" c="dimmed">
        {mine === null ? 'Did this summary help?' : 'Thanks for saying.'}
      </Text>
      <Button
        size="compact-xs"
        variant={mine === true ? 'filled' : 'default'}
        aria-pressed={mine === true}
        disabled={busy}
        onClick={() => answer(true)}
      >
        Helpful{tally && tally.helpful > 0 ? ` · ${tally.helpful}` : ''}
      </Button>
      <Button
        size="compact-xs"
        variant={mine === false ? 'filled' : 'default'}
        aria-pressed={mine === false}
        disabled={busy}
        onClick={() => answer(false)}
      >
        Not helpful{tally && tally.notHelpful > 0 ? ` · ${tally.notHelpful}` : ''}
      </Button>
    </Group>
  );
}

/** The file summary modal: what the agent took from a document, and a way to ask again. */
export function FileSummaryModal(props: {
  file: CardMedia | null;
  canAsk: boolean;
  onClose: () => void;
  onAsked: () => void;
}) {
  const file = props.file;
  return (
    <Modal opened={file !== null} onClose={props.onClose} title="File summary" size="lg" centered>
      {file ? (
        <Stack gap="sm" data-testid="file-summary">
          <Text size="sm" fw={500}>
            {file.filename}
          </Text>
          {file.processing ? (
            <Text size="sm" c="dimmed">
              The agent is reading the file…
            </Text>
          ) : (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {file.summary}
            </Text>
          )}
          {file.summary && !file.processing ? <SummaryFeedback key={file.id} file={file} /> : null}
          {props.canAsk && !file.processing ? (
            <Group justify="end">
              <Button
                size="xs"
                variant="light"
                onClick={() =>
                  void summarizeFile(file.id)
                    .then(props.onAsked)
                    .catch((e: unknown) =>
                      showAlert({ type: 'warning', message: toApiError(e).message }),
                    )
                }
              >
                Summarize again
              </Button>
            </Group>
          ) : null}
        </Stack>
      ) : null}
    </Modal>
  );
}
