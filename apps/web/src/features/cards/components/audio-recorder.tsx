/**
 * Recording an interview in the browser (MediaRecorder): the microphone is asked for on the first
 * recording; when it stops, the recording is uploaded onto the interview with the upload progress
 * panel, and it can be transcribed from the transcription section below.
 */
import { Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toApiError } from '../../../api/errors.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { trackUpload } from '../../../ui/upload-progress.tsx';
import { attachFile, type CardDetail } from '../api/card.ts';
import { formatTimer } from '@assay/domain';

const NO_MICROPHONE = 'Assay cannot use the microphone. Allow it in the browser and try again.';

/** The recorder's own format, preferring Opus in WebM (what Chromium and Firefox record). */
function recordingType(): string {
  const types = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'];
  return types.find((t) => MediaRecorder.isTypeSupported(t)) ?? '';
}

const extensionOf = (type: string) =>
  type.includes('ogg') ? 'ogg' : type.includes('mp4') ? 'm4a' : 'webm';

export function AudioRecorder(props: { card: CardDetail }) {
  const client = useQueryClient();
  const recorder = useRef<MediaRecorder | null>(null);
  const [seconds, setSeconds] = useState(0);
  const [recording, setRecording] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!recording) return;
    const timer = setInterval(() => setSeconds((s) => s + 1), 1000);
    return () => clearInterval(timer);
  }, [recording]);
  // Leaving the card stops the microphone.
  useEffect(() => () => recorder.current?.stream.getTracks().forEach((t) => t.stop()), []);

  const upload = (blob: Blob, type: string) => {
    const stamp = new Date().toISOString().slice(0, 16).replace(/[:T]/g, '-');
    const file = new File([blob], `interview-recording-${stamp}.${extensionOf(type)}`, {
      type: type.split(';')[0] ?? 'audio/webm',
    });
    const track = trackUpload(file.name);
    void attachFile(props.card.id, file, (percent) => track.progress(percent))
      .then(async () => {
        track.done();
        await client.invalidateQueries({ queryKey: queryKeys.card(props.card.id) });
      })
      .catch((e: unknown) => track.failed(toApiError(e).message));
  };

  const start = async () => {
    setError(null);
    if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
      setError('This browser cannot record audio.');
      return;
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setError(NO_MICROPHONE);
      return;
    }
    const type = recordingType();
    const media = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
    const chunks: Blob[] = [];
    media.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    media.onstop = () => {
      stream.getTracks().forEach((t) => t.stop());
      const blob = new Blob(chunks, { type: media.mimeType || type || 'audio/webm' });
      if (blob.size > 0) upload(blob, media.mimeType || type || 'audio/webm');
      else setError('Nothing was recorded. Please try again.');
    };
    recorder.current = media;
    media.start(1000);
    setSeconds(0);
    setRecording(true);
  };

  const stop = () => {
    recorder.current?.stop();
    recorder.current = null;
    setRecording(false);
  };

  return (
    <Group gap="xs" data-testid="audio-recorder">
      {recording ? (
        <>
          <Button size="xs" color="red" onClick={stop}>
            Stop recording
          </Button>
          <Text size="sm" aria-live="polite">
            Recording {formatTimer(seconds)}
          </Text>
        </>
      ) : (
        <Button size="xs" variant="default" onClick={() => void start()}>
          Record audio
        </Button>
      )}
      {error ? (
        <Text size="sm" c="red">
          {error}
        </Text>
      ) : null}
    </Group>
  );
}
