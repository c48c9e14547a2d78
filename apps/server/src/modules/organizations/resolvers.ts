import { AppError } from '@assay/domain';
import type { GatewayContext } from '../../gateway/context.ts';
import { withoutNulls } from '../../gateway/inputs.ts';
import { createFavorite, deleteFavorite, sideNavigation } from './navigation.ts';
import type { presentProfile } from './profiles.ts';
import {
  getProfile,
  setPortfolioAccess,
  updateProfile,
  updateProfileOnboarding,
} from './profiles.ts';
import { describeOrganization, globalFieldsOf, loadFullOrganization } from './settings.ts';
import { gettingStarted, updateGuidance } from './guidance.ts';
import { searchProjectsAndCollections } from './search.ts';
import { organizationList, slugStatus } from './service.ts';
import { requireAuth } from '../../http/auth-context.ts';
import { latestJobRole, profileDetail, totalOrgCount } from './profile-details.ts';

import { requestContext, requireMember } from '../../http/member-context.ts';
import {
  changeMemberRole,
  listAccessLogs,
  listMembers,
  memberCounts,
  requestOwnerApproval,
  type AccessLogFilters,
  type MemberFilters,
} from './members.ts';
import { createInvites, deleteInvite, listPendingInvites, resendInvite } from './invites.ts';

const member = (context: GatewayContext) => requireMember(context.services, context.request);
const ctx = (context: GatewayContext) => requestContext(context.request);

export const resolvers = {
  Profile: {
    onboarding: profileDetail(
      (_services, _member, profile: ReturnType<typeof presentProfile>) => profile.onboarding,
    ),
    totalOrgCount: profileDetail((services, _member, profile) =>
      totalOrgCount(services, profile.userId),
    ),
    latestJobRole: profileDetail((services, _member, profile) =>
      latestJobRole(services, profile.userId),
    ),
  },
  Query: {
    organizationList: (_: unknown, __: unknown, context: GatewayContext) =>
      organizationList(context.services.database.db, requireAuth(context.request)),
    subdomainCheck: (_: unknown, args: { slug: string }, context: GatewayContext) =>
      slugStatus(context.services.database.db, args.slug),
    sideNavigation: async (_: unknown, __: unknown, context: GatewayContext) =>
      sideNavigation(context.services, await member(context)),
    gettingStarted: async (_: unknown, __: unknown, context: GatewayContext) =>
      gettingStarted(context.services, await member(context)),
    searchProjectsAndCollections: async (
      _: unknown,
      args: { search?: string | null },
      context: GatewayContext,
    ) => searchProjectsAndCollections(context.services, await member(context), args.search),
    getGlobalFields: async (_: unknown, __: unknown, context: GatewayContext) =>
      globalFieldsOf(await member(context)),
    fullOrganization: async (
      _: unknown,
      args: { slug?: string | null; id?: string | null },
      context: GatewayContext,
    ) => {
      if (!context.auth) throw new AppError('unauthenticated');
      if (!args.slug && !args.id) {
        const current = await member(context);
        return describeOrganization(context.services, current.organization, current);
      }
      return loadFullOrganization(context.services, context.auth, args);
    },
    organizationMembers: async (
      _: unknown,
      args: { filters?: MemberFilters | null },
      context: GatewayContext,
    ) => listMembers(context.services, await member(context), args.filters ?? {}),
    profile: async (_: unknown, args: { profileId?: string | null }, context: GatewayContext) =>
      getProfile(context.services, await member(context), args.profileId),
    pendingInvites: async (_: unknown, __: unknown, context: GatewayContext) =>
      listPendingInvites(context.services, await member(context)),
    memberCounts: async (_: unknown, __: unknown, context: GatewayContext) =>
      memberCounts(context.services, await member(context)),
    organizationAccessLogs: async (
      _: unknown,
      args: { filters?: AccessLogFilters | null },
      context: GatewayContext,
    ) => listAccessLogs(context.services, await member(context), args.filters ?? {}),
    profileAccessLogs: async (
      _: unknown,
      args: { profileId: string; filters?: AccessLogFilters | null },
      context: GatewayContext,
    ) =>
      listAccessLogs(context.services, await member(context), {
        ...args.filters,
        profileId: args.profileId,
      }),
  },
  Mutation: {
    createFavorite: async (
      _: unknown,
      args: { subjectType: string; subjectId: string },
      context: GatewayContext,
    ) => createFavorite(context.services, await member(context), args),
    deleteFavorite: async (
      _: unknown,
      args: { id?: string | null; subjectType?: string | null; subjectId?: string | null },
      context: GatewayContext,
    ) => deleteFavorite(context.services, await member(context), args),
    requestOwnerApproval: async (
      _: unknown,
      args: { feature: string; message?: string | null },
      context: GatewayContext,
    ) => requestOwnerApproval(context.services, await member(context), args, ctx(context)),
    updateProfile: async (
      _: unknown,
      args: { profileId?: string | null; input: Record<string, unknown> },
      context: GatewayContext,
    ) =>
      updateProfile(
        context.services,
        await member(context),
        args.profileId,
        withoutNulls(args.input),
        ctx(context),
      ),
    updateGuidance: async (_: unknown, args: { patch: unknown }, context: GatewayContext) =>
      updateGuidance(context.services, await member(context), args.patch, ctx(context)),
    updateProfileOnboarding: async (
      _: unknown,
      args: { profileId: string; patch: unknown },
      context: GatewayContext,
    ) =>
      updateProfileOnboarding(
        context.services,
        await member(context),
        args.profileId,
        args.patch,
        ctx(context),
      ),
    updatePortfolioAccess: async (
      _: unknown,
      args: { profileId: string; portfolioAccess: boolean },
      context: GatewayContext,
    ) =>
      setPortfolioAccess(
        context.services,
        await member(context),
        args.profileId,
        args.portfolioAccess,
        ctx(context),
      ),
    createInvites: async (
      _: unknown,
      args: {
        invites: {
          email: string;
          role: string;
          projects?: { id: string; role: string }[] | null;
        }[];
      },
      context: GatewayContext,
    ) => createInvites(context.services, await member(context), args.invites, ctx(context)),
    resendInvite: async (_: unknown, args: { id: string }, context: GatewayContext) =>
      resendInvite(context.services, await member(context), args.id, ctx(context)),
    deleteInvite: async (_: unknown, args: { id: string }, context: GatewayContext) =>
      deleteInvite(context.services, await member(context), args.id, ctx(context)),
    updateMemberRole: async (
      _: unknown,
      args: { profileId: string; role: string },
      context: GatewayContext,
    ) =>
      changeMemberRole(
        context.services,
        await member(context),
        args.profileId,
        args.role,
        ctx(context),
      ),
    disableMember: async (_: unknown, args: { profileId: string }, context: GatewayContext) =>
      changeMemberRole(
        context.services,
        await member(context),
        args.profileId,
        'disabled',
        ctx(context),
      ),
    enableMember: async (
      _: unknown,
      args: { profileId: string; role?: string | null },
      context: GatewayContext,
    ) =>
      changeMemberRole(
        context.services,
        await member(context),
        args.profileId,
        args.role ?? 'collaborator',
        ctx(context),
      ),
  },
};
