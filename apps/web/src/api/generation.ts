/**
 * The AI agent's client side, shared by the screens that offer it (canvas, cards, dashboard,
 * experiments, projects): generation status, limits, completions, suggestions, pickers and the
 * assistant. While a generation runs, its query polls; realtime events refresh it sooner.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  isGenerationRunning,
  type GenerationState,
  type GenerationStatus,
  type ValuePropositionCanvas,
} from '@assay/domain';
import { gatewayRequest } from './gateway.ts';

export const generationKeys = {
  all: ['generation'] as const,
  project: (projectId: string) => ['generation', 'project', projectId] as const,
  card: (cardId: string) => ['generation', 'card', cardId] as const,
  one: (id: string) => ['generation', 'one', id] as const,
  limits: ['generation', 'limits'] as const,
};

const GENERATION = `id kind status stage totalStages stageLabel prompt error provider fellBack queued startedAt endedAt modifiedByUser`;

export interface GenerationLimitsView {
  allowance: number | null;
  count: number;
  expiresAt: string | null;
  frequencyTimeRemaining: number;
}

export interface ProjectGenerationView {
  projectId: string;
  generation: GenerationState | null;
  projectData: GenerationState | null;
  marketData: GenerationState | null;
  petalDiagram: GenerationState | null;
  limits: GenerationLimitsView;
  abilities: { generate: boolean; regenerateMarket: boolean; customPrompts: boolean };
}

const running = (g: { status: GenerationStatus } | null | undefined) =>
  Boolean(g && isGenerationRunning(g.status));

/** A project's generations (the agent's banner reads them), for useQuery and prefetchQuery. */
export const projectGenerationQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: generationKeys.project(projectId),
    enabled: /^[0-9a-f-]{36}$/i.test(projectId),
    queryFn: () =>
      gatewayRequest<{ projectGeneration: ProjectGenerationView }>(
        `query ProjectGeneration($p: ID!) { projectGeneration(projectId: $p) {
          projectId generation { ${GENERATION} } projectData { ${GENERATION} } marketData { ${GENERATION} }
          petalDiagram { ${GENERATION} } limits { allowance count expiresAt frequencyTimeRemaining }
          abilities { generate regenerateMarket customPrompts } } }`,
        { p: projectId },
      ).then((d) => d.projectGeneration),
  });

export function useProjectGeneration(projectId: string) {
  return useQuery({
    ...projectGenerationQueryOptions(projectId),
    refetchInterval: (query) => {
      const d = query.state.data;
      return d && (running(d.generation) || running(d.marketData) || running(d.petalDiagram))
        ? 1500
        : false;
    },
  });
}

export interface OrganizationLimitsView extends GenerationLimitsView {
  enabled: boolean;
  provider: 'builtin' | 'openai' | 'anthropic' | 'local';
}

/** The organisation's AI allowance and whether the agent is on. */
export const generationLimitsQueryOptions = () =>
  queryOptions({
    queryKey: generationKeys.limits,
    queryFn: () =>
      gatewayRequest<{ generationLimits: OrganizationLimitsView }>(
        '{ generationLimits { allowance count expiresAt frequencyTimeRemaining enabled provider } }',
      ).then((d) => d.generationLimits),
    staleTime: 30_000,
  });

export function useGenerationLimits(enabled = true) {
  return useQuery({ ...generationLimitsQueryOptions(), enabled });
}

export type CompletionResult<T> = GenerationState & { result: (T & { fellBack?: boolean }) | null };

export interface CardGenerationView {
  cardId: string;
  completions: {
    interviewQuestions: CompletionResult<{ questions: string[] }> | null;
    keyInsights: CompletionResult<{ insights: string[]; written: boolean }> | null;
    valuePropositionCanvas: CompletionResult<ValuePropositionCanvas> | null;
    connectionSuggestions: CompletionResult<{ hypotheses: string[] }> | null;
  };
  suggestions: {
    id: string;
    hypothesisId: string;
    title: string;
    score: number;
    path: string;
    /** −2 … 2, the agent's reading (#49); null for suggestions made before it rated. */
    rating: number | null;
    /** The passage of the evidence it rests on, found there word for word. */
    quote: string | null;
    /** The evidence's words around the quote, as it reads now (… where cut). */
    before?: string | null;
    after?: string | null;
    reason: string | null;
  }[];
  abilities: { generate: boolean; completions: string[] };
}

const CARD_GENERATION = `cardId completions {
  interviewQuestions { ${GENERATION} result } keyInsights { ${GENERATION} result }
  valuePropositionCanvas { ${GENERATION} result } connectionSuggestions { ${GENERATION} result } }
  suggestions { id hypothesisId title score path rating quote reason before after } abilities { generate completions }`;

export function useCardGeneration(cardId: string, enabled = true) {
  return useQuery({
    queryKey: generationKeys.card(cardId),
    enabled,
    queryFn: () =>
      gatewayRequest<{ cardGeneration: CardGenerationView }>(
        `query CardGeneration($c: ID!) { cardGeneration(cardId: $c) { ${CARD_GENERATION} } }`,
        { c: cardId },
      ).then((d) => d.cardGeneration),
    refetchInterval: (query) =>
      Object.values(query.state.data?.completions ?? {}).some((c) => running(c)) ? 1500 : false,
  });
}

export type GenerationWithResult = GenerationState & {
  result: Record<string, unknown> | null;
  parts?: Record<string, string> | null;
};

