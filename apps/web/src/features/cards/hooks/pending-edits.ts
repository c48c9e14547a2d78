/**
 * Edits a person has typed but that are still waiting for their autosave delay. An action that
 * depends on them (move an experiment to Run, publish, close the card) first saves them and waits
 * for every write to the card, so it never reaches the server ahead of what was typed just before.
 */
import { createContext, useContext, useEffect } from 'react';
import { settledWrites } from '../../../api/write-queue.ts';

type Flush = () => Promise<void>;
const flushers = new Map<string, Set<Flush>>();

/** The write-queue key of the card whose fields are below (set by the card's detail). */
export const EditScopeContext = createContext<string | null>(null);

/** Registers a field's flush with the card it belongs to, while the field is shown. */
export function useRegisterFlush(flush: Flush) {
  const scope = useContext(EditScopeContext);
  useEffect(() => {
    if (!scope) return;
    const set = flushers.get(scope) ?? new Set<Flush>();
    set.add(flush);
    flushers.set(scope, set);
    return () => {
      set.delete(flush);
      if (set.size === 0 && flushers.get(scope) === set) flushers.delete(scope);
    };
  }, [scope, flush]);
}

/** Saves every waiting edit of the scope now and resolves once all its writes are answered. */
export async function flushEdits(scope: string): Promise<void> {
  await Promise.all([...(flushers.get(scope) ?? [])].map((flush) => flush()));
  await settledWrites(scope);
}
