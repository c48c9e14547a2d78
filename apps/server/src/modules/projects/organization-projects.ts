/** Every project of an organisation (not the evidence locker), for its export (#29). */
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../platform/db/index.ts';
import { projects } from './schema.ts';

export function organizationProjectRows(db: Executor, organizationId: string) {
  return db
    .select()
    .from(projects)
    .where(and(eq(projects.organizationId, organizationId), ne(projects.kind, 'locker')))
    .orderBy(asc(projects.createdAt));
}
