/** The cohort's settings: dates, week start, leaderboard targets, programme details and comments. */
import {
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useBootstrap } from '../../../api/bootstrap.ts';
import { useCanvasTemplates } from '../../../api/canvas-templates.ts';
import { toApiError } from '../../../api/errors.ts';
import { showAlert } from '../../../ui/alerts.ts';
import { cohortApi, type Cohort, type CohortInfo } from '../api/cohorts.ts';

const report = (error: unknown) =>
  showAlert({ type: 'warning', message: toApiError(error).message });
const WEEK_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const INFO_FIELDS: { key: keyof CohortInfo; label: string }[] = [
  { key: 'university', label: 'University' },
  { key: 'hub', label: 'Hub' },
  { key: 'agency', label: 'Agency' },
  { key: 'adminPartners', label: 'Admin partners' },
];

type DateKey = 'startsAt' | 'endsAt' | 'endsAtDisplay' | 'deactivatesAt';
const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

/** A date of the cohort, saved when the field is left; shown afresh when the server moves it. */
function DateField(props: {
  cohort: Cohort;
  field: DateKey;
  label: string;
  description?: string;
  save: (patch: Record<string, unknown>) => void;
}) {
  const current = day(props.cohort[props.field]);
  return (
    <TextInput
      key={current}
      label={props.label}
      description={props.description}
      type="date"
      defaultValue={current}
      onBlur={(e) => {
        const value = e.currentTarget.value || null;
        if (value !== (current || null)) props.save({ [props.field]: value });
      }}
    />
  );
}

/** What the organisation's owners and admins give the cohort: its teams' canvas and hours. */
function OrganizationGrants(props: {
  cohort: Cohort;
  save: (patch: Record<string, unknown>) => void;
}) {
  const boot = useBootstrap();
  const role = boot.data?.membership?.role;
  const orgAdmin = role === 'owner' || role === 'admin';
  const canvases = useCanvasTemplates(orgAdmin);
  if (!orgAdmin) return null;
  const templates = canvases.data ?? [];
  return (
    <>
      <Select
        label="Canvas for new teams"
        description="Empty: the organization's default canvas."
        data={templates.map((t) => ({ value: t.id, label: t.name }))}
        value={props.cohort.defaultCanvasId}
        onChange={(value) => props.save({ defaultCanvasId: value })}
        clearable
      />
      <NumberInput
        key={String(props.cohort.limits.transcriptionHours)}
        label="Transcription hours for the cohort's teams"
        description="Empty: the plan's allowance."
        min={0}
        defaultValue={props.cohort.limits.transcriptionHours ?? ''}
        onBlur={(e) => {
          const value = e.currentTarget.value === '' ? null : Number(e.currentTarget.value);
          if (value !== props.cohort.limits.transcriptionHours)
            props.save({ limits: { transcriptionHours: value } });
        }}
      />
    </>
  );
}

export function SettingsTab(props: { cohort: Cohort }) {
  const client = useQueryClient();
  const { cohort } = props;
  const save = (patch: Record<string, unknown>) =>
    void cohortApi.update(client, { cohortId: cohort.id, ...patch }).catch(report);
  return (
    <Stack gap="sm" maw={520}>
      <Group grow>
        <DateField cohort={cohort} field="startsAt" label="Starts on" save={save} />
        <DateField cohort={cohort} field="endsAt" label="Instruction ends on" save={save} />
      </Group>
      <Group grow>
        <DateField
          cohort={cohort}
          field="endsAtDisplay"
          label="End shown to members"
          description="Empty: the end of instruction."
          save={save}
        />
        <DateField
          cohort={cohort}
          field="deactivatesAt"
          label="Students keep access until"
          description="Six weeks after instruction ends unless set."
          save={save}
        />
      </Group>
      <Select
        label="Weeks begin on"
        data={WEEK_DAYS.map((name, i) => ({ value: String(i), label: name }))}
        value={String(cohort.weekBeginsOn)}
        onChange={(v) => v !== null && save({ weekBeginsOn: Number(v) })}
        allowDeselect={false}
      />
      <NumberInput
        label="Weekly interview goal per team"
        min={1}
        defaultValue={cohort.settings.weeklyInterviewGoal}
        onBlur={(e) => {
          const value = Number(e.currentTarget.value);
          if (value && value !== cohort.settings.weeklyInterviewGoal)
            save({ settings: { weeklyInterviewGoal: value } });
        }}
      />
      <NumberInput
        label="Team count for the leaderboard targets"
        description="Empty: the number of teams (the Sample Team left out)."
        min={1}
        defaultValue={cohort.settings.customTeamCount ?? ''}
        onBlur={(e) => {
          const value = e.currentTarget.value ? Number(e.currentTarget.value) : null;
          if (value !== cohort.settings.customTeamCount)
            save({ settings: { customTeamCount: value } });
        }}
      />
      <TextInput
        label="Location"
        defaultValue={cohort.location}
        onBlur={(e) => {
          const value = e.currentTarget.value.trim();
          if (value !== cohort.location) save({ location: value });
        }}
      />
      <OrganizationGrants cohort={cohort} save={save} />
      <Title order={4} mt="sm">
        Programme
      </Title>
      <SimpleGrid cols={2}>
        {INFO_FIELDS.map((field) => (
          <TextInput
            key={field.key}
            label={field.label}
            defaultValue={cohort.info[field.key] ?? ''}
            onBlur={(e) => {
              const value = e.currentTarget.value.trim();
              if (value !== (cohort.info[field.key] ?? '')) save({ info: { [field.key]: value } });
            }}
          />
        ))}
      </SimpleGrid>
      <Title order={4} mt="sm">
        Comments
      </Title>
      <Switch
        label="Instructor comments are public"
        description="Off: an instructor's comments on a presentation are for the staff and the team that presented."
        checked={cohort.settings.publicInstructorComments}
        onChange={(e) => save({ settings: { publicInstructorComments: e.currentTarget.checked } })}
      />
      <Switch
        label="Peer comments report"
        description="Students see who commented on other teams, and staff see it beside their own report."
        checked={cohort.settings.peerCommentsReport}
        onChange={(e) => save({ settings: { peerCommentsReport: e.currentTarget.checked } })}
      />
    </Stack>
  );
}