/** Follows one generation (an AI picker's) until it ends. */
export function useGeneration(id: string | null) {
  return useQuery({
    queryKey: generationKeys.one(id ?? ''),
    enabled: Boolean(id),
    queryFn: () =>
      gatewayRequest<{ generation: GenerationWithResult }>(
        `query Generation($id: ID!) { generation(id: $id) { ${GENERATION} result parts } }`,
        { id },
      ).then((d) => d.generation),
    refetchInterval: (query) => (running(query.state.data) || !query.state.data ? 1000 : false),
  });
}

export const generateProjectData = (projectId: string, prompt?: string) =>
  gatewayRequest<{ generateProjectData: ProjectGenerationView }>(
    'mutation($p: ID!, $prompt: String) { generateProjectData(projectId: $p, prompt: $prompt) { projectId } }',
    { p: projectId, prompt: prompt ?? null },
  );

export const regenerateProjectPart = (projectId: string, part: 'marketData' | 'petalDiagram') =>
  gatewayRequest(
    part === 'marketData'
      ? 'mutation($p: ID!) { regenerateMarketData(projectId: $p) { projectId } }'
      : 'mutation($p: ID!) { regeneratePetalDiagram(projectId: $p) { projectId } }',
    { p: projectId },
  );

export const retryGeneration = (id: string) =>
  gatewayRequest('mutation($id: ID!) { retryGeneration(id: $id) { id status } }', { id });

export const generateCardCompletion = (
  cardId: string,
  completion: 'interviewQuestions' | 'keyInsights' | 'valuePropositionCanvas',
) =>
  gatewayRequest(
    'mutation($c: ID!, $k: String!) { generateCardCompletion(cardId: $c, completion: $k) { cardId } }',
    { c: cardId, k: completion },
  );

export const suggestConnections = (cardId: string) =>
  gatewayRequest('mutation($c: ID!) { suggestConnections(cardId: $c) { cardId } }', { c: cardId });

/** Accepts a suggestion (with the rating the person chose, if any) or dismisses it. */
export const decideSuggestion = (id: string, accept: boolean, rating?: number | null) =>
  accept
    ? gatewayRequest(
        'mutation($id: ID!, $r: Int) { acceptConnectionSuggestion(id: $id, rating: $r) { cardId } }',
        { id, r: rating ?? null },
      )
    : gatewayRequest('mutation($id: ID!) { dismissConnectionSuggestion(id: $id) { cardId } }', {
        id,
      });

export const generateHypotheses = (projectId: string, section: string) =>
  gatewayRequest<{ generateHypotheses: GenerationState }>(
    'mutation($p: ID!, $s: String!) { generateHypotheses(projectId: $p, section: $s) { id status } }',
    { p: projectId, s: section },
  ).then((d) => d.generateHypotheses);

export const generateExperiment = (hypothesisId: string) =>
  gatewayRequest<{ generateExperiment: GenerationState }>(
    'mutation($h: ID!) { generateExperiment(hypothesisId: $h) { id status } }',
    { h: hypothesisId },
  ).then((d) => d.generateExperiment);

export const generateEvidence = (projectId: string, title: string, notes: string) =>
  gatewayRequest<{ generateEvidence: { cardId: string; path: string } }>(
    'mutation($p: ID!, $t: String, $n: String!) { generateEvidence(projectId: $p, title: $t, notes: $n) { cardId path } }',
    { p: projectId, t: title || null, n: notes },
  ).then((d) => d.generateEvidence);

export interface AssistantReply {
  answer: string;
  provider: string;
  fellBack: boolean;
  citations: { cardId: string; title: string; type: string; path: string }[];
}

export const askAssistant = (projectId: string, question: string) =>
  gatewayRequest<{ askAssistant: AssistantReply }>(
    'mutation($p: ID!, $q: String!) { askAssistant(projectId: $p, question: $q) { answer provider fellBack citations { cardId title type path } } }',
    { p: projectId, q: question },
  ).then((d) => d.askAssistant);

export const summarizeFile = (mediaId: string) =>
  gatewayRequest('mutation($m: ID!) { summarizeFile(mediaId: $m) { id status } }', { m: mediaId });

/** A pending suggestion in a project's review list (#49 item 5). */
export interface ProjectSuggestion {
  id: string;
  evidenceId: string;
  evidenceTitle: string;
  hypothesisId: string;
  hypothesisTitle: string;
  rating: number | null;
  quote: string | null;
  reason: string | null;
}

export const projectSuggestionsKey = (projectId: string) =>
  ['generation', 'project-suggestions', projectId] as const;

export function useProjectSuggestions(projectId: string, enabled: boolean) {
  return useQuery({
    queryKey: projectSuggestionsKey(projectId),
    enabled,
    queryFn: () =>
      gatewayRequest<{ projectSuggestions: ProjectSuggestion[] }>(
        `query($p: ID!) { projectSuggestions(projectId: $p) {
          id evidenceId evidenceTitle hypothesisId hypothesisTitle rating quote reason } }`,
        { p: projectId },
      ).then((d) => d.projectSuggestions),
  });
}

/** "Read new evidence": the agent reads the project's evidence it has not read yet. */
export const readNewEvidence = (projectId: string) =>
  gatewayRequest<{ readNewEvidence: GenerationState }>(
    'mutation($p: ID!) { readNewEvidence(projectId: $p) { id status } }',
    { p: projectId },
  ).then((d) => d.readNewEvidence);
