import type { GatewayContext } from '../../gateway/context.ts';
import { draftExperimentFor } from './drafted-experiment.ts';
import { requestContext, requireMember } from '../../http/member-context.ts';
import {
  acceptSuggestion,
  dismissSuggestion,
  projectSuggestions,
  readNewEvidence,
  suggestConnections,
} from './suggestions.ts';
import { cardGeneration, generateCardCompletion } from './card-completions.ts';
import { generateEvidence, generateExperiment, generateHypotheses } from './pickers.ts';
import {
  generateProjectData,
  organizationGenerationLimits,
  projectGeneration,
  regenerateProjectPart,
} from './project.ts';
import { generationStatus, retryGeneration } from './status.ts';
import { summarizeFile } from './file-summary.ts';
import { askAssistant } from './assistant.ts';

const member = (context: GatewayContext) => requireMember(context.services, context.request);
const ctx = (context: GatewayContext) => requestContext(context.request);
type Args = Record<string, unknown>;
const defined = (input: Args) =>
  Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null && v !== undefined));

export const resolvers = {
  Query: {
    projectSuggestions: async (_: unknown, args: { projectId: string }, c: GatewayContext) =>
      projectSuggestions(c.services, await member(c), args.projectId),
    projectGeneration: async (_: unknown, args: { projectId: string }, c: GatewayContext) =>
      projectGeneration(c.services, await member(c), args.projectId),
    generationLimits: async (_: unknown, __: unknown, c: GatewayContext) =>
      organizationGenerationLimits(c.services, await member(c)),
    cardGeneration: async (_: unknown, args: { cardId: string }, c: GatewayContext) =>
      cardGeneration(c.services, await member(c), args.cardId),
    generation: async (_: unknown, args: { id: string }, c: GatewayContext) =>
      generationStatus(c.services, await member(c), args.id),
    connectionSuggestions: async (_: unknown, args: { cardId: string }, c: GatewayContext) =>
      (await cardGeneration(c.services, await member(c), args.cardId)).suggestions,
  },
  Mutation: {
    generateProjectData: async (_: unknown, args: Args, c: GatewayContext) =>
      generateProjectData(c.services, await member(c), defined(args), ctx(c)),
    regenerateMarketData: async (_: unknown, args: { projectId: string }, c: GatewayContext) =>
      regenerateProjectPart(c.services, await member(c), args.projectId, 'marketData', ctx(c)),
    regeneratePetalDiagram: async (_: unknown, args: { projectId: string }, c: GatewayContext) =>
      regenerateProjectPart(c.services, await member(c), args.projectId, 'petalDiagram', ctx(c)),
    generateCardCompletion: async (_: unknown, args: Args, c: GatewayContext) =>
      generateCardCompletion(c.services, await member(c), args, ctx(c)),
    suggestConnections: async (_: unknown, args: { cardId: string }, c: GatewayContext) =>
      suggestConnections(c.services, await member(c), args.cardId, ctx(c)),
    acceptConnectionSuggestion: async (
      _: unknown,
      args: { id: string; rating?: number | null },
      c: GatewayContext,
    ) => acceptSuggestion(c.services, await member(c), args.id, ctx(c), args.rating ?? undefined),
    dismissConnectionSuggestion: async (_: unknown, args: { id: string }, c: GatewayContext) =>
      dismissSuggestion(c.services, await member(c), args.id),
    readNewEvidence: async (_: unknown, args: { projectId: string }, c: GatewayContext) =>
      readNewEvidence(c.services, await member(c), args.projectId, ctx(c)),
    generateHypotheses: async (_: unknown, args: Args, c: GatewayContext) =>
      generateHypotheses(c.services, await member(c), args, ctx(c)),
    generateExperiment: async (_: unknown, args: Args, c: GatewayContext) =>
      generateExperiment(c.services, await member(c), args, ctx(c)),
    draftExperiment: async (_: unknown, args: { hypothesisId: string }, c: GatewayContext) =>
      draftExperimentFor(c.services, await member(c), args.hypothesisId, ctx(c)),
    generateEvidence: async (_: unknown, args: Args, c: GatewayContext) =>
      generateEvidence(c.services, await member(c), defined(args), ctx(c)),
    retryGeneration: async (_: unknown, args: { id: string }, c: GatewayContext) =>
      retryGeneration(c.services, await member(c), args.id, ctx(c)),
    summarizeFile: async (_: unknown, args: { mediaId: string }, c: GatewayContext) =>
      summarizeFile(c.services, await member(c), args.mediaId, ctx(c)),
    askAssistant: async (_: unknown, args: Args, c: GatewayContext) =>
      askAssistant(c.services, await member(c), args),
  },
};
