/**
 * A connection made or rated in three round trips (#53): one statement reads everything the
 * write and its answer need (the cards, their connections and the cards at the other ends, the
 * interviewees those count by, the hypotheses' places on the map); the confidence and map
 * quadrant each hypothesis will have are worked out here from it; one statement writes the
 * connection, the project's card version, the quadrants that move with the learning events that
 * note them, and the event (a single statement is its own transaction); the event is published
 * after it, like every other. The answer — the card's associations and confidence — is made
 * from what was read and written, not read again.
 */
import { sql, type SQL } from 'drizzle-orm';
import { mapPlacement, type AssumptionQuadrant, type LearningSettings } from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import type { EventRow } from '../../platform/events/schema.ts';
import type { AppServices } from '../../services.ts';
import { confidencesFrom, UNTESTED, type ConfidenceInputs } from './confidence.ts';
import { executePrepared, fromJson } from './one-statement.ts';
import type { CardRow, ConnectionRow, HypothesisRow } from './schema.ts';

/** A card at an end of one of the scene's connections (or one of its own cards). */
export type EndCard = ConfidenceInputs['found'][number] & {
  title: string;
  isEvidence: boolean;
  hypothesisType: string | null;
};

export interface ConnectionScene {
  /** The cards asked for (and, for a rating, the connection's other card), as cardAccess reads them. */
  cards: Map<string, { card: CardRow; hypothesis: HypothesisRow | null }>;
  /** Every connection of those cards. */
  links: ConnectionRow[];
  /** The live cards at the ends of those connections, the scene's own cards among them. */
  ends: EndCard[];
  people: ConfidenceInputs['people'];
}

type Json = Record<string, unknown>;

/**
 * The scene's one statement: the given cards of the organisation that are not deleted, and with
 * `connectionId`, that connection's other card too, with their connections and the cards at the
 * other ends. Each part is found through an index (cards by id, connections by either end), so it
 * costs the same in a database of millions of cards as in a project's (`bench:volume`; the plan
 * is held to indexes by connection-scene-plan.test.ts).
 */
export function connectionSceneStatement(
  organizationId: string,
  cardIds: string[],
  connectionId: string | null,
): SQL {
  const ids = sql`array[${sql.join(
    cardIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]`;
  return sql`
    with named as (
      select unnest(${ids}) as id
      union
      select case when l.first_card_id = any(${ids}) then l.second_card_id else l.first_card_id end
        from connections l where l.id = ${connectionId}::uuid
    ), given as (
      -- The cards by their key, then whether they are live and the organisation's: asked for in
      -- the same scan, "live" would let the planner walk a partial index of every live card
      -- (OFFSET 0 keeps the conditions out of the scan).
      select c.id from (
        select c.id, c.organization_id, c.deleted_at from cards c
        where c.id in (select id from named) offset 0
      ) c
      where c.organization_id = ${organizationId} and c.deleted_at is null
    ), links as (
      select l.* from connections l where l.first_card_id in (select id from given)
      union all
      select l.* from connections l
      where l.second_card_id in (select id from given)
        and l.first_card_id not in (select id from given)
    ), ends as (
      select l.first_card_id as id from links l union select l.second_card_id from links l
      union select id from given
    )
    select
      (select coalesce(json_agg(json_build_object('card', row_to_json(c), 'hypothesis', row_to_json(h))), '[]')
        from cards c left join hypotheses h on h.card_id = c.id
        where c.id in (select id from given)) as cards,
      (select coalesce(json_agg(row_to_json(l)), '[]') from links l) as links,
      (select coalesce(json_agg(json_build_object(
          'id', c.id, 'title', c.title, 'type', c.type, 'is_evidence', c.is_evidence,
          'draft', c.draft, 'evidence_kind', c.evidence_kind, 'published_at', c.published_at,
          'created_at', c.created_at, 'hypothesis_type', h.hypothesis_type, 'phase', e.phase,
          'success', e.success, 'criteria', e.success_criteria, 'completed_at', e.completed_at)), '[]')
        from (select * from cards c where c.id in (select id from ends) offset 0) c
        left join hypotheses h on h.card_id = c.id
        left join experiments e on e.card_id = c.id
        where c.deleted_at is null) as ends,
      (select coalesce(json_agg(json_build_object(
          'card_id', ci.card_id, 'interviewee_id', ci.interviewee_id)), '[]')
        from card_interviewees ci where ci.card_id in (select id from ends)) as people`;
}

