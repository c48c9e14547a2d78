/**
 * A cohort's presentations: those who run it create them (name, guideline session, date,
 * guidelines); instructors write the critique; each team uploads its files; instructors, mentors
 * and coaches score every team from 1 to 5 and comment.
 */
import { useLiveCohort } from '../../../api/live-cohort.ts';
import {
  Anchor,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { GUIDELINE_SESSIONS, PRESENTATION_SCORE_MAX, PRESENTATION_SCORE_MIN } from '@assay/domain';
import { toApiError } from '../../../api/errors.ts';
import { showAlert } from '../../../ui/alerts.ts';
import { openConfirm } from '../../../ui/confirm.tsx';
import type { Cohort } from '../api/cohorts.ts';
import {
  presentationApi,
  usePresentationComments,
  usePresentations,
  type Presentation,
  type TeamPresentation,
} from '../api/presentations.ts';

const report = (error: unknown) =>
  showAlert({ type: 'warning', message: toApiError(error).message });
const SCORES = Array.from({ length: PRESENTATION_SCORE_MAX - PRESENTATION_SCORE_MIN + 1 }, (_, i) =>
  String(PRESENTATION_SCORE_MIN + i),
);

function CreatePresentation(props: { cohortId: string }) {
  const client = useQueryClient();
  const form = useForm({
    initialValues: {
      name: '',
      session: null as string | null,
      presentationDate: '',
      guidelines: '',
    },
    validate: { name: (v) => (v.trim() ? null : 'Please give the presentation a name.') },
  });
  const submit = form.onSubmit(
    (values) =>
      void presentationApi
        .create(client, {
          cohortId: props.cohortId,
          name: values.name,
          session: values.session,
          presentationDate: values.presentationDate || null,
          guidelines: values.guidelines,
        })
        .then(() => form.reset())
        .catch(report),
  );
  return (
    <Paper withBorder p="md">
      <form onSubmit={submit}>
        <Stack gap="xs">
          <Title order={3} size="h5">
            New presentation
          </Title>
          <Group grow align="flex-start">
            <TextInput label="Name" withAsterisk {...form.getInputProps('name')} />
            <Select
              label="Guideline session"
              data={GUIDELINE_SESSIONS.map((s, i) => ({ value: s, label: `${i + 1}. ${s}` }))}
              clearable
              {...form.getInputProps('session')}
            />
            <TextInput label="Date" type="date" {...form.getInputProps('presentationDate')} />
          </Group>
          <Textarea label="Guidelines" autosize minRows={2} {...form.getInputProps('guidelines')} />
          <Group>
            <Button type="submit">Create presentation</Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

const ENGAGEMENT_NAMES: Record<string, string> = {
  instructor: 'Instructor',
  mentor: 'Mentor',
  guest: 'Coach',
};

function Comments(props: { team: TeamPresentation; canComment: boolean }) {
  const client = useQueryClient();
  const comments = usePresentationComments(props.team.id);
  const [body, setBody] = useState('');
  const send = () =>
    void presentationApi
      .comment(client, props.team.id, body)
      .then(() => setBody(''))
      .catch(report);
  return (
    <Stack gap={4}>
      {(comments.data ?? []).map((c) => (
        <Text size="sm" key={c.id}>
          <b>
            {c.owner?.firstName} {c.owner?.lastName}
          </b>
          {c.engagementType ? ` (${ENGAGEMENT_NAMES[c.engagementType] ?? c.engagementType})` : ''}:{' '}
          {c.body}
        </Text>
      ))}
      {props.canComment ? (
        <Group gap="xs" align="flex-end">
          <TextInput
            aria-label={`Comment on ${props.team.name}`}
            placeholder="Add a comment"
            value={body}
            onChange={(e) => setBody(e.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Button size="xs" variant="default" onClick={send} disabled={!body.trim()}>
            Comment
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

function TeamRow(props: { presentation: Presentation; team: TeamPresentation; cohort: Cohort }) {
  const client = useQueryClient();
  const { team, cohort } = props;
  const [showComments, setShowComments] = useState(false);
  const [uploading, setUploading] = useState(false);
  const canUpload = team.isMember || cohort.abilities.manage;
  const canScore = cohort.abilities.commentOnTeams && !team.isMember;
  const upload = (file: File | null) => {
    if (!file) return;
    setUploading(true);
    presentationApi
      .upload(client, team.id, file)
      .catch(report)
      .finally(() => setUploading(false));
  };
  return (
    <Card withBorder padding="sm" data-testid="team-presentation">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Text fw={600}>{team.name}</Text>
          {canUpload ? (
            <TextInput
              size="xs"
              key={team.title}
              aria-label={`${team.name} presentation title`}
              placeholder="Title of your presentation"
              defaultValue={team.title}
              onBlur={(e) => {
                const value = e.currentTarget.value.trim();
                if (value !== team.title)
                  void presentationApi.title(client, cohort.id, team.id, value).catch(report);
              }}
            />
          ) : team.title ? (
            <Text size="sm" fs="italic">
              {team.title}
            </Text>
          ) : null}
          {team.presentationMedia.length === 0 ? (
            <Text size="xs">No files yet</Text>
          ) : (
            team.presentationMedia.map((m) => (
              <Anchor key={m.id} href={m.url} target="_blank" size="sm">
                {m.filename}
              </Anchor>
            ))
          )}
        </Stack>
        <Group gap="xs" align="flex-end">
          <Stack gap={0} align="flex-end">
            <Text size="xs">Average score</Text>
            <Text fw={700} data-testid="team-score">
              {team.scoreAvg === null ? '–' : team.scoreAvg.toFixed(1)}
            </Text>
            <Text size="xs">
              {team.scoreCount} {team.scoreCount === 1 ? 'score' : 'scores'}
            </Text>
          </Stack>
          {canScore ? (
            <Select
              label="Your score"
              w={100}
              data={SCORES}
              value={team.myScore === null ? null : String(team.myScore)}
              onChange={(v) =>
                v && void presentationApi.score(client, cohort.id, team.id, Number(v)).catch(report)
              }
            />
          ) : null}
          {canUpload ? (
            <FileButton onChange={upload}>
              {(buttonProps) => (
                <Button size="xs" variant="default" loading={uploading} {...buttonProps}>
                  Upload file
                </Button>
              )}
            </FileButton>
          ) : null}
          <Button size="xs" variant="subtle" onClick={() => setShowComments((s) => !s)}>
            Comments ({team.commentCount})
          </Button>
        </Group>
      </Group>
      {showComments ? (
        <Comments team={team} canComment={cohort.abilities.commentOnPresentations} />
      ) : null}
    </Card>
  );
}

function PresentationCard(props: { presentation: Presentation; cohort: Cohort }) {
  const client = useQueryClient();
  const { presentation, cohort } = props;
  const [critique, setCritique] = useState(presentation.instructorCritique);
  return (
    <Paper withBorder p="md" data-testid="presentation">
      <Stack gap="sm">
        <Group justify="space-between">
          <Stack gap={0}>
            <Title order={3} size="h4">
              {presentation.name}
            </Title>
            <Group gap="xs">
              {presentation.session ? <Badge variant="light">{presentation.session}</Badge> : null}
              {presentation.presentationDate ? (
                <Text size="sm">
                  {new Date(presentation.presentationDate).toLocaleDateString()}
                </Text>
              ) : null}
              <Text size="sm">
                Average score:{' '}
                {presentation.scoreAvg === null ? '–' : presentation.scoreAvg.toFixed(1)}
              </Text>
            </Group>
          </Stack>
          {cohort.abilities.manage ? (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              onClick={() =>
                openConfirm({
                  title: `Delete ${presentation.name}?`,
                  message: 'Its files, scores and comments go with it.',
                  confirmLabel: 'Delete',
                  danger: true,
                  onConfirm: () =>
                    void presentationApi.remove(client, cohort.id, presentation.id).catch(report),
                })
              }
            >
              Delete
            </Button>
          ) : null}
        </Group>
        {presentation.guidelines ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {presentation.guidelines}
          </Text>
        ) : null}
        {cohort.abilities.critiquePresentations ? (
          <Textarea
            label="Instructor critique"
            autosize
            minRows={2}
            value={critique}
            onChange={(e) => setCritique(e.currentTarget.value)}
            onBlur={() =>
              critique !== presentation.instructorCritique &&
              void presentationApi
                .update(client, cohort.id, {
                  presentationId: presentation.id,
                  instructorCritique: critique,
                })
                .catch(report)
            }
          />
        ) : presentation.instructorCritique ? (
          <Text size="sm">
            <b>Instructor critique:</b> {presentation.instructorCritique}
          </Text>
        ) : null}
        {presentation.teams.map((team) => (
          <TeamRow key={team.id} presentation={presentation} team={team} cohort={cohort} />
        ))}
      </Stack>
    </Paper>
  );
}

export function PresentationsTab(props: { cohort: Cohort }) {
  const list = usePresentations(props.cohort.id);
  useLiveCohort(props.cohort.id);
  return (
    <Stack gap="md">
      {props.cohort.abilities.manage ? <CreatePresentation cohortId={props.cohort.id} /> : null}
      {list.data?.length === 0 ? <Text size="sm">No presentations yet.</Text> : null}
      {(list.data ?? []).map((p) => (
        <PresentationCard key={p.id} presentation={p} cohort={props.cohort} />
      ))}
    </Stack>
  );
}
