/**
 * One at a time, across instances (issue #47): a slot is a row taken by one insert; a second
 * taker finds it held. A slot held longer than its work could take (a crashed instance) is taken
 * over. The work releases it when done, however it ends.
 */
import { eq, lt } from 'drizzle-orm';
import type { Executor } from '../db/index.ts';
import { workSlots } from './schema.ts';

/** Answers true when this call took the slot. */
export async function takeSlot(db: Executor, key: string, staleAfterMs: number): Promise<boolean> {
  const now = new Date();
  const taken = await db
    .insert(workSlots)
    .values({ key, takenAt: now })
    .onConflictDoUpdate({
      target: workSlots.key,
      set: { takenAt: now },
      setWhere: lt(workSlots.takenAt, new Date(now.getTime() - staleAfterMs)),
    })
    .returning({ key: workSlots.key });
  return taken.length > 0;
}

export async function releaseSlot(db: Executor, key: string): Promise<void> {
  await db.delete(workSlots).where(eq(workSlots.key, key));
}

/** Runs `work` holding the slot, or answers `busy()`'s error without running it. */
export async function inSlot<T>(
  db: Executor,
  key: string,
  staleAfterMs: number,
  busy: () => Error,
  work: () => Promise<T>,
): Promise<T> {
  if (!(await takeSlot(db, key, staleAfterMs))) throw busy();
  try {
    return await work();
  } finally {
    await releaseSlot(db, key);
  }
}
