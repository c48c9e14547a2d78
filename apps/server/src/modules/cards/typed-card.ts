import type { Executor } from '../../platform/db/index.ts';
import type { CardRow } from './schema.ts';

/** What a card type adds when a card of it is created from a picker (evidence, experiment). */
export interface TypedCardPart {
  isEvidence: boolean;
  /** Writes the type's own row, in the creation's transaction. */
  insert(tx: Executor, card: CardRow): Promise<void>;
}
