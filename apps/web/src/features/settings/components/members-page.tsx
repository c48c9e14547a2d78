/** Members and invitations: counts, invite by email (several at once), roles, disable and enable. */
import {
  Badge,
  Button,
  Card,
  Group,
  MultiSelect,
  Pagination,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocalStorage } from '@mantine/hooks';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  ERRORS,
  INVITABLE_ROLES,
  ORGANIZATION_ROLE_NAMES,
  ORGANIZATION_ROLES,
  PROJECT_ROLE_LABELS,
  PROJECT_ROLES,
  plansPath,
  planTargetAbove,
  type License,
  type OrganizationRole,
} from '@assay/domain';
import { toApiError } from '../../../api/errors.ts';
import { requestOwnerApproval } from '../../../api/owner-approval.ts';
import { openLimitDialog } from '../../../ui/limit-dialog.tsx';
import { useBootstrap } from '../../../api/bootstrap.ts';
import { showAlert } from '../../../ui/alerts.ts';
import {
  createInvites,
  deleteInvite,
  resendInvite,
  updateMemberRole,
  useInvitableProjects,
  useMembers,
} from '../api/members.ts';
import { updatePortfolioAccess } from '../api/profile.ts';
import { MemberActions } from './member-actions.tsx';
import { SettingsLayout } from './settings-layout.tsx';
import { useSearchText } from '../../../ui/search-text.ts';

const PAGE_SIZE = 20;
const roleName = (role: string) => ORGANIZATION_ROLE_NAMES[role as OrganizationRole] ?? role;
const ROLE_OPTIONS = ORGANIZATION_ROLES.filter((r) => r !== 'disabled').map((r) => ({
  value: r,
  label: roleName(r),
}));

interface InviteDraft {
  emails: string;
  role: string;
  projectIds: string[];
  projectRole: string;
}
const EMPTY_INVITE: InviteDraft = {
  emails: '',
  role: 'collaborator',
  projectIds: [],
  projectRole: 'collaborator',
};

