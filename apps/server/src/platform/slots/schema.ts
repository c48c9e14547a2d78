/** Work an organisation runs one at a time across instances (issue #47): who holds the slot. */
import { pgTable, text } from 'drizzle-orm/pg-core';
import { at } from '../db/columns.ts';

export const workSlots = pgTable('work_slots', {
  /** What and whose, e.g. `import:<organisation id>`. */
  key: text('key').primaryKey(),
  takenAt: at('taken_at').notNull(),
});
