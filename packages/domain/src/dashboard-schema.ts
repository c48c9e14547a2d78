/**
 * What the project dashboard's changes accept (market, investment, statements): apart from the
 * dashboard's rules and labels, so a screen that only shows the dashboard does not load zod.
 */
import { z } from 'zod';
import { LIMITS } from './limits.ts';

const money = z.number().min(0).max(1e15).nullable();
const httpUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => /^https?:\/\/[^\s]+$/i.test(v), 'Please enter a valid http or https URL.');
const notes = z.string().max(LIMITS.textFieldMax, 'Please shorten your text...');

export const updateProjectMarketSchema = z
  .object({
    projectId: z.string().uuid(),
    target: money,
    served: money,
    total: money,
    notes,
    analysis: notes,
    links: z.array(httpUrl).max(20),
    media: z.array(z.string().uuid()).max(50),
  })
  .partial()
  .required({ projectId: true })
  .strict();

export const updateProjectInvestmentSchema = z
  .object({
    projectId: z.string().uuid(),
    total: money,
    toDate: money,
    notes,
    media: z.array(z.string().uuid()).max(50),
  })
  .partial()
  .required({ projectId: true })
  .strict();

export const updateProjectDashboardSchema = z
  .object({
    projectId: z.string().uuid(),
    description: notes,
    whoFor: notes,
    problemStatement: notes,
    solutionStatement: notes,
    whyNot: notes,
    whyNow: notes,
  })
  .partial()
  .required({ projectId: true })
  .strict();