function InviteCard(props: { onDone: () => void; isOwner: boolean }) {
  const navigate = useNavigate();
  const license = (useBootstrap().data?.organization?.license ?? 'garage') as License;
  // The form as typed, kept in local storage (§9 "invites") until it is sent: a reload or a
  // look at another page does not lose a list of addresses.
  const [draft, setDraft, clearDraft] = useLocalStorage<InviteDraft>({
    key: 'invites',
    defaultValue: EMPTY_INVITE,
    getInitialValueInEffect: false,
  });
  const { emails, role, projectIds, projectRole } = { ...EMPTY_INVITE, ...draft };
  const setEmails = (value: string) => setDraft((d) => ({ ...EMPTY_INVITE, ...d, emails: value }));
  const setRole = (value: string) => setDraft((d) => ({ ...EMPTY_INVITE, ...d, role: value }));
  const setProjectIds = (value: string[]) =>
    setDraft((d) => ({ ...EMPTY_INVITE, ...d, projectIds: value }));
  const setProjectRole = (value: string) =>
    setDraft((d) => ({ ...EMPTY_INVITE, ...d, projectRole: value }));
  const projects = useInvitableProjects();
  const invite = useMutation({
    meta: { customErrorHandler: true },
    mutationFn: () =>
      createInvites(
        emails
          .split(/[\s,;]+/)
          .map((e) => e.trim())
          .filter(Boolean)
          .map((email) => ({
            email,
            role,
            projects: projectIds.map((id) => ({ id, role: projectRole })),
          })),
      ),
    onSuccess: (result) => {
      if (result.invites.length) {
        showAlert({
          message: `Invitation sent to ${result.invites.map((i) => i.email).join(', ')}`,
          type: 'success',
        });
      }
      const limited = result.errors.filter((e) => e.message === ERRORS.profileLimitReached.message);
      for (const error of result.errors.filter((e) => !limited.includes(e))) {
        showAlert({ message: `${error.email}: ${error.message}`, type: 'warning', time: 'pause' });
      }
      if (limited.length) {
        const emails = limited.map((e) => e.email).join(', ');
        openLimitDialog({
          title: 'Member Limit Reached',
          message: `${ERRORS.profileLimitReached.message} Not invited: ${emails}.`,
          isOwner: props.isOwner,
          ownerLabel: 'See plans',
          contactUs: () => void navigate(plansPath(planTargetAbove(license))),
          askOwners: () => requestOwnerApproval('More members', `Could not invite ${emails}`),
        });
      }
      clearDraft();
      props.onDone();
    },
    onError: (error) => showAlert({ message: toApiError(error).message, type: 'error' }),
  });
  return (
    <Card withBorder padding="md">
      <Stack gap="xs">
        <Title order={3} size="h5">
          Invite people
        </Title>
        <Group align="end" wrap="nowrap">
          <Textarea
            label="Email addresses"
            description="Several at once: separate them with commas or new lines."
            autosize
            minRows={1}
            style={{ flex: 1 }}
            value={emails}
            onChange={(e) => setEmails(e.currentTarget.value)}
          />
          <Select
            label="Role"
            data={INVITABLE_ROLES.map((r) => ({ value: r, label: roleName(r) }))}
            value={role}
            onChange={(v) => setRole(v ?? 'collaborator')}
            allowDeselect={false}
            w={190}
          />
          <Button
            loading={invite.isPending}
            disabled={!emails.trim()}
            onClick={() => invite.mutate()}
          >
            Invite
          </Button>
        </Group>
        {projects.data && projects.data.length > 0 ? (
          <Group align="end">
            <MultiSelect
              label="Also add them to projects"
              data={projects.data.map((p) => ({ value: p.id, label: p.name }))}
              value={projectIds}
              onChange={setProjectIds}
              style={{ flex: 1 }}
              clearable
            />
            <Select
              label="Project role"
              data={PROJECT_ROLES.filter((r) => r !== 'owner').map((r) => ({
                value: r,
                label: PROJECT_ROLE_LABELS[r],
              }))}
              value={projectRole}
              onChange={(v) => setProjectRole(v ?? 'collaborator')}
              allowDeselect={false}
              w={190}
            />
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

export function MembersPage() {
  const boot = useBootstrap();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [roleFilter, setRoleFilter] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const searched = useSearchText(search);
  const members = useMembers({
    search: searched,
    ...(roleFilter ? { role: roleFilter } : {}),
    page,
    pageSize: PAGE_SIZE,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['settings', 'members'] });
  const act = useMutation({
    meta: { customErrorHandler: true },
    mutationFn: (run: () => Promise<unknown>) => run(),
    onSuccess: refresh,
    onError: (error) => showAlert({ message: toApiError(error).message, type: 'error' }),
  });
  const myProfileId = boot.data?.membership?.profileId;
  const iAmOwner = boot.data?.membership?.role === 'owner';
  const organizationId = boot.data?.organization?.id;
  const data = members.data;
  return (
    <SettingsLayout>
      {data ? (
        <Group gap="lg" data-testid="member-counts">
          <Text size="sm">
            <strong>{data.memberCounts.active}</strong> active
          </Text>
          <Text size="sm">
            <strong>{data.memberCounts.pending}</strong> pending invitations
          </Text>
          <Text size="sm">
            <strong>{data.memberCounts.total}</strong> in total
          </Text>
        </Group>
      ) : null}
      <InviteCard onDone={() => void refresh()} isOwner={boot.data?.membership?.role === 'owner'} />
      {data && data.pendingInvites.length > 0 ? (
        <Card withBorder padding="md">
          <Title order={3} size="h5" mb="xs">
            Invitations
          </Title>
          <Table data-testid="invites">
            <Table.Tbody>
              {data.pendingInvites.map((invite) => (
                <Table.Tr key={invite.id}>
                  <Table.Td>{invite.email}</Table.Td>
                  <Table.Td>{roleName(invite.role)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={invite.status === 'expired' ? 'red' : 'blue'}>
                      {invite.status}
                    </Badge>
                    {invite.resent ? (
                      <Badge variant="outline" ml={4}>
                        resent
                      </Badge>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="end">
                      <Button
                        size="xs"
                        variant="subtle"
                        onClick={() => act.mutate(() => resendInvite(invite.id))}
                      >
                        Resend
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => act.mutate(() => deleteInvite(invite.id))}
                      >
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      ) : null}
      <Group>
        <TextInput
          placeholder="Search by name or email"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
        />
        <Select
          placeholder="All roles"
          data={ORGANIZATION_ROLES.map((r) => ({ value: r, label: roleName(r) }))}
          value={roleFilter}
          onChange={(v) => {
            setRoleFilter(v);
            setPage(1);
          }}
          clearable
        />
      </Group>
      <Table striped data-testid="members">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Two-step</Table.Th>
            <Table.Th>Portfolio</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data?.organizationMembers.members.map((m) => (
            <Table.Tr key={m.id}>
              <Table.Td>
                {m.firstName} {m.lastName}
              </Table.Td>
              <Table.Td>{m.email}</Table.Td>
              <Table.Td>
                {m.disabled ? (
                  <Badge color="gray">Disabled</Badge>
                ) : (
                  <Select
                    aria-label={`Role of ${m.email}`}
                    size="xs"
                    data={ROLE_OPTIONS}
                    value={m.role}
                    allowDeselect={false}
                    disabled={m.id === myProfileId}
                    onChange={(role) => role && act.mutate(() => updateMemberRole(m.id, role))}
                    w={180}
                  />
                )}
              </Table.Td>
              <Table.Td>
                {m.mfaEnabled ? (
                  <Badge color="teal">On</Badge>
                ) : (
                  <Text size="xs" c="dimmed">
                    Off
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Switch
                  aria-label={`Portfolio access for ${m.email}`}
                  checked={m.portfolioAccess}
                  onChange={(e) => {
                    const on = e.currentTarget.checked;
                    act.mutate(() => updatePortfolioAccess(m.id, on));
                  }}
                />
              </Table.Td>
              <Table.Td>
                {m.id === myProfileId ? null : (
                  <MemberActions
                    member={m}
                    iAmOwner={iAmOwner}
                    organizationId={organizationId}
                    act={(run) => act.mutate(run)}
                    onHandedOver={() =>
                      void queryClient.invalidateQueries({ queryKey: ['bootstrap'] })
                    }
                  />
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {data && data.organizationMembers.total > PAGE_SIZE ? (
        <Pagination
          total={Math.ceil(data.organizationMembers.total / PAGE_SIZE)}
          value={page}
          onChange={setPage}
        />
      ) : null}
    </SettingsLayout>
  );
}
