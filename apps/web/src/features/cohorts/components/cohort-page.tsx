/**
 * /cohort/{id}: one cohort. A draft goes through its creation steps (invitations, then teams and
 * members, then publish), the step kept in local storage per cohort (create-cohort-invites-{id});
 * a published cohort shows its teams, members, invitations and settings.
 */
import {
  Alert,
  Anchor,
  Button,
  FileButton,
  Group,
  List,
  Select,
  Stack,
  Stepper,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  COHORT_ROLE_NAMES,
  CSV_MESSAGES,
  invitableCohortRoles,
  isCsvFile,
  TEAM_ROLE_NAMES,
  type CohortRole,
  type TeamRole,
} from '@assay/domain';
import { toApiError } from '../../../api/errors.ts';
import { showAlert } from '../../../ui/alerts.ts';
import { setFavorite } from '../../../api/side-navigation.ts';
import {
  cohortApi,
  cohortKeys,
  useCohort,
  type Cohort,
  type InviteResult,
} from '../api/cohorts.ts';
import { BillingTab, PayEditorFee } from './billing-tab.tsx';
import { Members, Teams } from './cohort-people.tsx';
import { CohortStatus } from './cohorts-page.tsx';
import { PresentationsTab } from './presentations-tab.tsx';
import { ResourcesTab } from './resources-tab.tsx';
import { ReviewQueueTab } from './review-queue-tab.tsx';
import { WeeksTab } from './weeks-tab.tsx';
import { SettingsTab } from './settings-tab.tsx';

const report = (error: unknown) =>
  showAlert({ type: 'warning', message: toApiError(error).message });
const stepKey = (id: string) => `create-cohort-invites-${id}`;

function InviteSummary(props: { result: InviteResult | null }) {
  const { result } = props;
  if (!result) return null;
  if (result.rowErrors.length > 0) {
    return (
      <Alert
        color="red"
        title="Nobody was invited: fix these rows and try again"
        data-testid="csv-errors"
      >
        <List size="sm">
          {result.rowErrors.map((message, i) => (
            <List.Item key={`${i}-${message}`}>{message}</List.Item>
          ))}
        </List>
      </Alert>
    );
  }
  return (
    <Alert
      color={result.errors.length ? 'yellow' : 'green'}
      title="Invitations"
      data-testid="invite-result"
    >
      <Text size="sm">
        {result.invited.length} invited, {result.joined.length} added at once.
      </Text>
      {result.errors.map((e) => (
        <Text size="sm" key={e.email}>
          {e.email}: {e.message}
        </Text>
      ))}
    </Alert>
  );
}

function CsvImport(props: { cohort: Cohort }) {
  const client = useQueryClient();
  const [result, setResult] = useState<InviteResult | null>(null);
  const [busy, setBusy] = useState(false);
  const choose = (file: File | null) => {
    if (!file) return;
    if (!isCsvFile(file)) {
      showAlert({ message: CSV_MESSAGES.onlyCsv, type: 'error' });
      return;
    }
    setBusy(true);
    file
      .text()
      .then((text) => cohortApi.importCsv(client, props.cohort.id, { name: file.name, text }))
      .then(setResult)
      .catch(report)
      .finally(() => setBusy(false));
  };
  return (
    <Stack gap="xs">
      <Text size="sm">
        A CSV with the columns Email, Role, Team, First name and Last name. Team roles (Team Admin,
        Team Member, Team Mentor, Member) join the named team; cohort roles (Admin, Instructor,
        Mentor, Coach, Observer) join the cohort.
      </Text>
      <Group>
        <FileButton onChange={choose} accept=".csv,text/csv">
          {(buttonProps) => (
            <Button variant="default" loading={busy} {...buttonProps}>
              Import a CSV
            </Button>
          )}
        </FileButton>
      </Group>
      <InviteSummary result={result} />
    </Stack>
  );
}

