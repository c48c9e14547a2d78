/**
 * The stored files of an organisation, for its deletion (issue #29): every upload's original and
 * its image copies. Read before the rows go; the files are removed once the deletion committed.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/index.ts';
import { media } from './schema.ts';

export async function organizationFileKeys(tx: Tx, organizationId: string): Promise<string[]> {
  const rows = await tx
    .select({ path: media.path, variants: media.variants })
    .from(media)
    .where(eq(media.organizationId, organizationId));
  return rows.flatMap((row) =>
    [row.path, row.variants.medium, row.variants.thumb].filter(
      (key): key is string => typeof key === 'string' && key.length > 0,
    ),
  );
}
