import type { GatewayContext } from '../../gateway/context.ts';
import { globalSearch } from './global-search.ts';
import { requestContext, requireMember } from '../../http/member-context.ts';
import { getAssumptionsMap, getTestNext } from './assumptions.ts';
import {
  cardHistoryOnce,
  getCardHistory,
  getProjectTimeline,
  latestChanges,
  resurfacedAt,
} from './history-api.ts';
import { listTrash, restoreCard } from './trash.ts';
import { getBoardSections, getCanvas, getProductBoard } from './canvas.ts';
import {
  activityFeed,
  copyCardTo,
  createTemplate,
  evidenceLocker,
  listDrafts,
  listEvidence,
  listTemplates,
  searchCards,
} from './lists.ts';
import { experimentWorkspace, listExperiments } from './experiments.ts';
import { mentionSuggestions } from './mentions.ts';
import { createCard } from './create.ts';
import { deleteCard, markCardsViewed } from './service.ts';
import { discardDraft, publishCard } from './drafts.ts';
import { getCard } from './full-card.ts';
import {
  updateCardSection,
  updateExperiment,
  updateHypothesis,
  updateInterview,
  updatePost,
  updateText,
} from './update.ts';

const member = (context: GatewayContext) => requireMember(context.services, context.request);
const ctx = (context: GatewayContext) => requestContext(context.request);

type Input = { input: unknown };

/** A card's history for its own fields, read once per request. */
const historyOf = async (card: { id: string }, context: GatewayContext) =>
  cardHistoryOnce(context.services, await member(context), card.id, context.request);