function InviteForm(props: { cohort: Cohort }) {
  const client = useQueryClient();
  const { cohort } = props;
  const [email, setEmail] = useState('');
  const [target, setTarget] = useState<string | null>('cohort:observer');
  const [result, setResult] = useState<InviteResult | null>(null);
  const cohortRoles = invitableCohortRoles(cohort.abilities.inviteCoaches);
  const teamRoles: TeamRole[] = ['admin', 'collaborator', 'commenter', 'observer'];
  const options = [
    {
      group: 'Cohort',
      items: cohortRoles.map((r) => ({ value: `cohort:${r}`, label: COHORT_ROLE_NAMES[r] })),
    },
    ...cohort.teams.map((team) => ({
      group: team.name,
      items: teamRoles
        .filter((r) => !team.isSample || r === 'admin' || r === 'observer')
        .map((r) => ({
          value: `team:${team.id}:${r}`,
          label: `${team.name}: ${TEAM_ROLE_NAMES[r]}`,
        })),
    })),
  ];
  const send = () => {
    if (!email.trim() || !target) return;
    const [kind, a, b] = target.split(':');
    const invitation =
      kind === 'cohort'
        ? { email: email.trim(), cohortRole: a as CohortRole, team: null }
        : { email: email.trim(), cohortRole: null, team: { id: a ?? '', role: b as TeamRole } };
    cohortApi
      .invite(client, cohort.id, [invitation])
      .then((r) => {
        setResult({ ...r, rowErrors: [] });
        setEmail('');
      })
      .catch(report);
  };
  return (
    <Stack gap="xs">
      <Group align="flex-end">
        <TextInput
          label="Email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Select
          label="Joins as"
          data={options}
          value={target}
          onChange={setTarget}
          w={260}
          allowDeselect={false}
        />
        <Button onClick={send} disabled={!email.trim()}>
          Invite
        </Button>
      </Group>
      <InviteSummary result={result} />
    </Stack>
  );
}

/** The creation steps of a draft cohort, the step remembered per cohort. */
function CreateSteps(props: { cohort: Cohort }) {
  const client = useQueryClient();
  const { cohort } = props;
  const [step, setStep] = useState(
    () => Number(localStorage.getItem(stepKey(cohort.id)) ?? 0) || 0,
  );
  useEffect(() => {
    localStorage.setItem(stepKey(cohort.id), String(step));
  }, [cohort.id, step]);
  const publish = () =>
    void cohortApi
      .update(client, { cohortId: cohort.id, draft: false })
      .then(() => localStorage.removeItem(stepKey(cohort.id)))
      .catch(report);
  return (
    <Stack gap="md">
      <Stepper active={step} onStepClick={setStep} size="sm">
        <Stepper.Step label="Invitations" description="By CSV or one by one">
          <Stack gap="lg" pt="md">
            <Text size="sm">
              Add the teams first, so the CSV and the form can name them; people invited to a team
              that does not exist yet join the cohort as observers.
            </Text>
            <Teams cohort={cohort} />
            <CsvImport cohort={cohort} />
            <InviteForm cohort={cohort} />
          </Stack>
        </Stepper.Step>
        <Stepper.Step label="Teams and members" description="Who is in which team">
          <Stack gap="lg" pt="md">
            <Teams cohort={cohort} />
            <Members cohort={cohort} />
          </Stack>
        </Stepper.Step>
        <Stepper.Step label="Publish" description="Open the cohort">
          <Stack gap="sm" pt="md" maw={520}>
            <Text size="sm">
              Publishing opens the cohort to its members. You can keep inviting people and adding
              teams afterwards.
            </Text>
            <Button onClick={publish}>Publish cohort</Button>
          </Stack>
        </Stepper.Step>
      </Stepper>
      <Group>
        <Button variant="default" disabled={step === 0} onClick={() => setStep((s) => s - 1)}>
          Back
        </Button>
        <Button variant="default" disabled={step === 2} onClick={() => setStep((s) => s + 1)}>
          Next
        </Button>
      </Group>
    </Stack>
  );
}

