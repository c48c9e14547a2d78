/**
 * The cohort's teams and members (part 2 §4, §6). Those who run the cohort add teams, change a
 * member's cohort role ("default" takes them off the list), change or end someone's part in a team,
 * and take people out of the cohort.
 */
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  COHORT_ROLE_NAMES,
  invitableCohortRoles,
  TEAM_ROLE_NAMES,
  type CohortRole,
  type TeamRole,
} from '@assay/domain';
import { toApiError } from '../../../api/errors.ts';
import { showAlert } from '../../../ui/alerts.ts';
import { openConfirm } from '../../../ui/confirm.tsx';
import { cohortApi, type Cohort, type CohortTeam } from '../api/cohorts.ts';

const report = (error: unknown) =>
  showAlert({ type: 'warning', message: toApiError(error).message });
const TEAM_ROLE_CHOICES: TeamRole[] = ['admin', 'collaborator', 'commenter', 'guest', 'observer'];

const teamRoleName = (role: string) =>
  TEAM_ROLE_NAMES[role as keyof typeof TEAM_ROLE_NAMES] ?? (role === 'owner' ? 'Team Admin' : role);

function confirmRemoval(name: string, what: string, onConfirm: () => void) {
  openConfirm({
    title: `Remove ${name}?`,
    message: what,
    confirmLabel: 'Remove',
    danger: true,
    onConfirm,
  });
}

function TeamMembers(props: { cohort: Cohort; team: CohortTeam }) {
  const client = useQueryClient();
  const { cohort, team } = props;
  const manage = cohort.abilities.manage;
  const roles = TEAM_ROLE_CHOICES.filter(
    (r) =>
      (r !== 'guest' || cohort.abilities.inviteCoaches) && (!team.isSample || r === 'observer'),
  );
  const setRole = (profileId: string, role: TeamRole | null) =>
    void cohortApi
      .setTeamRole(client, { cohortId: cohort.id, teamId: team.id, profileId, role })
      .catch(report);
  if (team.members.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No members yet
      </Text>
    );
  return (
    <Stack gap={4}>
      {team.members.map((m) => {
        const name = `${m.firstName} ${m.lastName}`.trim() || m.email;
        // The Sample Team's own admin (its creator) keeps their place.
        const editable = manage && m.role !== 'owner';
        return (
          <Group key={m.profileId} gap="xs" justify="space-between" wrap="nowrap">
            <Text size="sm" truncate>
              {name}
              {editable ? '' : ` · ${teamRoleName(m.role)}`}
            </Text>
            {editable ? (
              <Group gap={4} wrap="nowrap">
                <Select
                  size="xs"
                  w={130}
                  aria-label={`${name}'s role in ${team.name}`}
                  data={roles.map((r) => ({ value: r, label: TEAM_ROLE_NAMES[r] }))}
                  value={roles.includes(m.role as TeamRole) ? m.role : null}
                  placeholder={teamRoleName(m.role)}
                  onChange={(value) => value && setRole(m.profileId, value as TeamRole)}
                  allowDeselect={false}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Take ${name} out of ${team.name}`}
                  onClick={() =>
                    confirmRemoval(
                      name,
                      `${name} leaves ${team.name}. What they added stays with the team.`,
                      () => setRole(m.profileId, null),
                    )
                  }
                >
                  ×
                </ActionIcon>
              </Group>
            ) : null}
          </Group>
        );
      })}
    </Stack>
  );
}

export function Teams(props: { cohort: Cohort }) {
  const client = useQueryClient();
  const [name, setName] = useState('');
  const add = () =>
    void cohortApi
      .addTeam(client, props.cohort.id, name)
      .then(() => setName(''))
      .catch(report);
  return (
    <Stack gap="sm">
      {props.cohort.abilities.manage ? (
        <Group align="flex-end">
          <TextInput
            label="New team"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') add();
            }}
          />
          <Button variant="default" onClick={add} disabled={!name.trim()}>
            Add team
          </Button>
        </Group>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {props.cohort.teams.map((team) => (
          <Card key={team.id} withBorder data-testid="cohort-team">
            <Group justify="space-between" mb="xs">
              <Anchor component={Link} to={team.openPath} fw={600}>
                {team.name}
              </Anchor>
              {team.isSample ? <Badge color="gray">Sample</Badge> : null}
            </Group>
            <TeamMembers cohort={props.cohort} team={team} />
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export function Members(props: { cohort: Cohort }) {
  const client = useQueryClient();
  const { cohort } = props;
  const manage = cohort.abilities.manage;
  const choices = [
    ...invitableCohortRoles(cohort.abilities.inviteCoaches).map((r) => ({
      value: r,
      label: COHORT_ROLE_NAMES[r],
    })),
    { value: 'default', label: 'Default (team role only)' },
  ];
  return (
    <Table data-testid="cohort-members">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th>Email</Table.Th>
          <Table.Th>Role</Table.Th>
          {manage ? <Table.Th aria-label="Actions" /> : null}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {cohort.pendingInvites.map((invite) => (
          <Table.Tr key={invite.id} data-testid="cohort-pending-invite">
            <Table.Td>
              <Badge color="yellow" variant="light">
                Invited
              </Badge>
            </Table.Td>
            <Table.Td>{invite.email}</Table.Td>
            <Table.Td>
              {invite.team
                ? `${invite.team}: ${TEAM_ROLE_NAMES[invite.role as TeamRole] ?? invite.role}`
                : (COHORT_ROLE_NAMES[invite.role as CohortRole] ?? invite.role)}
            </Table.Td>
            {manage ? <Table.Td /> : null}
          </Table.Tr>
        ))}
        {cohort.members.map((m) => {
          const name = `${m.firstName} ${m.lastName}`.trim() || m.email;
          return (
            <Table.Tr key={m.profileId} data-testid="cohort-member">
              <Table.Td>{name}</Table.Td>
              <Table.Td>{m.email}</Table.Td>
              <Table.Td>
                {manage ? (
                  <Select
                    size="xs"
                    w={200}
                    aria-label={`${name}'s cohort role`}
                    data={choices}
                    value={m.role}
                    onChange={(value) =>
                      value &&
                      void cohortApi.setRole(client, cohort.id, m.profileId, value).catch(report)
                    }
                    allowDeselect={false}
                  />
                ) : (
                  (COHORT_ROLE_NAMES[m.role as CohortRole] ?? m.role)
                )}
              </Table.Td>
              {manage ? (
                <Table.Td>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() =>
                      confirmRemoval(
                        name,
                        `${name} leaves ${cohort.name} and all its teams. What they added stays.`,
                        () => void cohortApi.remove(client, cohort.id, m.profileId).catch(report),
                      )
                    }
                  >
                    Remove
                  </Button>
                </Table.Td>
              ) : null}
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
