/**
 * The shapes every generator answers in, one zod schema per generation (shared by the built-in
 * generator and the LLM client), and the requests the browser sends the agent (part 1 §1, §2.4,
 * §3; what a generation is, its stages and allowance: generation.ts). Kept apart so that a screen
 * that only shows a generation's progress does not load zod (#28, first load).
 */
import { z } from 'zod';
import { CANVAS_SECTIONS, type CanvasSection } from './canvas.ts';

// ---------------------------------------------------------------------------------------------
// What the generators answer: one schema per generation.

const line = (max = 300) => z.string().trim().min(1).max(max);
type GeneratedSection = Exclude<CanvasSection, 'unassigned'>;
/** The canvas's sections an agent writes hypotheses into: all but "unassigned". */
export const GENERATED_SECTIONS = CANVAS_SECTIONS.filter(
  (section): section is GeneratedSection => section !== 'unassigned',
) as [GeneratedSection, ...GeneratedSection[]];

export const generatedHypothesisSchema = z.object({
  section: z.enum(GENERATED_SECTIONS),
  title: line(300),
  /** Why it was written and how to test it (plain text). */
  description: z.string().max(4000),
});
export type GeneratedHypothesis = z.infer<typeof generatedHypothesisSchema>;

export const generatedDashboardSchema = z.object({
  description: z.string().max(2000),
  whoFor: z.string().max(2000),
  problemStatement: z.string().max(2000),
  solutionStatement: z.string().max(2000),
  whyNot: z.string().max(2000),
  whyNow: z.string().max(2000),
});
export type GeneratedDashboard = z.infer<typeof generatedDashboardSchema>;

export const generatedExperimentSchema = z.object({
  title: line(300),
  experimentType: z.enum(['generative', 'evaluative']),
  statement: z.string().max(2000),
  description: z.string().max(4000),
  successCriteria: z.array(z.object({ measurement: line(200), expectation: line(200) })).max(5),
});
export type GeneratedExperiment = z.infer<typeof generatedExperimentSchema>;

export const projectDataSchema = z.object({
  hypotheses: z.array(generatedHypothesisSchema).min(1).max(40),
  dashboard: generatedDashboardSchema,
  experiments: z.array(generatedExperimentSchema).max(5),
});
export type ProjectData = z.infer<typeof projectDataSchema>;

export const marketDataSchema = z.object({
  /** Estimates only when the model can justify them; the built-in generator leaves them null. */
  target: z.number().nonnegative().nullable(),
  served: z.number().nonnegative().nullable(),
  total: z.number().nonnegative().nullable(),
  notes: z.string().max(6000),
  analysis: z.string().max(6000),
});
export type MarketData = z.infer<typeof marketDataSchema>;

export const petalCompanySchema = z.object({
  name: line(120),
  description: z.string().max(1000).default(''),
  link: z.string().max(500).default(''),
});
export const petalCategorySchema = z.object({
  title: line(120),
  description: z.string().max(2000).default(''),
  marketAnalysis: z.string().max(2000).default(''),
  value: z.string().max(500).default(''),
  companies: z.array(petalCompanySchema).max(20).default([]),
});
export const petalDiagramSchema = z.object({
  categories: z.array(petalCategorySchema).min(1).max(8),
});
export type PetalDiagramData = z.infer<typeof petalDiagramSchema>;

export const interviewQuestionsSchema = z.object({ questions: z.array(line(400)).min(3).max(15) });
export const keyInsightsSchema = z.object({ insights: z.array(line(600)).min(1).max(10) });
export const valuePropositionCanvasSchema = z.object({
  customerJobs: z.array(line(300)).max(8),
  pains: z.array(line(300)).max(8),
  gains: z.array(line(300)).max(8),
  productsAndServices: z.array(line(300)).max(8),
  painRelievers: z.array(line(300)).max(8),
  gainCreators: z.array(line(300)).max(8),
});
export type ValuePropositionCanvas = z.infer<typeof valuePropositionCanvasSchema>;
export const hypothesesDraftSchema = z.object({
  hypotheses: z.array(generatedHypothesisSchema).min(1).max(10),
});
export const fileSummarySchema = z.object({ summary: z.string().trim().min(1).max(4000) });
export const assistantAnswerSchema = z.object({
  answer: z.string().trim().min(1).max(6000),
  /** Ids of the cards the answer rests on. */
  citations: z.array(z.string()).max(10),
});
export type AssistantAnswer = z.infer<typeof assistantAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// Requests from the browser.

const uuid = z.uuid({ message: 'Not found.' });
export const generateProjectDataSchema = z.object({
  projectId: uuid,
  /** The description to generate from; the project's own description when omitted. */
  prompt: z.string().max(29900).optional(),
});
export const cardCompletionSchema = z.object({
  cardId: uuid,
  completion: z.enum(['interviewQuestions', 'keyInsights', 'valuePropositionCanvas']),
});
export const generateHypothesesSchema = z.object({
  projectId: uuid,
  section: z.enum(GENERATED_SECTIONS),
});
export const generateExperimentSchema = z.object({ hypothesisId: uuid });
export const generateEvidenceSchema = z.object({
  projectId: uuid,
  title: z.string().trim().max(300).default(''),
  notes: z
    .string()
    .trim()
    .min(20, 'Paste the notes or transcript to draw key insights from (at least 20 characters).')
    .max(29900),
});
export const askAssistantSchema = z.object({
  projectId: uuid,
  question: z.string().trim().min(2, 'Ask the agent a question.').max(2000),
});

export const petalCategoryInputSchema = z.object({
  title: z.string().trim().min(1, 'Give the category a title.').max(120),
  description: z.string().max(2000).default(''),
  marketAnalysis: z.string().max(2000).default(''),
  value: z.string().max(500).default(''),
});
export const petalCompanyInputSchema = z.object({
  name: z.string().trim().min(1, 'Give the company a name.').max(120),
  description: z.string().max(1000).default(''),
  link: z
    .string()
    .trim()
    .max(500)
    .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), 'Please enter a valid URL.')
    .default(''),
});