export const resolvers = {
  Card: {
    changes: async (
      card: { id: string },
      args: { limit?: number | null },
      context: GatewayContext,
    ) => latestChanges(historyOf(card, context), args.limit),
    resurfacedAt: async (card: { id: string }, _: unknown, context: GatewayContext) =>
      resurfacedAt(historyOf(card, context)),
  },
  Query: {
    card: async (_: unknown, args: { cardId: string }, context: GatewayContext) =>
      getCard(context.services, await member(context), args.cardId),
    cardHistory: async (_: unknown, args: { cardId: string }, context: GatewayContext) =>
      getCardHistory(context.services, await member(context), args.cardId),
    projectTimeline: async (
      _: unknown,
      args: { projectId: string; since?: string | null },
      context: GatewayContext,
    ) => getProjectTimeline(context.services, await member(context), args.projectId, args.since),
    trash: async (_: unknown, args: { projectId: string }, context: GatewayContext) =>
      listTrash(context.services, await member(context), args.projectId),
    assumptionsMap: async (_: unknown, args: { projectId: string }, context: GatewayContext) =>
      getAssumptionsMap(context.services, await member(context), args.projectId),
    testNext: async (
      _: unknown,
      args: { projectId: string; limit?: number | null },
      context: GatewayContext,
    ) => getTestNext(context.services, await member(context), args.projectId, args.limit ?? 10),
    canvas: async (
      _: unknown,
      args: { projectId: string; filters?: unknown },
      context: GatewayContext,
    ) => getCanvas(context.services, await member(context), args.projectId, args.filters),
    productBoard: async (
      _: unknown,
      args: { projectId: string; sectionType: string; filters?: unknown },
      context: GatewayContext,
    ) =>
      getProductBoard(
        context.services,
        await member(context),
        args.projectId,
        args.sectionType,
        args.filters,
      ),
    boardSections: async (
      _: unknown,
      args: { projectId: string; sectionType: string },
      context: GatewayContext,
    ) =>
      getBoardSections(context.services, await member(context), args.projectId, args.sectionType),
    activityFeed: async (
      _: unknown,
      args: {
        projectId: string;
        types?: string[] | null;
        sort?: string | null;
        page?: number | null;
      },
      context: GatewayContext,
    ) =>
      activityFeed(context.services, await member(context), {
        projectId: args.projectId,
        types: args.types ?? [],
        sort: args.sort ?? 'newest',
        page: args.page ?? 0,
      }),
    evidenceLocker: async (_: unknown, _args: unknown, context: GatewayContext) =>
      evidenceLocker(context.services, await member(context)),
    evidence: async (_: unknown, args: { projectId: string }, context: GatewayContext) =>
      listEvidence(context.services, await member(context), args.projectId),
    drafts: async (_: unknown, args: { projectId: string }, context: GatewayContext) =>
      listDrafts(context.services, await member(context), args.projectId),
    searchCards: async (
      _: unknown,
      args: { projectId: string; searchText: string; isEvidence?: boolean | null },
      context: GatewayContext,
    ) =>
      searchCards(context.services, await member(context), {
        projectId: args.projectId,
        searchText: args.searchText,
        isEvidence: args.isEvidence ?? null,
      }),
    globalSearch: async (
      _: unknown,
      args: { text: string; limit?: number | null },
      context: GatewayContext,
    ) =>
      globalSearch(context.services, await member(context), {
        text: args.text,
        ...(args.limit ? { limit: args.limit } : {}),
      }),
    templates: async (_: unknown, args: { type?: string | null }, context: GatewayContext) =>
      listTemplates(context.services, await member(context), args.type ?? null),
    experimentWorkspace: async (_: unknown, args: { projectId: string }, context: GatewayContext) =>
      experimentWorkspace(context.services, await member(context), args.projectId),
    experiments: async (
      _: unknown,
      args: {
        projectId: string;
        phases?: string[] | null;
        search?: string | null;
        mine?: boolean | null;
      },
      context: GatewayContext,
    ) =>
      listExperiments(context.services, await member(context), {
        projectId: args.projectId,
        phases: args.phases ?? undefined,
        search: args.search ?? undefined,
        mine: args.mine ?? undefined,
      }),
    mentionSuggestions: async (
      _: unknown,
      args: { projectId: string; search?: string | null },
      context: GatewayContext,
    ) =>
      mentionSuggestions(
        context.services,
        await member(context),
        args.projectId,
        args.search ?? '',
      ),
  },
  Mutation: {
    restoreCard: async (_: unknown, args: { cardId: string }, context: GatewayContext) =>
      restoreCard(context.services, await member(context), args.cardId, ctx(context)),
    createCard: async (_: unknown, args: Input, context: GatewayContext) =>
      createCard(context.services, await member(context), args.input, ctx(context)),
    updateHypothesis: async (_: unknown, args: Input, context: GatewayContext) =>
      updateHypothesis(context.services, await member(context), args.input, ctx(context)),
    updatePost: async (_: unknown, args: Input, context: GatewayContext) =>
      updatePost(context.services, await member(context), args.input, ctx(context)),
    updateInterview: async (_: unknown, args: Input, context: GatewayContext) =>
      updateInterview(context.services, await member(context), args.input, ctx(context)),
    updateExperiment: async (_: unknown, args: Input, context: GatewayContext) =>
      updateExperiment(context.services, await member(context), args.input, ctx(context)),
    updateText: async (_: unknown, args: Input, context: GatewayContext) =>
      updateText(context.services, await member(context), args.input, ctx(context)),
    updateCardSection: async (_: unknown, args: Input, context: GatewayContext) =>
      updateCardSection(context.services, await member(context), args.input, ctx(context)),
    publishCard: async (
      _: unknown,
      args: { cardId: string; version: number },
      context: GatewayContext,
    ) =>
      publishCard(context.services, await member(context), args.cardId, args.version, ctx(context)),
    discardDraft: async (_: unknown, args: { cardId: string }, context: GatewayContext) =>
      discardDraft(context.services, await member(context), args.cardId, ctx(context)),
    deleteCard: async (_: unknown, args: { cardId: string }, context: GatewayContext) =>
      deleteCard(context.services, await member(context), args.cardId, ctx(context)),
    markCardsViewed: async (
      _: unknown,
      args: { projectId: string; cardIds?: string[] | null },
      context: GatewayContext,
    ) =>
      markCardsViewed(
        context.services,
        await member(context),
        args.projectId,
        args.cardIds ?? null,
        ctx(context),
      ),
    createTemplate: async (
      _: unknown,
      args: { cardId: string; name?: string | null },
      context: GatewayContext,
    ) =>
      createTemplate(
        context.services,
        await member(context),
        args.cardId,
        args.name ?? '',
        ctx(context),
      ),
    copyCardTo: async (
      _: unknown,
      args: { cardId: string; projectId: string },
      context: GatewayContext,
    ) =>
      copyCardTo(
        context.services,
        await member(context),
        args.cardId,
        args.projectId,
        ctx(context),
      ),
  },
};
