/**
 * What the card routes answer (part 2 §2, §7): a card as its screen shows it, the canvas of a
 * project, the links between cards, and the contacts interviews are held with. Nested parts are
 * named where a client reads them and left open where they carry more.
 */
import { z } from 'zod';
import { projectAnswer } from './answers.ts';

/** A part a client reads as a whole (its own shape is the GraphQL type of the same name). */
const open = z.unknown();

/** Links between cards, by kind, with their counts and the rating they add up to. */
export const associationsAnswer = z.looseObject({
  associations: z.object({
    hypothesis: z.array(open),
    evidence: z.array(open),
    experiments: z.array(open),
  }),
  metrics: z.looseObject({
    hypothesis: z.number(),
    evidence: z.number(),
    experiments: z.number(),
  }),
  rating: z.looseObject({ sum: z.number(), count: z.number() }),
});

/** A card as its screen shows it: fields, texts, links, files and what you may do. */
export const cardAnswer = z.looseObject({
  id: z.string(),
  projectId: z.string(),
  type: z.string(),
  title: z.string(),
  draft: z.boolean(),
  tags: z.array(z.string()),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  texts: z.array(open),
  media: z.array(open),
  associations: open,
  commentsCount: z.number(),
  abilities: z.record(z.string(), z.boolean()),
  path: z.string(),
});

/** A card on a board: what the board draws and whether you may move it. */
export const boardCardAnswer = z.looseObject({
  id: z.string(),
  title: z.string(),
  draft: z.boolean(),
  version: z.number(),
  tags: z.array(z.string()),
  section: z.string().nullable(),
  rank: z.string().nullable(),
  risky: z.boolean(),
  canEdit: z.boolean(),
});

/** A project's business canvas: its layout and its hypotheses. */
export const canvasAnswer = z.object({
  project: projectAnswer,
  cards: z.array(boardCardAnswer),
});

/** A contact interviews are held with (part 2 §3 Interviewee). */
export const intervieweeAnswer = z.looseObject({
  id: z.string(),
  name: z.string(),
  interviewCount: z.number().optional(),
});

/** A page of contacts (the total also travels in X-Total-Count on the list routes). */
export const intervieweesPageAnswer = z.object({
  total: z.number(),
  interviewees: z.array(intervieweeAnswer),
});

/** A connection to make: the other card and, optionally, its rating (-2…2). */
export const connectBody = z.looseObject({
  cardId: z.unknown().optional(),
  rating: z.unknown().optional(),
  connection: z.looseObject({ cardId: z.unknown(), rating: z.unknown().optional() }).optional(),
});

/** A connection's rating (-2…2; null takes it away). */
export const ratingBody = z.looseObject({
  rating: z.unknown().optional(),
  connection: z.looseObject({ rating: z.unknown().optional() }).optional(),
});
