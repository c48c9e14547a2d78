/**
 * Writes to one thing (a card, a cohort…) go out one at a time, in the order the person made
 * them: each answer then describes the state after every earlier write, and a slow answer can
 * never land after a newer one and put an older state back on screen.
 */
const chains = new Map<string, Promise<unknown>>();

export function queueWrite<T>(key: string, write: () => Promise<T>): Promise<T> {
  const previous = chains.get(key) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(write);
  chains.set(key, next);
  next
    .finally(() => {
      if (chains.get(key) === next) chains.delete(key);
    })
    // The caller handles the failure; this branch only tidies up.
    .catch(() => undefined);
  return next;
}

/** True while writes to the key are queued or on their way. */
export function hasPendingWrites(key: string): boolean {
  return chains.has(key);
}

/** Resolves once every write queued for the key so far has been answered (or failed). */
export function settledWrites(key: string): Promise<void> {
  const chain = chains.get(key);
  return chain
    ? chain.then(
        () => undefined,
        () => undefined,
      )
    : Promise.resolve();
}
