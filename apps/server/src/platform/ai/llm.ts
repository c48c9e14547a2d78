/**
 * The LLM provider: each generation is one structured request (its zod schema from the domain)
 * to a model client (OpenAI-compatible, Anthropic or a local GGUF model). When the model fails (HTTP error, timeout, invalid output
 * after the retries), the built-in generator answers instead and the result says it fell back.
 * A cancellation is never papered over: it propagates.
 */
import {
  LANGUAGE_NAMES,
  assistantAnswerSchema,
  evidenceReadingSchema,
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
import { withoutFalseGaps } from './builtin/silence.ts';
import { langOf } from './builtin/text.ts';
import { createMask } from './masking.ts';
import { AiError, type StructuredClient } from './structured.ts';
import type { AiProvider, Generated, HypothesisBrief, ProjectBrief } from './provider.ts';

/**
 * The grounding rules every prompt carries — the same the built-in generator keeps (issue #23):
 * facts come from the founder's words, gaps become questions, nothing is invented or copied.
 */
export const GROUNDING_RULES = [
  'You are the Assay agent. You help founders test business ideas with evidence.',
  'Ground everything in the description: the customer segment, their pains, the solution, the price and billing unit, channels, partners, resources, costs and alternatives it names.',
  'Write each hypothesis as one testable statement in plain words that names who, what and how you would know, e.g. "Independent grocers with 1–3 stores will pay €49 a month for ShelfSense".',
  'When the description does not say something a section needs, write the hypothesis as a question to find out (e.g. "Which channel do clinic managers already buy software through?") instead of guessing.',
  'Never ask about something the description states: a question in a section the description speaks to (it names a channel, a partner, a price, a cost…) tells the founder their description is silent when it is not; write what it says instead, or nothing.',
  'Never use a number, price, percentage, market size, quote or company name that is not in the description; never write placeholders such as "the problem" or "our customers".',
  'Do not copy sentences from the description: restate the fact in a few words.',
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

/** How the agent reads evidence (#49): the Mom Test, and quotes copied, never written. */
export const EVIDENCE_RULES = [
  'Read this piece of evidence against each hypothesis of the project and rate only the hypotheses it really bears on; leave out those it does not address, even when they share words with it.',
  'Ratings: 2 Confirming when what someone did, paid, measured or plainly states about their own situation shows the claim holds; -2 Disconfirming when it shows the claim fails (one counterexample to "every" or "all" is enough); 1 or -1 when it only leans that way (an opinion, an intention, a hedge, something second-hand, a partial match, a problem confirmed while the proposed fix is untested).',
  'The Mom Test decides: compliments, enthusiasm, "I would buy", "I\'d sign up tomorrow" and a vendor\'s own claims are never confirmation. Past behaviour, money and time spent are. An enthusiastic person who never paid for anything similar is at most neutral. A refusal, a workaround they are happy with, a budget rule that blocks the price, something free that already serves them, or "never had that problem" disconfirms. Questions asked by the interviewer and the company\'s own replies are not evidence.',
  'Each suggestion has the hypothesis id, the rating, a one-line reason, and a quote: one continuous passage copied character for character from the evidence (3 words to 400 characters, as short as carries the point), never paraphrased, translated or joined with "...".',
  'Then 3 to 6 key insights: the facts a team would underline (pains with their cost, what they do today, what they pay, surprises), each written in one sentence and with its quote copied the same way.',
].join(' ');

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
    /** The rules before the instruction: the drafting's grounding rules unless given. */
    rules = GROUNDING_RULES,
  ): Promise<Generated<T>> => {
    try {
      const value = await client.generate({
        name,
        system: `${rules} ${instruction}`,
        prompt,
        schema,
        ...(signal ? { signal } : {}),
      });
      return { value, provider: client.kind, fellBack: false };
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
    name: client.kind,
    projectData: (b, o) =>
      ask(
        'project_data',
        projectDataSchema,
        'Draft a first project: 2 or 3 hypotheses for each of the nine business model canvas sections (keyPartners, keyActivities, keyResources, valuePropositions, customerRelationships, channels, customerSegments, costStructure, revenueStreams), each with a description saying which words of the description it rests on (or that it is an open question) and the cheapest way to test it; the dashboard statements (who it is for: the segment in your words, not the first sentence; the problem; the solution; why not: what stops them today; why now); and up to three first experiments on the riskiest hypotheses, each with a measurable success criterion' +
          (b.experiments === false ? ' (this project keeps no experiments: return none).' : '.'),
        projectPrompt(b),
        () => fallback.projectData(b),
        o?.signal,
      ).then((answer) => ({
        ...answer,
        value: {
          ...answer.value,
          hypotheses: withoutFalseGaps(answer.value.hypotheses, b, langOf(b.language)),
        },
      })),
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
      ).then((answer) => ({
        ...answer,
        value: { hypotheses: withoutFalseGaps(answer.value.hypotheses, b, langOf(b.language)) },
      })),
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
        'Write 5 to 10 customer interview questions that test this hypothesis the way The Mom Test teaches: ask about the last time it happened, what they did, what it cost them and what they already tried or pay for; never ask whether they like the idea or would buy it, and never pitch.',
        hypothesisPrompt(h),
        () => fallback.interviewQuestions(h),
        o?.signal,
      ),
    keyInsights: (input, o) =>
      ask(
        'key_insights',
        keyInsightsSchema,
        `Pick the 1 to 5 key insights of these interview notes or transcript: first the pains (what the person struggles with, what it costs them in time or money, what they do about it now), then the most surprising fact, then what they said or did about paying. Skip biography and small talk. Stay close to their words and keep their numbers exactly. ${inLanguage(input.language)}`,
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
        'Fill a value proposition canvas for this hypothesis, all six parts with at least two items each: customer jobs, pains and gains of the segment in the description; products and services of the solution; pain relievers that answer those pains one by one; gain creators that answer those gains. Only what the description says or clearly implies.',
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
    readEvidence: (input, o) => {
      // An outside provider never sees who was interviewed (#49 item 6); a local model may.
      const mask =
        client.kind === 'local'
          ? null
          : createMask({ text: input.evidence.text, title: input.evidence.title });
      const hide = (text: string) => (mask ? mask.hide(text) : text);
      const prompt = [
        `Project: ${input.project.name}\n${input.project.description}`,
        input.context ? `Organisation context:\n${input.context}` : '',
        'Hypotheses:',
        ...input.hypotheses.map(
          (h) => `[${h.id}] (${h.section}) ${h.title}${h.description ? `\n${h.description}` : ''}`,
        ),
        `Evidence (${input.evidence.type}): ${hide(input.evidence.title)}\n${hide(input.evidence.text)}`,
      ]
        .filter(Boolean)
        .join('\n\n');
      return ask(
        'evidence_reading',
        evidenceReadingSchema,
        `${EVIDENCE_RULES} Write reasons and insights in ${LANGUAGE_NAMES[input.language]} (${input.language}).`,
        prompt,
        () => fallback.readEvidence(input),
        o?.signal,
        'You are the Assay agent. You help teams learn what is true about their idea from evidence.',
      ).then((answer) => {
        if (!mask || answer.fellBack) return answer;
        const reveal = mask.reveal;
        return {
          ...answer,
          value: {
            suggestions: answer.value.suggestions.map((s) => ({
              ...s,
              quote: reveal(s.quote),
              reason: reveal(s.reason),
            })),
            insights: answer.value.insights.map((i) => ({
              text: reveal(i.text),
              quote: reveal(i.quote),
            })),
          },
        };
      });
    },
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
