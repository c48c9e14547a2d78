import { readFileSync } from 'node:fs';
import type { GatewayContext } from '../../gateway/context.ts';
import type { GatewayModule } from '../../gateway/module.ts';
import { requestContext, requireMember } from '../../http/member-context.ts';
import { cohortCommentsReport } from './comments-report.ts';
import { cohortLeaderboard } from './leaderboard.ts';
import { cohortReviewQueue, reviewHypothesis } from './reviews.ts';
import { compareCohortWeeks } from './snapshots.ts';
import { removeFromCohort, setCohortRole, setCohortTeamRole } from './membership.ts';
import {
  cohortResources,
  cohortVideoReport,
  cohortVideoWatched,
  updateCohortResources,
} from './resources.ts';
import {
  createPresentation,
  deletePresentation,
  listPresentations,
  scoreTeamPresentation,
  updatePresentation,
  updateTeamPresentation,
} from './presentations.ts';
import { createCohort, createCohortTeam, getCohort, listCohorts, updateCohort } from './service.ts';
import { importCohortCsv, inviteToCohort, type CohortInvitation } from './invitations.ts';
import { profileCohorts } from './profile-cohorts.ts';
import { profileDetail } from '../organizations/ports.ts';

const member = (context: GatewayContext) => requireMember(context.services, context.request);
const ctx = (context: GatewayContext) => requestContext(context.request);

/** The form's invitations, kept to the fields the use case reads. */
function invitationsOf(input: unknown): CohortInvitation[] {
  if (!Array.isArray(input)) return [];
  return input.slice(0, 500).map((raw) => {
    const entry = (raw ?? {}) as Record<string, unknown>;
    const team = entry.team as { id?: unknown; role?: unknown } | null | undefined;
    return {
      email: String(entry.email ?? '').trim(),
      cohortRole:
        typeof entry.cohortRole === 'string'
          ? (entry.cohortRole as CohortInvitation['cohortRole'])
          : null,
      team:
        team && typeof team.id === 'string' && typeof team.role === 'string'
          ? { id: team.id, role: team.role as NonNullable<CohortInvitation['team']>['role'] }
          : null,
    };
  });
}

export const cohortsModule: GatewayModule = {
  name: 'cohorts',
  typeDefs: readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8'),
  resolvers: {
    Profile: {
      cohorts: profileDetail((services, member, profile) =>
        profileCohorts(services, member, profile.id),
      ),
    },
    Query: {
      cohorts: async (_: unknown, __: unknown, context: GatewayContext) =>
        listCohorts(context.services, await member(context)),
      cohort: async (_: unknown, args: { id: string }, context: GatewayContext) =>
        getCohort(context.services, await member(context), args.id),
      cohortPresentations: async (
        _: unknown,
        args: { cohortId: string },
        context: GatewayContext,
      ) => listPresentations(context.services, await member(context), args.cohortId),
      cohortResources: async (_: unknown, args: { cohortId: string }, context: GatewayContext) =>
        cohortResources(context.services, await member(context), args.cohortId),
      cohortVideoReport: async (_: unknown, args: { cohortId: string }, context: GatewayContext) =>
        cohortVideoReport(context.services, await member(context), args.cohortId),
      cohortWeeks: async (
        _: unknown,
        args: { cohortId: string; from?: number | null; to?: number | null },
        context: GatewayContext,
      ) =>
        compareCohortWeeks(context.services, await member(context), args.cohortId, {
          from: args.from ?? null,
          to: args.to ?? null,
        }),
      cohortReviewQueue: async (_: unknown, args: { cohortId: string }, context: GatewayContext) =>
        cohortReviewQueue(context.services, await member(context), args.cohortId),
      cohortLeaderboard: async (_: unknown, args: { cohortId: string }, context: GatewayContext) =>
        cohortLeaderboard(context.services, await member(context), args.cohortId),
      cohortCommentsReport: async (
        _: unknown,
        args: { cohortId: string; period?: string | null },
        context: GatewayContext,
      ) =>
        cohortCommentsReport(
          context.services,
          await member(context),
          args.cohortId,
          args.period === 'week' ? 'week' : 'all',
        ),
    },
    Mutation: {
      reviewHypothesis: async (_: unknown, args: { input: unknown }, context: GatewayContext) =>
        reviewHypothesis(context.services, await member(context), args.input, ctx(context)),
      setCohortRole: async (_: unknown, args: { input: unknown }, context: GatewayContext) =>
        setCohortRole(context.services, await member(context), args.input, ctx(context)),
      setCohortTeamRole: async (_: unknown, args: { input: unknown }, context: GatewayContext) =>
        setCohortTeamRole(context.services, await member(context), args.input, ctx(context)),
      removeFromCohort: async (
        _: unknown,
        args: { cohortId: string; profileId: string },
        context: GatewayContext,
      ) =>
        removeFromCohort(
          context.services,
          await member(context),
          args.cohortId,
          args.profileId,
          ctx(context),
        ),
      updateCohortResources: async (
        _: unknown,
        args: { input: unknown },
        context: GatewayContext,
      ) => updateCohortResources(context.services, await member(context), args.input, ctx(context)),
      cohortVideoWatched: async (
        _: unknown,
        args: { cohortId: string; videoId: string },
        context: GatewayContext,
      ) => cohortVideoWatched(context.services, await member(context), args.cohortId, args.videoId),
      createPresentation: async (_: unknown, args: { input: unknown }, context: GatewayContext) =>
        createPresentation(context.services, await member(context), args.input, ctx(context)),
      updatePresentation: async (_: unknown, args: { input: unknown }, context: GatewayContext) =>
        updatePresentation(context.services, await member(context), args.input, ctx(context)),
      deletePresentation: async (
        _: unknown,
        args: { presentationId: string },
        context: GatewayContext,
      ) =>
        deletePresentation(
          context.services,
          await member(context),
          args.presentationId,
          ctx(context),
        ),
      scoreTeamPresentation: async (
        _: unknown,
        args: { input: unknown },
        context: GatewayContext,
      ) => scoreTeamPresentation(context.services, await member(context), args.input, ctx(context)),
      updateTeamPresentation: async (
        _: unknown,
        args: { input: unknown },
        context: GatewayContext,
      ) =>
        updateTeamPresentation(context.services, await member(context), args.input, ctx(context)),
      createCohort: async (_: unknown, args: { input: unknown }, context: GatewayContext) =>
        createCohort(context.services, await member(context), args.input, ctx(context)),
      updateCohort: async (_: unknown, args: { input: unknown }, context: GatewayContext) =>
        updateCohort(context.services, await member(context), args.input, ctx(context)),
      createCohortTeam: async (
        _: unknown,
        args: { cohortId: string; name: string },
        context: GatewayContext,
      ) =>
        createCohortTeam(
          context.services,
          await member(context),
          args.cohortId,
          args.name,
          ctx(context),
        ),
      inviteToCohort: async (
        _: unknown,
        args: { cohortId: string; invitations: unknown },
        context: GatewayContext,
      ) => ({
        rowErrors: [],
        ...(await inviteToCohort(
          context.services,
          await member(context),
          args.cohortId,
          invitationsOf(args.invitations),
          ctx(context),
        )),
      }),
      importCohortCsv: async (
        _: unknown,
        args: { cohortId: string; filename: string; text: string },
        context: GatewayContext,
      ) =>
        importCohortCsv(
          context.services,
          await member(context),
          args.cohortId,
          { filename: args.filename, text: args.text },
          ctx(context),
        ),
    },
  },
};
