/** The generation's events: each step of a generation is recorded where its project hears it. */
import type { UnitOfWork } from '../../platform/events/unit-of-work.ts';
import type { GenerationRow } from './schema.ts';

export function recordGenerationEvent(
  unit: UnitOfWork,
  row: GenerationRow,
  action: string,
  actorId: string | null,
) {
  return unit.record({
    name: `generation.${action}`,
    organizationId: row.organizationId,
    projectId: row.projectId,
    actorId,
    subjectType: row.cardId ? 'card' : 'project',
    subjectId: row.cardId ?? row.projectId,
    changes: {
      generationId: row.id,
      kind: row.kind,
      status: row.status,
      stage: row.stage,
      totalStages: row.totalStages,
      parts: row.parts,
    },
  });
}
