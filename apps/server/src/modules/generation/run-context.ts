/** What a generation's handler works with (runner.ts runs them; evidence-run.ts has two). */
import { and, eq, inArray } from 'drizzle-orm';
import type { ProjectBrief } from '../../platform/ai/provider.ts';
import type { UnitOfWork } from '../../platform/events/unit-of-work.ts';
import type { AppServices } from '../../services.ts';
import { cardTexts } from '../cards/schema.ts';
import type { ProjectRow } from '../projects/schema.ts';
import type { GenerationRow } from './schema.ts';
import type { Actor } from './writes.ts';

export interface Run {
  row: GenerationRow;
  project: ProjectRow;
  actor: Actor;
  brief: ProjectBrief;
  /** Moves the progress bar to a stage (1-based). */
  stage(n: number, parts?: Record<string, string>): Promise<void>;
}

/** The writes that land with the success event. */
export type Finish = (
  unit: UnitOfWork,
) => Promise<{ result: unknown; parts?: Record<string, string> }>;

/** A card's texts of these fields, in this order, joined. */
export async function cardText(services: AppServices, cardId: string, fields: string[]) {
  const rows = await services.database.db
    .select({ field: cardTexts.field, rawText: cardTexts.rawText })
    .from(cardTexts)
    .where(and(eq(cardTexts.cardId, cardId), inArray(cardTexts.field, fields)));
  const byField = new Map(rows.map((r) => [r.field, r.rawText]));
  return fields
    .map((f) => byField.get(f) ?? '')
    .filter((t) => t.trim())
    .join('\n\n');
}
