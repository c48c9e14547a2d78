import { readFileSync } from 'node:fs';
import type { CommentSubject } from '@assay/domain';
import type { GatewayContext } from '../../gateway/context.ts';
import type { GatewayModule } from '../../gateway/module.ts';
import { requestContext, requireMember } from '../../http/member-context.ts';
import { addComment, deleteComment, likeComment, listComments, updateComment } from './service.ts';

const member = (context: GatewayContext) => requireMember(context.services, context.request);
const ctx = (context: GatewayContext) => requestContext(context.request);

export const commentsModule: GatewayModule = {
  name: 'comments',
  typeDefs: readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8'),
  resolvers: {
    Query: {
      comments: async (
        _: unknown,
        args: { subjectType: string; subjectId: string },
        context: GatewayContext,
      ) =>
        listComments(
          context.services,
          await member(context),
          args.subjectType as CommentSubject,
          args.subjectId,
        ),
    },
    Mutation: {
      addComment: async (_: unknown, args: { input: unknown }, context: GatewayContext) =>
        addComment(context.services, await member(context), args.input, ctx(context)),
      updateComment: async (_: unknown, args: { input: unknown }, context: GatewayContext) =>
        updateComment(context.services, await member(context), args.input, ctx(context)),
      deleteComment: async (_: unknown, args: { commentId: string }, context: GatewayContext) =>
        deleteComment(context.services, await member(context), args.commentId, ctx(context)),
      likeComment: async (
        _: unknown,
        args: { commentId: string; like: boolean },
        context: GatewayContext,
      ) =>
        likeComment(
          context.services,
          await member(context),
          args.commentId,
          args.like,
          ctx(context),
        ),
    },
  },
};
