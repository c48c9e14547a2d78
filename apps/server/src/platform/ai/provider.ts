/**
 * The AI agent's one interface (ARCHITECTURE: platform/ai): every generation the product asks
 * for, answered in the shapes of packages/domain/src/generation.ts. The built-in offline generator
 * (the default) implements it, and so does the LLM provider over a model client — an
 * OpenAI-compatible endpoint, the Anthropic API, or a local GGUF model — which falls back to the
 * built-in generator when the model fails and says so.
 */
import type {
  AssistantAnswer,
  EvidenceReading,
  EvidenceReadingInput,
  AssistantIntent,
  HypothesisStanding,
  GeneratedExperiment,
  GeneratedHypothesis,
  Language,
  MarketData,
  PetalDiagramData,
  ProjectData,
  ValuePropositionCanvas,
} from '@assay/domain';

export interface ProjectBrief {
  name: string;
  description: string;
  language: Language;
  /** The organisation's global context and any custom agent prompt (LLM mode only). */
  context?: string;
  /** Whether the project keeps experiments (then first experiments are planned). */
  experiments?: boolean;
}

export interface HypothesisBrief {
  title: string;
  section: string;
  description: string;
  project: ProjectBrief;
}

export interface Passage {
  cardId: string;
  title: string;
  type: string;
  text: string;
}

/** A question to the assistant with the passages found for it. */
export interface AnswerInput {
  question: string;
  passages: Passage[];
  language: Language;
  context?: string;
  /** What the question asks (the domain's assistantIntent); topic when absent. */
  intent?: AssistantIntent;
  /** For the riskiest / test-next questions: the hypotheses ranked, riskiest first. */
  standings?: HypothesisStanding[];
}

export type ProviderName = 'builtin' | 'openai' | 'anthropic' | 'local';

/** What a provider answers, and whether it had to fall back to the built-in generator. */
export interface Generated<T> {
  value: T;
  provider: ProviderName;
  fellBack: boolean;
}

export interface GenerateOptions {
  signal?: AbortSignal;
}

export interface AiProvider {
  readonly name: ProviderName;
  /** Frees what the provider holds (a loaded local model). */
  close?(): Promise<void>;
  projectData(brief: ProjectBrief, options?: GenerateOptions): Promise<Generated<ProjectData>>;
  marketData(brief: ProjectBrief, options?: GenerateOptions): Promise<Generated<MarketData>>;
  petalDiagram(
    brief: ProjectBrief,
    options?: GenerateOptions,
  ): Promise<Generated<PetalDiagramData>>;
  hypotheses(
    brief: ProjectBrief,
    section: GeneratedHypothesis['section'],
    existingTitles: string[],
    options?: GenerateOptions,
  ): Promise<Generated<{ hypotheses: GeneratedHypothesis[] }>>;
  experiment(
    hypothesis: HypothesisBrief,
    options?: GenerateOptions,
  ): Promise<Generated<GeneratedExperiment>>;
  interviewQuestions(
    hypothesis: HypothesisBrief,
    options?: GenerateOptions,
  ): Promise<Generated<{ questions: string[] }>>;
  keyInsights(
    input: { text: string; language: Language; context?: string },
    options?: GenerateOptions,
  ): Promise<Generated<{ insights: string[] }>>;
  valuePropositionCanvas(
    hypothesis: HypothesisBrief,
    options?: GenerateOptions,
  ): Promise<Generated<ValuePropositionCanvas>>;
  fileSummary(
    input: { name: string; text: string; language: Language },
    options?: GenerateOptions,
  ): Promise<Generated<{ summary: string }>>;
  answer(input: AnswerInput, options?: GenerateOptions): Promise<Generated<AssistantAnswer>>;
  /**
   * Reads one piece of evidence against the project's hypotheses (#49): rated suggestions and key
   * insights, each with a quote. Callers check every quote against the text (checkEvidenceReading).
   */
  readEvidence(
    input: EvidenceReadingInput & { language: Language; context?: string },
    options?: GenerateOptions,
  ): Promise<Generated<EvidenceReading>>;
}
