/**
 * The comments of an imported project (#29 item 2): on the project and on its cards, replies kept
 * as replies, under new ids. They come in under the importing person (the file's authors are not
 * members here); likes, which were other people's, stay behind.
 */
import { randomUUID } from 'node:crypto';
import type { ProjectExportFile } from '@assay/domain';
import type { Executor } from '../../platform/db/index.ts';
import { comments } from './schema.ts';

export async function insertImportedComments(
  tx: Executor,
  target: { organizationId: string; projectId: string; profileId: string },
  list: ProjectExportFile['comments'],
  cardIds: ReadonlyMap<string, string>,
): Promise<number> {
  const ids = new Map(list.map((c) => [c.id, randomUUID()]));
  const rows = list.flatMap((c) => {
    const subjectId = c.subjectType === 'project' ? target.projectId : cardIds.get(c.subjectId);
    if (!subjectId) return [];
    return [
      {
        id: ids.get(c.id)!,
        organizationId: target.organizationId,
        projectId: target.projectId,
        subjectType: c.subjectType,
        subjectId,
        ownerProfileId: target.profileId,
        body: c.body,
        connectedCommentId: c.replyTo ? (ids.get(c.replyTo) ?? null) : null,
      },
    ];
  });
  for (let i = 0; i < rows.length; i += 500)
    await tx.insert(comments).values(rows.slice(i, i + 500));
  return rows.length;
}
