import type { GatewayContext } from '../../gateway/context.ts';
import { requireMember } from '../../http/member-context.ts';
import { feedbackTally } from './feedback.ts';
import { profileDetail } from '../organizations/ports.ts';
import {
  deleteTranscription,
  getTranscription,
  profileTranscriptionUsage,
  updateTranscriptionSpeaker,
  updateTranscriptionText,
} from './transcription.ts';

const member = (context: GatewayContext) => requireMember(context.services, context.request);

export const resolvers = {
  Profile: {
    transcription: profileDetail((services, member, profile) =>
      profileTranscriptionUsage(services, member, profile.id),
    ),
  },
  Media: {
    summaryFeedback: async (file: { id: string }, _: unknown, context: GatewayContext) =>
      feedbackTally(context.services, await member(context), file.id, 'summary'),
  },
  Query: {
    transcription: async (_: unknown, args: { cardId: string }, context: GatewayContext) =>
      getTranscription(context.services, await member(context), args.cardId),
  },
  Mutation: {
    updateTranscriptionText: async (
      _: unknown,
      args: { entryId: string; body: string },
      context: GatewayContext,
    ) => updateTranscriptionText(context.services, await member(context), args.entryId, args.body),
    updateTranscriptionSpeaker: async (
      _: unknown,
      args: { entryId: string; speakerIdx: number; name?: string | null },
      context: GatewayContext,
    ) =>
      updateTranscriptionSpeaker(
        context.services,
        await member(context),
        args.entryId,
        args.speakerIdx,
        args.name ?? null,
      ),
    deleteTranscription: async (_: unknown, args: { cardId: string }, context: GatewayContext) =>
      deleteTranscription(context.services, await member(context), args.cardId),
  },
};