/** Reads the scene of a connection in one statement. */
export async function loadConnectionScene(
  services: AppServices,
  member: MemberContext,
  cardIds: string[],
  connectionId: string | null,
): Promise<ConnectionScene> {
  const result = await executePrepared(
    services,
    'connection_scene',
    connectionSceneStatement(member.organization.id, cardIds, connectionId),
  );
  const row = (result.rows[0] ?? {}) as Record<string, Json[] | undefined>;
  const cards = new Map<string, { card: CardRow; hypothesis: HypothesisRow | null }>();
  for (const found of row.cards ?? []) {
    const card = fromJson<CardRow>(found.card as Json);
    const hypothesis = found.hypothesis ? fromJson<HypothesisRow>(found.hypothesis as Json) : null;
    cards.set(card.id, { card, hypothesis });
  }
  return {
    cards,
    links: (row.links ?? []).map((l) => fromJson<ConnectionRow>(l)),
    ends: (row.ends ?? []).map((e) => fromJson<EndCard>(e)),
    people: (row.people ?? []).map((p) => fromJson<ConfidenceInputs['people'][number]>(p)),
  };
}

/** Where a hypothesis of the scene moves on the map once its connections are `links`. */
export interface QuadrantMove {
  cardId: string;
  projectId: string;
  to: AssumptionQuadrant;
  /** Noted as a learning event: it was placed before and is published. */
  from: AssumptionQuadrant | null;
}

/**
 * The confidence of the scene's hypotheses with `links` as their connections, and the quadrants
 * that move (noteQuadrants' rule: the first placement and a draft's are not noted).
 */
export function planLearning(
  scene: ConnectionScene,
  links: { firstCardId: string; secondCardId: string; rating: number | null }[],
  hypothesisIds: string[],
  learning: LearningSettings,
) {
  const wanted = new Set(hypothesisIds.filter((id) => scene.cards.get(id)?.hypothesis));
  const confidences = confidencesFrom({
    rows: links.map((l) => ({ first: l.firstCardId, second: l.secondCardId, rating: l.rating })),
    found: scene.ends,
    people: scene.people,
    wanted,
    settings: learning,
    now: new Date(),
  });
  const moves: QuadrantMove[] = [];
  for (const id of wanted) {
    const { card, hypothesis } = scene.cards.get(id)!;
    if (!hypothesis) continue;
    const { quadrant } = mapPlacement(
      {
        section: hypothesis.canvasSection,
        risky: hypothesis.risky,
        importance: hypothesis.importance,
      },
      confidences.get(id) ?? UNTESTED,
    );
    if (quadrant === hypothesis.quadrant) continue;
    moves.push({
      cardId: id,
      projectId: hypothesis.projectId,
      to: quadrant,
      from:
        hypothesis.quadrant === null || card.draft
          ? null
          : (hypothesis.quadrant as AssumptionQuadrant),
    });
  }
  return { confidences, moves };
}

/** The writes every connection change makes with its own: version, quadrants, their events. */
function learningWrites(
  member: MemberContext,
  projectId: string,
  moves: QuadrantMove[],
): { version: SQL; quadrants: SQL; noted: SQL } {
  const version = sql`update projects set cards_version = cards_version + 1
    where id = ${projectId} and exists (select 1 from c) returning id`;
  const quadrants = moves.length
    ? sql`update hypotheses h set quadrant = v.quadrant
        from (values ${sql.join(
          moves.map((m) => sql`(${m.cardId}::uuid, ${m.to}::text)`),
          sql`, `,
        )}) as v(card_id, quadrant)
        where h.card_id = v.card_id and exists (select 1 from c) returning h.card_id`
    : sql`select 1 where false`;
  const noted = moves.filter((m) => m.from !== null);
  const events = noted.length
    ? sql`insert into learning_events (organization_id, project_id, card_id, kind, detail,
          actor_profile_id)
        select ${member.organization.id}, v.project_id, v.card_id, 'quadrant', v.detail,
          ${member.profileId}
        from (values ${sql.join(
          noted.map(
            (m) =>
              sql`(${m.projectId}::uuid, ${m.cardId}::uuid, ${JSON.stringify({ from: m.from, to: m.to })}::jsonb)`,
          ),
          sql`, `,
        )}) as v(project_id, card_id, detail)
        where exists (select 1 from c) returning id`
    : sql`select 1 where false`;
  return { version, quadrants, noted: events };
}

