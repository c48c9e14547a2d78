/** A project's product-board sections (part 2 §3 Project): the defaults each project starts with, and reading them. */
import { and, asc, eq } from 'drizzle-orm';
import { BOARD_TYPES, ranksBetween, WORKFLOW_DEFAULTS, type BoardType } from '@assay/domain';
import type { Executor } from '../../platform/db/index.ts';
import { boardSections } from '../cards/schema.ts';

const SECTION_COLORS: Record<string, string> = {
  Backlog: '#868e96',
  Now: '#2f9e44',
  Next: '#1971c2',
  Future: '#7048e8',
  New: '#868e96',
  'To Do': '#1971c2',
  'In Progress': '#f08c00',
  Done: '#2f9e44',
  Complete: '#0c8599',
  Parked: '#e8590c',
  Archived: '#495057',
};

/** A section's key from its name. */
export const keyFor = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40) || 'section';

/** Seeds the default sections of each product board (idempotent). */
export async function seedBoardSections(
  tx: Executor,
  organizationId: string,
  projectId: string,
): Promise<void> {
  const rows = BOARD_TYPES.flatMap((sectionType) => {
    const names = WORKFLOW_DEFAULTS[sectionType];
    const ranks = ranksBetween(null, null, names.length);
    return names.map((name, i) => ({
      organizationId,
      projectId,
      sectionType,
      key: keyFor(name),
      name,
      color: SECTION_COLORS[name] ?? '#868e96',
      rank: ranks[i] as string,
      isDefault: i === 0,
      protected:
        sectionType === 'productStatus' && ['Archived', 'Parked', 'Complete'].includes(name),
    }));
  });
  if (rows.length) await tx.insert(boardSections).values(rows).onConflictDoNothing();
}

export function presentBoardSection(row: typeof boardSections.$inferSelect) {
  return {
    key: row.key,
    name: row.name,
    color: row.color,
    rank: row.rank,
    isDefault: row.isDefault,
    protected: row.protected,
  };
}

/** The sections of one product board, in order. */
export async function listBoardSections(
  database: Executor,
  projectId: string,
  sectionType: BoardType,
) {
  const rows = await database
    .select()
    .from(boardSections)
    .where(and(eq(boardSections.projectId, projectId), eq(boardSections.sectionType, sectionType)))
    .orderBy(asc(boardSections.rank));
  return rows.map(presentBoardSection);
}
