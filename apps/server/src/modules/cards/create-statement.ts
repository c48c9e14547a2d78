/**
 * The common card creation — a business hypothesis from the picker, no template — as one SQL
 * statement: the card, its hypothesis row, its event and the project's card version are written
 * together (a single statement is its own transaction), so creating a card costs one round trip
 * instead of seven. The rank at the section's end is found in it too, after the project's row is
 * locked (`assay_append_canvas_rank`, migration 0050), so cards created at once get distinct ranks.
 * The event is published after it commits, like every other.
 */
import { sql } from 'drizzle-orm';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import type { EventRow } from '../../platform/events/schema.ts';
import type { AppServices } from '../../services.ts';
import { fromJson, preparedOnce } from './one-statement.ts';
import type { CardRow, HypothesisRow } from './schema.ts';

const placeholder = (name: string) => sql.placeholder(name);

/** The statement, in its four forms: a draft or not, a rank asked for or the section's end. */
const runCreate = preparedOnce('card_create', (services, form) => {
  const draft = form.includes('draft');
  const ranked = form.includes('ranked');
  // Processed at once unless a handler wants it (a project with integrations): decided in SQL.
  const processedAt = services.events.processedAtSql('cards.create', sql`c.project_id`);
  const section = placeholder('section');
  return sql`
    with c as (
      insert into cards (organization_id, project_id, type, title, draft, published_at, origin,
        created_by_profile_id, updated_by_profile_id)
      values (${placeholder('organizationId')}, ${placeholder('projectId')}, 'hypothesis',
        ${placeholder('title')}, ${draft}, ${draft ? null : sql`now()`}, 'picker',
        ${placeholder('profileId')}, ${placeholder('profileId')})
      returning *
    ), h as (
      insert into hypotheses (card_id, project_id, hypothesis_type, canvas_section, canvas_rank)
      select c.id, c.project_id, 'business', ${section},
        ${ranked ? placeholder('rank') : sql`assay_append_canvas_rank(c.project_id, ${section})`}
      from c
      returning *
    ), e as (
      insert into events (name, organization_id, project_id, actor_id, subject_type, subject_id,
        changes, context, processed_at)
      select 'cards.create', ${placeholder('organizationId')}, c.project_id,
        ${placeholder('profileId')}, 'card', c.id::text, ${placeholder('changes')}::jsonb,
        ${placeholder('context')}::jsonb, ${processedAt}
      from c
      returning *
    ), p as (
      update projects set cards_version = cards_version + 1
      where id = ${placeholder('projectId')} and organization_id = ${placeholder('organizationId')}
      returning id
    )
    select row_to_json(c) as card, row_to_json(h) as hypothesis, row_to_json(e) as event
    from c, h, e, p`;
});

export async function insertBusinessCard(
  services: AppServices,
  member: MemberContext,
  input: {
    projectId: string;
    title: string;
    draft: boolean;
    section: string;
    /** The rank asked for, or null for the section's end (found under the project's lock). */
    rank: string | null;
  },
  context: RequestContext,
): Promise<{ card: CardRow; hypothesis: HypothesisRow }> {
  const changes = {
    type: 'hypothesis',
    hypothesisType: 'business',
    draft: input.draft,
    section: input.section,
  };
  const result = await runCreate(
    services,
    `${input.draft ? 'draft' : 'published'} ${input.rank === null ? 'appended' : 'ranked'}`,
    {
      organizationId: member.organization.id,
      projectId: input.projectId,
      title: input.title,
      profileId: member.profileId,
      section: input.section,
      ...(input.rank === null ? {} : { rank: input.rank }),
      changes: JSON.stringify(changes),
      context: JSON.stringify(context),
    },
  );
  const row = result.rows[0] as Record<string, Record<string, unknown> | undefined> | undefined;
  if (!row?.card || !row.hypothesis || !row.event) throw new Error('card creation wrote nothing');
  const event = fromJson<EventRow>(row.event);
  await services.events.publish([event]);
  return { card: fromJson<CardRow>(row.card), hypothesis: fromJson<HypothesisRow>(row.hypothesis) };
}
