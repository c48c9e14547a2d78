/**
 * The LLM provider: each generation is one structured request (its zod schema from the domain)
 * to an OpenAI-compatible endpoint. When the model fails (HTTP error, timeout, invalid output
 * after the retries), the built-in generator answers instead and the result says it fell back.
 * A cancellation is never papered over: it propagates.
 */
import {
  LANGUAGE_NAMES,
  assistantAnswerSchema,
  fileSummarySchema,
  generatedExperimentSchema,
  hypothesesDraftSchema,
  interviewQuestionsSchema,
  keyInsightsSchema,
  marketDataSchema,
  petalDiagramSchema,
  projectDataSchema,
  valuePropositionCanvasSchema,
  type Language,
} from '@assay/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { AiError, type StructuredClient } from './openai.ts';
import type { AiProvider, Generated, HypothesisBrief, ProjectBrief } from './provider.ts';

const SYSTEM = [
  'You are the Assay agent. You help founders test business ideas with evidence.',
  'Write hypotheses as testable statements, one idea each, in plain words.',
  'Never present a guess as a fact. Never invent statistics, market sizes, quotes or company names you are not sure exist.',
  'Everything you write is untested until the team connects evidence to it.',
].join(' ');

function inLanguage(language: Language) {
  return `Write every text in ${LANGUAGE_NAMES[language]} (${language}).`;
}

function projectPrompt(b: ProjectBrief) {
  return [
    `Project name: ${b.name}`,
    `Business description:\n${b.description}`,
    b.context ? `Organisation context and instructions:\n${b.context}` : '',
    inLanguage(b.language),
  ]
    .filter(Boolean)
    .join('\n\n');
}

function hypothesisPrompt(h: HypothesisBrief) {
  return [
    `Hypothesis (${h.section}): ${h.title}`,
    h.description ? `Notes on it:\n${h.description}` : '',
    projectPrompt(h.project),
  ]
    .filter(Boolean)
    .join('\n\n');
}

export function createLlmProvider(
  client: StructuredClient,
  fallback: AiProvider,
  logger: FastifyBaseLogger,
): AiProvider {
  const ask = async <T>(
    name: string,
    schema: z.ZodType<T>,
    instruction: string,
    prompt: string,
    builtin: () => Promise<Generated<T>>,
    signal?: AbortSignal,
  ): Promise<Generated<T>> => {
    try {
      const value = await client.generate({
        name,
        system: `${SYSTEM} ${instruction}`,
        prompt,
        schema,
        ...(signal ? { signal } : {}),
      });
      return { value, provider: 'openai', fellBack: false };
    } catch (error) {
      if (error instanceof AiError && error.kind === 'cancelled') throw error;
      logger.warn(
        { err: error, generation: name },
        'the model failed; the built-in generator answers',
      );
      const answer = await builtin();
      return { ...answer, fellBack: true };
    }
  };

  return {
    name: 'openai',
    projectData: (b, o) =>
      ask(
        'project_data',
        projectDataSchema,
        'Draft a first project: 1 to 3 hypotheses for each of the nine business model canvas sections (keyPartners, keyActivities, keyResources, valuePropositions, customerRelationships, channels, customerSegments, costStructure, revenueStreams), each with a description saying what in the description it rests on and how to test it; the dashboard statements; and up to three first experiments' +
          (b.experiments === false ? ' (this project keeps no experiments: return none).' : '.'),
        projectPrompt(b),
        () => fallback.projectData(b),
        o?.signal,
      ),
    marketData: (b, o) =>
      ask(
        'market_data',
        marketDataSchema,
        'Prepare the market sizing: target (SOM), served (SAM) and total (TAM) market in US dollars per year only when you can justify them in the notes (otherwise null), notes on how to estimate each, and an analysis of what to find out.',
        projectPrompt(b),
        () => fallback.marketData(b),
        o?.signal,
      ),
    petalDiagram: (b, o) =>
      ask(
        'petal_diagram',
        petalDiagramSchema,
        'Draw a petal diagram of the competitive landscape: 3 to 6 categories of alternatives and competitors with a description, a market analysis and the value they offer; list companies only when you are sure they exist, with their website.',
        projectPrompt(b),
        () => fallback.petalDiagram(b),
        o?.signal,
      ),
    hypotheses: (b, section, existing, o) =>
      ask(
        'hypotheses',
        hypothesesDraftSchema,
        `Write 1 to 3 new hypotheses for the ${section} section, different from these existing ones: ${existing.join(' | ') || 'none'}. Use section "${section}" for each.`,
        projectPrompt(b),
        () => fallback.hypotheses(b, section, existing),
        o?.signal,
      ),
    experiment: (h, o) =>
      ask(
        'experiment',
        generatedExperimentSchema,
        'Plan one experiment that tests this hypothesis: generative (learn) or evaluative (measure), a statement, what to do, and success criteria with a measurement and an expectation.',
        hypothesisPrompt(h),
        () => fallback.experiment(h),
        o?.signal,
      ),
    interviewQuestions: (h, o) =>
      ask(
        'interview_questions',
        interviewQuestionsSchema,
        'Write 5 to 10 customer interview questions that test this hypothesis without leading: ask about past behaviour and real events, not opinions about the idea.',
        hypothesisPrompt(h),
        () => fallback.interviewQuestions(h),
        o?.signal,
      ),
    keyInsights: (input, o) =>
      ask(
        'key_insights',
        keyInsightsSchema,
        `Pick the 1 to 5 key insights of these interview notes or transcript: what the person does, what it costs them, what they said about paying. Quote or stay close to their words. ${inLanguage(input.language)}`,
        [input.text, input.context ? `Context:\n${input.context}` : '']
          .filter(Boolean)
          .join('\n\n'),
        () => fallback.keyInsights(input),
        o?.signal,
      ),
    valuePropositionCanvas: (h, o) =>
      ask(
        'value_proposition_canvas',
        valuePropositionCanvasSchema,
        'Fill a value proposition canvas for this hypothesis: customer jobs, pains, gains, products and services, pain relievers, gain creators.',
        hypothesisPrompt(h),
        () => fallback.valuePropositionCanvas(h),
        o?.signal,
      ),
    fileSummary: (input, o) =>
      ask(
        'file_summary',
        fileSummarySchema,
        `Summarize this document for a team testing a business idea: what it says that matters to them. ${inLanguage(input.language)}`,
        `File: ${input.name}\n\n${input.text.slice(0, 60_000)}`,
        () => fallback.fileSummary(input),
        o?.signal,
      ),
    answer: (input, o) =>
      ask(
        'assistant_answer',
        assistantAnswerSchema,
        `Answer the question only from the project's cards below; cite the ids of the cards you used. If they do not answer it, say so. ${
          input.intent === 'riskiest' || input.intent === 'testNext'
            ? 'The cards are the hypotheses ranked by the evidence rules, riskiest first; name the first and explain why from its facts. '
            : ''
        }${inLanguage(input.language)}`,
        [
          `Question: ${input.question}`,
          input.context ? `Organisation context:\n${input.context}` : '',
          'Cards:',
          ...input.passages.map((p) => `[${p.cardId}] (${p.type}) ${p.title}\n${p.text}`),
        ]
          .filter(Boolean)
          .join('\n\n'),
        () => fallback.answer(input),
        o?.signal,
      ),
  };
}
