/** A card's transcription: start it, read it (polled while processing), correct it, delete it. */
import { useQuery } from '@tanstack/react-query';
import { gatewayRequest } from '../../../api/gateway.ts';
import { restRequest } from '../../../api/rest.ts';

export interface Transcription {
  id: string;
  status: 'processing' | 'complete' | 'failed';
  error: string | null;
  title: string;
  conversation: { id: string; speakerIdx: number; name: string; body: string }[];
}

const FIELDS = 'id status error title conversation { id speakerIdx name body }';

export const useTranscription = (cardId: string) =>
  useQuery({
    queryKey: ['card', cardId, 'transcription'],
    queryFn: () =>
      gatewayRequest<{ transcription: Transcription | null }>(
        `query Transcription($id: ID!) { transcription(cardId: $id) { ${FIELDS} } }`,
        { id: cardId },
      ).then((d) => d.transcription),
    refetchInterval: (query) => (query.state.data?.status === 'processing' ? 3000 : false),
  });

export const startTranscription = (cardId: string, mediaId: string, speakerCount: number) =>
  restRequest(`/api/media/cards/${cardId}/transcribe`, {
    method: 'POST',
    body: { mediaId, speakerCount },
  });

export const updateTranscriptionText = (entryId: string, body: string) =>
  gatewayRequest(
    'mutation UpdateTranscriptionText($e: ID!, $b: String!) { updateTranscriptionText(entryId: $e, body: $b) { id } }',
    {
      e: entryId,
      b: body,
    },
  );

export const deleteTranscription = (cardId: string) =>
  gatewayRequest('mutation DeleteTranscription($id: ID!) { deleteTranscription(cardId: $id) }', {
    id: cardId,
  });