function FavoriteButton(props: { cohort: Cohort }) {
  const client = useQueryClient();
  const { cohort } = props;
  return (
    <Button
      size="xs"
      variant={cohort.isFavorite ? 'light' : 'default'}
      aria-pressed={cohort.isFavorite}
      onClick={() =>
        void setFavorite('cohorts', cohort.id, !cohort.isFavorite)
          .then(() =>
            Promise.all([
              client.invalidateQueries({ queryKey: cohortKeys.one(cohort.id) }),
              client.invalidateQueries({ queryKey: ['side-navigation'] }),
            ]),
          )
          .catch(report)
      }
    >
      {cohort.isFavorite ? '★ Favourite' : '☆ Add to favourites'}
    </Button>
  );
}

export function CohortPage() {
  const id = useParams().id ?? '';
  const query = useCohort(id);
  const cohort = query.data;
  if (!cohort) return null;
  return (
    <Stack p="md" gap="md">
      <Group justify="space-between">
        <Stack gap={0}>
          <Group gap="xs">
            <Title order={2}>{cohort.name}</Title>
            <CohortStatus cohort={cohort} />
          </Group>
          <Text size="sm" c="dimmed">
            Your role: {cohort.role}
          </Text>
        </Stack>
        <Group gap="xs">
          <FavoriteButton cohort={cohort} />
          <Anchor component={Link} to={`/cohort/${cohort.id}/leaderboard/teams`} size="sm">
            Leaderboard
          </Anchor>
        </Group>
      </Group>
      <PayEditorFee cohort={cohort} />
      {cohort.subscriptionExpired && cohort.abilities.manage ? (
        <Alert color="red" title="This cohort's subscription has expired">
          Renew it from the Billing tab to keep the cohort's teams working.
        </Alert>
      ) : null}
      {cohort.draft && cohort.abilities.manage ? (
        <CreateSteps cohort={cohort} />
      ) : (
        <Tabs defaultValue="teams" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="teams">Teams</Tabs.Tab>
            <Tabs.Tab value="members">Members</Tabs.Tab>
            <Tabs.Tab value="presentations">Presentations</Tabs.Tab>
            <Tabs.Tab value="resources">Resources</Tabs.Tab>
            {cohort.abilities.review ? <Tabs.Tab value="reviews">Review queue</Tabs.Tab> : null}
            {cohort.abilities.review ? <Tabs.Tab value="weeks">Weeks</Tabs.Tab> : null}
            {cohort.abilities.manage ? <Tabs.Tab value="invite">Invite</Tabs.Tab> : null}
            {cohort.abilities.manage ? <Tabs.Tab value="settings">Settings</Tabs.Tab> : null}
            {cohort.abilities.manage ? <Tabs.Tab value="billing">Billing</Tabs.Tab> : null}
          </Tabs.List>
          <Tabs.Panel value="teams" pt="md">
            <Teams cohort={cohort} />
          </Tabs.Panel>
          <Tabs.Panel value="members" pt="md">
            <Members cohort={cohort} />
          </Tabs.Panel>
          <Tabs.Panel value="presentations" pt="md">
            <PresentationsTab cohort={cohort} />
          </Tabs.Panel>
          <Tabs.Panel value="resources" pt="md">
            <ResourcesTab cohort={cohort} />
          </Tabs.Panel>
          <Tabs.Panel value="weeks" pt="md">
            <WeeksTab cohort={cohort} />
          </Tabs.Panel>
          <Tabs.Panel value="reviews" pt="md">
            <ReviewQueueTab cohort={cohort} />
          </Tabs.Panel>
          <Tabs.Panel value="invite" pt="md">
            <Stack gap="lg">
              <CsvImport cohort={cohort} />
              <InviteForm cohort={cohort} />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="settings" pt="md">
            <SettingsTab cohort={cohort} />
          </Tabs.Panel>
          <Tabs.Panel value="billing" pt="md">
            <BillingTab cohort={cohort} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}
