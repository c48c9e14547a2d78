/**
 * The video-meeting entry screens (part 1 §2.1): /connect and /zoom say what Assay does in a
 * meeting; /connect/zoom signs the person in (or goes on when they are); /zoom/select picks the
 * project and the meeting and starts an interview; /zoom/interview keeps the interview open (the
 * card opens over it) and brings the meeting's cloud recording in for transcription.
 */
import { Alert, Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useBootstrap } from '../../../api/bootstrap.ts';
import { toApiError } from '../../../api/errors.ts';
import { gatewayRequest } from '../../../api/gateway.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { restRequest } from '../../../api/rest.ts';

function Frame(props: { title: string; children: React.ReactNode }) {
  return (
    <Stack p="lg" maw={560} mx="auto" gap="md">
      <Title order={2}>{props.title}</Title>
      {props.children}
    </Stack>
  );
}

export function ConnectPage() {
  return (
    <Frame title="Connect Assay to your meetings">
      <Text>
        Take interview notes in Assay while you talk, then bring the meeting’s recording in for a
        transcript. Interviews land in your project as evidence.
      </Text>
      <Button component={Link} to="/connect/zoom" w="fit-content">
        Connect Zoom
      </Button>
    </Frame>
  );
}

export function ZoomHomePage() {
  return (
    <Frame title="Assay for Zoom">
      <Text>
        Choose the project this meeting is for and Assay opens an interview for it, linked to the
        meeting. After the call, import the cloud recording to transcribe it.
      </Text>
      <Button component={Link} to="/zoom/select" w="fit-content">
        Start an interview
      </Button>
    </Frame>
  );
}

export function ConnectZoomPage() {
  const boot = useBootstrap();
  if (boot.isPending) return null;
  if (boot.data?.user) return <Navigate to="/zoom/select" replace />;
  return (
    <Frame title="Sign in to use Assay in Zoom">
      <Text>Sign in with your Assay account; inside Zoom you come back to choose a project.</Text>
      <Button component={Link} to="/sign-in" w="fit-content">
        Sign in
      </Button>
    </Frame>
  );
}

export function ZoomSelectPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const projects = useQuery({
    queryKey: ['zoom', 'projects'],
    queryFn: () =>
      restRequest<{ projects: { id: string; name: string }[] }>('/api/extension/projects'),
  });
  const [projectId, setProjectId] = useState<string | null>(null);
  const [meetingUUID, setMeetingUUID] = useState(params.get('meetingUUID') ?? '');
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const made = await gatewayRequest<{ createCard: { id: string } }>(
        'mutation StartInterview($input: JSON!) { createCard(input: $input) { id } }',
        { input: { projectId, type: 'interview', title } },
      );
      if (meetingUUID.trim())
        await restRequest(`/api/canvas/cards/${made.createCard.id}/meeting`, {
          method: 'PUT',
          body: { meetingUUID: meetingUUID.trim() },
        });
      // The card opens over the page (cardId); the page keeps the interview when it closes.
      void navigate(
        `/zoom/interview?interviewId=${made.createCard.id}&cardId=${made.createCard.id}`,
      );
    } catch (e) {
      setError(toApiError(e).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Frame title="Choose a project">
      {error ? <Alert color="red">{error}</Alert> : null}
      <Select
        label="Project"
        data={(projects.data?.projects ?? []).map((p) => ({ value: p.id, label: p.name }))}
        value={projectId}
        onChange={setProjectId}
      />
      <TextInput
        label="Interview title"
        placeholder="Call with a clinic manager"
        value={title}
        onChange={(e) => setTitle(e.currentTarget.value)}
      />
      <TextInput
        label="Zoom meeting UUID"
        description="Filled in by Zoom when Assay runs in the meeting."
        value={meetingUUID}
        onChange={(e) => setMeetingUUID(e.currentTarget.value)}
      />
      <Button onClick={() => void start()} loading={busy} disabled={!projectId} w="fit-content">
        Start the interview
      </Button>
    </Frame>
  );
}

export function ZoomInterviewPage() {
  const client = useQueryClient();
  const [params] = useSearchParams();
  const cardId = params.get('interviewId');
  const [result, setResult] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!cardId) return <Navigate to="/zoom/select" replace />;
  const importRecording = () => {
    setBusy(true);
    setError(null);
    restRequest<{ filename: string; transcription: string | null }>(
      `/api/canvas/cards/${cardId}/meeting/recording`,
      { method: 'POST', body: {} },
    )
      .then((r) => {
        setResult(
          r.transcription
            ? `${r.filename} was added and is being transcribed.`
            : `${r.filename} was added to the interview.`,
        );
        return client.invalidateQueries({ queryKey: queryKeys.card(cardId) });
      })
      .catch((e: unknown) => setError(toApiError(e).message))
      .finally(() => setBusy(false));
  };
  return (
    <Frame title="Interview">
      <Card withBorder>
        <Stack gap="xs">
          <Text size="sm">
            The interview is open for notes. After the meeting, bring its cloud recording in.
          </Text>
          <Group gap="xs">
            <Button
              component={Link}
              to={`/zoom/interview?interviewId=${cardId}&cardId=${cardId}`}
              w="fit-content"
            >
              Open the interview notes
            </Button>
            <Button variant="default" onClick={importRecording} loading={busy} w="fit-content">
              Import the meeting’s recording
            </Button>
          </Group>
          {result ? (
            <Text size="sm" data-testid="recording-result">
              {result}
            </Text>
          ) : null}
          {error ? (
            <Text size="sm" c="red">
              {error}
            </Text>
          ) : null}
        </Stack>
      </Card>
    </Frame>
  );
}
