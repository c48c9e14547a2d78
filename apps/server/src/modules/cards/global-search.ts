/**
 * The global search (#26, Ctrl/Cmd-K): projects by name and cards by title, summary or text,
 * across every project the member may see (private projects, cohort teams and hidden engagements
 * as in each project's own lists; drafts only their author's; cards only from the workspaces the
 * member opens). Ranked: a title that starts with
 * the words, then one that holds them, then a match in the text; newer first within a rank.
 */
import { and, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { cardPath, globalSearchSchema, type SearchHit } from '@assay/domain';
import type { MemberContext } from '../../http/member-context.ts';
import { containsPattern } from '../../platform/db/like.ts';
import type { AppServices } from '../../services.ts';
import { hiddenEngagementTypes, withoutHiddenEngagements } from '../cohorts/ports.ts';
import { listProjects } from '../projects/ports.ts';
import { parse } from '../../http/parse.ts';
import { cards, cardTexts, hypotheses } from './schema.ts';

function kindOf(type: string, hypothesisType: string | null): SearchHit['kind'] {
  if (type === 'hypothesis') return hypothesisType === 'product' ? 'idea' : 'hypothesis';
  if (type === 'experiment') return 'experiment';
  return 'evidence';
}

function rankOf(title: string, words: string): number {
  const t = title.toLowerCase();
  if (t.startsWith(words)) return 0;
  if (t.includes(words)) return 1;
  return 2;
}

export async function globalSearch(services: AppServices, member: MemberContext, input: unknown) {
  const { text, limit } = parse(globalSearchSchema.safeParse(input));
  const words = text.toLowerCase();
  const { projects: visible } = await listProjects(services, member);
  if (visible.length === 0) return [];
  const names = new Map(visible.map((p) => [p.id, p.name]));
  // Cards only from the workspaces the member opens: a project closed to them shows its
  // dashboard, not its cards (part 1 §2.5); the project itself is still found, and opens there.
  const open = visible.filter((p) => p.abilities.openWorkspace);
  const pattern = containsPattern(text);

  // Cohort teams hide some engagements from some members: those projects are searched apart.
  const plain = open.filter((p) => !p.cohortId).map((p) => p.id);
  const scopes: { ids: string[]; extra: SQL[] }[] = plain.length ? [{ ids: plain, extra: [] }] : [];
  for (const team of open.filter((p) => p.cohortId)) {
    const hidden = await hiddenEngagementTypes(services.database.db, member, {
      id: team.id,
      cohortId: team.cohortId,
    });
    const condition = withoutHiddenEngagements(hidden);
    scopes.push({ ids: [team.id], extra: condition ? [condition] : [] });
  }
  const found = (
    await Promise.all(
      scopes.map((scope) =>
        services.database.db
          .select({
            id: cards.id,
            projectId: cards.projectId,
            type: cards.type,
            title: cards.title,
            updatedAt: cards.updatedAt,
            hypothesisType: hypotheses.hypothesisType,
          })
          .from(cards)
          .leftJoin(hypotheses, eq(hypotheses.cardId, cards.id))
          .where(
            and(
              eq(cards.organizationId, member.organization.id),
              inArray(cards.projectId, scope.ids),
              isNull(cards.deletedAt),
              eq(cards.template, false),
              or(eq(cards.draft, false), eq(cards.createdByProfileId, member.profileId)),
              or(
                ilike(cards.title, pattern),
                ilike(hypotheses.summary, pattern),
                sql`exists (select 1 from ${cardTexts} where ${cardTexts.cardId} = ${cards.id} and ${cardTexts.rawText} ilike ${pattern})`,
              ),
              ...scope.extra,
            ),
          )
          .orderBy(desc(cards.updatedAt))
          .limit(limit * 3),
      ),
    )
  ).flat();

  const projectHits = visible
    .filter((p) => p.name.toLowerCase().includes(words))
    .map((p) => ({
      rank: rankOf(p.name, words),
      at: p.createdAt,
      hit: {
        kind: 'project' as const,
        id: p.id,
        title: p.name,
        projectId: p.id,
        projectName: p.name,
        path: p.openPath,
      },
    }));
  const cardHits = found.map((c) => ({
    rank: rankOf(c.title, words),
    at: c.updatedAt.toISOString(),
    hit: {
      kind: kindOf(c.type, c.hypothesisType),
      id: c.id,
      title: c.title || 'Untitled',
      projectId: c.projectId,
      projectName: names.get(c.projectId) ?? '',
      path: cardPath({ id: c.id, type: c.type, hypothesisType: c.hypothesisType }),
    },
  }));
  return [...projectHits, ...cardHits]
    .sort((a, b) => a.rank - b.rank || b.at.localeCompare(a.at))
    .slice(0, limit)
    .map((r) => r.hit) satisfies SearchHit[];
}
