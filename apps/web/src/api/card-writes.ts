/**
 * Card writes go out one at a time per card, each carrying the newest version the client knows,
 * so a person's own quick edits never collide with each other; a stale version (someone else
 * saved) still comes back as a 409 and the caller reloads the card.
 */
import { queueWrite } from './write-queue.ts';

const versions = new Map<string, number>();

/** Remembers a version seen in a server answer (never going backwards). */
export function noteCardVersion(cardId: string, version: number) {
  const known = versions.get(cardId);
  if (known === undefined || version > known) versions.set(cardId, version);
}

/** After a reload, the server's version is the truth even if it is lower than ours. */
export function resetCardVersion(cardId: string, version: number) {
  versions.set(cardId, version);
}

export function knownCardVersion(cardId: string, fallback: number): number {
  return Math.max(versions.get(cardId) ?? 0, fallback);
}

export function queueCardWrite<T extends { version: number }>(
  cardId: string,
  fallbackVersion: number,
  write: (version: number) => Promise<T>,
): Promise<T> {
  return queueWrite(cardWriteKey(cardId), async () => {
    const result = await write(knownCardVersion(cardId, fallbackVersion));
    noteCardVersion(cardId, result.version);
    return result;
  });
}

/**
 * A write that sends no version but moves the card's (a tag added or removed): it waits its turn
 * like the others, and the version it answers is what the next write sends — else a switch
 * clicked while a tag was on its way went out with the old version and was refused (#26 bug 3).
 */
export function queueUnversionedCardWrite<T extends { version: number }>(
  cardId: string,
  write: () => Promise<T>,
): Promise<T> {
  return queueWrite(cardWriteKey(cardId), async () => {
    const result = await write();
    noteCardVersion(cardId, result.version);
    return result;
  });
}

/** The write-queue key of a card's writes. */
export const cardWriteKey = (cardId: string) => `card:${cardId}`;

/** True when the error is the server refusing a stale version. */
export function isStaleVersion(error: unknown): boolean {
  return (error as { statusCode?: number } | null)?.statusCode === 409;
}
