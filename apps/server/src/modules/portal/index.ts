import { readFileSync } from 'node:fs';
import type { GatewayContext } from '../../gateway/context.ts';
import type { GatewayModule } from '../../gateway/module.ts';
import { requestContext, requireMember } from '../../http/member-context.ts';
import {
  deletePublicCard,
  getPublicCard,
  movePublicCard,
  updatePublicCard,
} from './public-cards.ts';
import { createPublicBoard, deletePublicBoard, updatePublicBoard } from './service.ts';
import {
  createPublicCategory,
  deletePublicCategory,
  reorderPublicCategories,
  updatePublicCategory,
} from './categories.ts';
import {
  createPublicSection,
  deletePublicSection,
  reorderPublicSections,
  updatePublicSection,
} from './sections.ts';
import { getPublicBoard } from './state.ts';

const member = (context: GatewayContext) => requireMember(context.services, context.request);
const ctx = (context: GatewayContext) => requestContext(context.request);

type InputUseCase = (
  services: GatewayContext['services'],
  member: Awaited<ReturnType<typeof requireMember>>,
  input: unknown,
  context: ReturnType<typeof requestContext>,
) => Promise<unknown>;

/** A mutation that takes one JSON input and hands it to its use case. */
const withInput =
  (useCase: InputUseCase) =>
  async (_: unknown, args: { input: unknown }, context: GatewayContext) =>
    useCase(context.services, await member(context), args.input, ctx(context));

export const portalModule: GatewayModule = {
  name: 'portal',
  typeDefs: readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8'),
  resolvers: {
    Query: {
      publicBoard: async (_: unknown, args: { projectId: string }, context: GatewayContext) =>
        getPublicBoard(context.services, await member(context), args.projectId),
      publicCard: async (_: unknown, args: { cardId: string }, context: GatewayContext) =>
        getPublicCard(context.services, await member(context), args.cardId),
    },
    Mutation: {
      createPublicBoard: withInput(createPublicBoard),
      updatePublicBoard: withInput(updatePublicBoard),
      deletePublicBoard: async (_: unknown, args: { boardId: string }, context: GatewayContext) =>
        deletePublicBoard(context.services, await member(context), args.boardId, ctx(context)),
      createPublicCategory: withInput(createPublicCategory),
      updatePublicCategory: withInput(updatePublicCategory),
      deletePublicCategory: async (
        _: unknown,
        args: { categoryId: string },
        context: GatewayContext,
      ) =>
        deletePublicCategory(
          context.services,
          await member(context),
          args.categoryId,
          ctx(context),
        ),
      reorderPublicCategories: async (
        _: unknown,
        args: { boardId: string; categoryIds: string[] },
        context: GatewayContext,
      ) =>
        reorderPublicCategories(
          context.services,
          await member(context),
          args.boardId,
          args.categoryIds,
          ctx(context),
        ),
      createPublicSection: withInput(createPublicSection),
      updatePublicSection: withInput(updatePublicSection),
      deletePublicSection: async (
        _: unknown,
        args: { boardId: string; key: string },
        context: GatewayContext,
      ) =>
        deletePublicSection(
          context.services,
          await member(context),
          args.boardId,
          args.key,
          ctx(context),
        ),
      reorderPublicSections: async (
        _: unknown,
        args: { boardId: string; keys: string[] },
        context: GatewayContext,
      ) =>
        reorderPublicSections(
          context.services,
          await member(context),
          args.boardId,
          args.keys,
          ctx(context),
        ),
      updatePublicCard: withInput(updatePublicCard),
      movePublicCard: withInput(movePublicCard),
      deletePublicCard: async (_: unknown, args: { cardId: string }, context: GatewayContext) =>
        deletePublicCard(context.services, await member(context), args.cardId, ctx(context)),
    },
  },
};
