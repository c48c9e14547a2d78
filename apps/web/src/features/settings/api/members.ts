import { queryOptions, useQuery } from '@tanstack/react-query';
import { gatewayRequest } from '../../../api/gateway.ts';

export interface Member {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: string;
  disabled: boolean;
  mfaEnabled: boolean;
  portfolioAccess: boolean;
  createdAt: string;
}

export interface Invite {
  id: string;
  email: string;
  role: string;
  status: string;
  createdAt: string;
  invitedByName: string | null;
  resent: boolean;
}

export interface MemberCounts {
  active: number;
  invited: number;
  pending: number;
  total: number;
}

const MEMBERS = /* GraphQL */ `
  query OrganizationMembers($filters: MemberFilters) {
    organizationMembers(filters: $filters) {
      total
      page
      pageSize
      members {
        id
        firstName
        lastName
        email
        role
        disabled
        mfaEnabled
        portfolioAccess
        createdAt
      }
    }
    memberCounts {
      active
      invited
      pending
      total
    }
    pendingInvites {
      id
      email
      role
      status
      createdAt
      invitedByName
      resent
    }
  }
`;

export interface MemberFiltersInput {
  search?: string;
  role?: string;
  page?: number;
  pageSize?: number;
}

export const membersQueryOptions = (filters: MemberFiltersInput) =>
  queryOptions({
    queryKey: ['settings', 'members', filters],
    // Others change members too (until realtime updates arrive): read afresh on every visit.
    staleTime: 0,
    queryFn: () =>
      gatewayRequest<{
        organizationMembers: { total: number; page: number; pageSize: number; members: Member[] };
        memberCounts: MemberCounts;
        pendingInvites: Invite[];
      }>(MEMBERS, { filters }),
  });

export const useMembers = (filters: MemberFiltersInput) => useQuery(membersQueryOptions(filters));

const CREATE_INVITES = /* GraphQL */ `
  mutation CreateInvites($invites: [InviteInput!]!) {
    createInvites(invites: $invites) {
      invites {
        id
        email
      }
      errors {
        email
        message
      }
    }
  }
`;

export const createInvites = (
  invites: { email: string; role: string; projects?: { id: string; role: string }[] }[],
) =>
  gatewayRequest<{
    createInvites: {
      invites: { id: string; email: string }[];
      errors: { email: string; message: string }[];
    };
  }>(CREATE_INVITES, { invites }).then((d) => d.createInvites);

export const resendInvite = (id: string) =>
  gatewayRequest('mutation ResendInvite($id: ID!) { resendInvite(id: $id) { id resent } }', { id });
export const deleteInvite = (id: string) =>
  gatewayRequest('mutation DeleteInvite($id: ID!) { deleteInvite(id: $id) }', { id });
export const updateMemberRole = (profileId: string, role: string) =>
  gatewayRequest(
    'mutation UpdateMemberRole($id: ID!, $role: String!) { updateMemberRole(profileId: $id, role: $role) { id role } }',
    {
      id: profileId,
      role,
    },
  );
export const disableMember = (profileId: string) =>
  gatewayRequest('mutation DisableMember($id: ID!) { disableMember(profileId: $id) { id } }', {
    id: profileId,
  });
export const enableMember = (profileId: string) =>
  gatewayRequest('mutation EnableMember($id: ID!) { enableMember(profileId: $id) { id } }', {
    id: profileId,
  });

/** Projects an invitation can add people to. */
export function useInvitableProjects() {
  return useQuery({
    queryKey: ['settings', 'invitable-projects'],
    queryFn: () =>
      gatewayRequest<{ projects: { projects: { id: string; name: string }[] } }>(
        'query InvitableProjects { projects { projects { id name } } }',
      ).then((d) => d.projects.projects),
  });
}
