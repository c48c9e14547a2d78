/**
 * Autosave: after the person stops typing for `delay` ms the value is saved; the status shows a
 * spinner while saving, then a green check for 3 s. Values over the limit are never saved.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { TIMERS } from '@assay/domain';
import { useRegisterFlush } from './pending-edits.ts';

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'error';

export function useAutosave<T>(options: {
  delay: number;
  save: (value: T) => Promise<unknown>;
  /** False while the value may not be saved (over the limit). */
  canSave?: (value: T) => boolean;
}) {
  const [status, setStatus] = useState<SaveStatus>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const savedTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<{ value: T } | null>(null);
  const latest = useRef(options);
  latest.current = options;

  const flush = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const next = pending.current;
    pending.current = null;
    if (!next) return;
    if (latest.current.canSave && !latest.current.canSave(next.value)) return;
    setStatus('saving');
    try {
      await latest.current.save(next.value);
      setStatus('saved');
      if (savedTimer.current) clearTimeout(savedTimer.current);
      savedTimer.current = setTimeout(() => setStatus('idle'), TIMERS.savedCheckMs);
    } catch {
      setStatus('error');
    }
  }, []);

  const change = useCallback(
    (value: T) => {
      pending.current = { value };
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), latest.current.delay);
    },
    [flush],
  );

  // An action on the card (publish, move, close) saves what is waiting first.
  useRegisterFlush(flush);

  // Whatever is still waiting is saved when the field goes away (the card closes).
  useEffect(
    () => () => {
      if (savedTimer.current) clearTimeout(savedTimer.current);
      void flush();
    },
    [flush],
  );

  return { status, change, flush };
}