/** The connection written (`c`) with the rest, and its event; null when `c` wrote nothing. */
async function writeWith(
  services: AppServices,
  member: MemberContext,
  context: RequestContext,
  input: {
    name: 'connections.create' | 'connections.rate';
    projectId: string;
    connection: SQL;
    changes: SQL;
    moves: QuadrantMove[];
  },
): Promise<{ connection: ConnectionRow; event: EventRow } | null> {
  const writes = learningWrites(member, input.projectId, input.moves);
  const processedAt = services.events.processedAtSql(input.name, sql`c.project_id`);
  const result = await executePrepared(
    services,
    'connection_write',
    sql`
    with c as (${input.connection}),
    p as (${writes.version}),
    q as (${writes.quadrants}),
    n as (${writes.noted}),
    e as (
      insert into events (name, organization_id, project_id, actor_id, subject_type, subject_id,
        changes, context, processed_at)
      select ${input.name}, ${member.organization.id}, c.project_id, ${member.profileId},
        'connection', c.id::text, ${input.changes}, ${JSON.stringify(context)}::jsonb,
        ${processedAt}
      from c
      returning *
    )
    select row_to_json(c) as connection, row_to_json(e) as event from c, e`,
  );
  const row = result.rows[0] as Record<string, Json | undefined> | undefined;
  if (!row?.connection || !row.event) return null;
  const event = fromJson<EventRow>(row.event);
  await services.events.publish([event]);
  return { connection: fromJson<ConnectionRow>(row.connection), event };
}

/** Inserts a connection (nothing when the two cards are connected already). */
export function insertConnection(
  services: AppServices,
  member: MemberContext,
  context: RequestContext,
  input: {
    projectId: string;
    first: string;
    second: string;
    rating: number | null;
    quote: string | null;
    moves: QuadrantMove[];
  },
) {
  return writeWith(services, member, context, {
    name: 'connections.create',
    projectId: input.projectId,
    connection: sql`insert into connections (organization_id, project_id, first_card_id,
        second_card_id, rating, quote, owner_profile_id, updated_by_profile_id)
      values (${member.organization.id}, ${input.projectId}, ${input.first}, ${input.second},
        ${input.rating}::int, ${input.quote}, ${member.profileId}, ${member.profileId})
      on conflict do nothing
      returning *`,
    changes: sql`jsonb_build_object('connectionId', c.id, 'cards',
      ${JSON.stringify([input.first, input.second])}::jsonb, 'rating', ${input.rating}::int)`,
    moves: input.moves,
  });
}

/** Sets a connection's rating. */
export function updateRating(
  services: AppServices,
  member: MemberContext,
  context: RequestContext,
  input: {
    projectId: string;
    connectionId: string;
    cards: [string, string];
    rating: number | null;
    moves: QuadrantMove[];
  },
) {
  return writeWith(services, member, context, {
    name: 'connections.rate',
    projectId: input.projectId,
    connection: sql`update connections set rating = ${input.rating}::int,
        updated_by_profile_id = ${member.profileId}, updated_at = now()
      where id = ${input.connectionId}
      returning *`,
    changes: sql`jsonb_build_object('connectionId', c.id, 'cards',
      ${JSON.stringify(input.cards)}::jsonb, 'rating', ${input.rating}::int)`,
    moves: input.moves,
  });
}
