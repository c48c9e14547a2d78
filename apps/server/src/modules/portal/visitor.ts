/**
 * What a visitor without an account may read: a ready, public board of a project whose plan and
 * settings still include the portal, with its categories, sections and the live copies of its
 * published cards, and the images those live copies show. Nothing else of the project is loaded.
 */
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  AppError,
  isValidPublicLink,
  organizationHasFeature,
  type License,
  type PortalColor,
  type VisitorBoard,
  type VisitorCard,
} from '@assay/domain';
import type { AppServices } from '../../services.ts';
import { cards, connections } from '../cards/schema.ts';
import { media } from '../media/schema.ts';
import { organizations } from '../organizations/schema.ts';
import { projects } from '../projects/schema.ts';
import { publicBoards, publicCards, publicCategories, publicSections } from './schema.ts';
import { connectionCounts } from './state.ts';

/** The board behind a link, when visitors may see it. */
async function visibleBoard(services: AppServices, link: string) {
  if (!isValidPublicLink(link)) return null;
  const [row] = await services.database.db
    .select({
      board: publicBoards,
      project: projects,
      organization: organizations,
      // Connection counts show on cards; links do not move the project's card version.
      connections: sql<string>`(select count(*) || ':' || coalesce(max(${connections.updatedAt})::text, '') from ${connections} where ${connections.projectId} = ${projects.id})`,
    })
    .from(publicBoards)
    .innerJoin(projects, eq(projects.id, publicBoards.projectId))
    .innerJoin(organizations, eq(organizations.id, publicBoards.organizationId))
    .where(
      and(
        eq(publicBoards.link, link),
        eq(publicBoards.status, 'ready'),
        eq(publicBoards.shareSetting, 'public'),
      ),
    );
  if (!row) return null;
  if (!row.project.settings.publicPortal) return null;
  const allowed = organizationHasFeature(
    { ...row.organization, license: row.organization.license as License },
    'publicPortal',
  );
  return allowed ? row : null;
}

/** Boards kept for visitors; each is tens of KB. */
const MAX_CACHED_BOARDS = 64;
/**
 * Visitor boards by link, under a stamp of everything they are made of: the board's updatedAt
 * (moved by every portal change, public cards included) and the project's card version (moved by
 * every card and connection change). The stamp comes from the one query every read makes anyway,
 * so a cached board is never stale, and several app instances stay correct on their own.
 */
const cache = new Map<string, { stamp: string; board: VisitorBoard }>();

const visitorMediaUrl = (link: string, mediaId: string, variant?: 'thumb' | 'medium') =>
  `/api/public/portals/${link}/media/${mediaId}${variant ? `?variant=${variant}` : ''}`;

/** The portal as visitors see it, or null (unknown, hidden, or switched off). */
export async function loadVisitorBoard(
  services: AppServices,
  link: string,
): Promise<VisitorBoard | null> {
  const found = await visibleBoard(services, link);
  if (!found) return null;
  const stamp = [
    found.board.id,
    found.board.updatedAt.getTime(),
    found.project.cardsVersion,
    found.connections,
    found.organization.name,
  ].join('|');
  const hit = cache.get(link);
  if (hit?.stamp === stamp) return hit.board;
  const built = await buildVisitorBoard(services, found);
  cache.delete(link);
  cache.set(link, { stamp, board: built });
  if (cache.size > MAX_CACHED_BOARDS) cache.delete(cache.keys().next().value ?? '');
  return built;
}

async function buildVisitorBoard(
  services: AppServices,
  found: NonNullable<Awaited<ReturnType<typeof visibleBoard>>>,
): Promise<VisitorBoard> {
  const { board, organization } = found;
  const link = board.link;
  const db = services.database.db;
  const [categories, sections, rows] = await Promise.all([
    db
      .select()
      .from(publicCategories)
      .where(eq(publicCategories.boardId, board.id))
      .orderBy(asc(publicCategories.rank)),
    db
      .select()
      .from(publicSections)
      .where(eq(publicSections.boardId, board.id))
      .orderBy(asc(publicSections.rank)),
    db
      .select({ publicCard: publicCards })
      .from(publicCards)
      .innerJoin(cards, eq(cards.id, publicCards.cardId))
      .where(
        and(
          eq(publicCards.boardId, board.id),
          isNotNull(publicCards.live),
          isNull(cards.deletedAt),
        ),
      )
      .orderBy(asc(publicCards.section), asc(publicCards.rank)),
  ]);
  const imageIds = rows.flatMap((r) => r.publicCard.live?.images ?? []);
  const variants = new Map<string, { thumb: boolean; medium: boolean }>();
  if (imageIds.length > 0) {
    const mediaRows = await db
      .select({ id: media.id, variants: media.variants })
      .from(media)
      .where(and(inArray(media.id, imageIds), eq(media.organizationId, board.organizationId)));
    for (const m of mediaRows)
      variants.set(m.id, { thumb: !!m.variants.thumb, medium: !!m.variants.medium });
  }
  const counts = await connectionCounts(
    db,
    rows.map((r) => r.publicCard.cardId),
  );
  const totals = new Map<string, number>();
  const visitorCards: VisitorCard[] = rows.map(({ publicCard }) => {
    const live = publicCard.live ?? {
      title: '',
      summary: '',
      description: '',
      images: [],
      figma: null,
    };
    totals.set(publicCard.section, (totals.get(publicCard.section) ?? 0) + 1);
    return {
      id: publicCard.id,
      categoryId: publicCard.categoryId,
      section: publicCard.section,
      title: live.title,
      summary: live.summary,
      description: live.description,
      images: live.images
        .filter((id) => variants.has(id))
        .map((id) => ({
          url: visitorMediaUrl(link, id),
          thumbUrl: variants.get(id)?.thumb ? visitorMediaUrl(link, id, 'thumb') : null,
          mediumUrl: variants.get(id)?.medium ? visitorMediaUrl(link, id, 'medium') : null,
        })),
      figma: live.figma,
      connectionCount: counts.get(publicCard.cardId) ?? 0,
      publishedAt: (publicCard.publishedAt ?? publicCard.updatedAt).toISOString(),
    };
  });
  return {
    name: board.name,
    link: board.link,
    image: board.imageMediaId ? visitorMediaUrl(link, board.imageMediaId) : null,
    signature: organization.name,
    categories: categories.map((c) => ({ id: c.id, name: c.name, color: c.color as PortalColor })),
    sections: sections.map((s) => ({
      key: s.key,
      name: s.name,
      color: s.color as PortalColor,
      cardTotal: totals.get(s.key) ?? 0,
    })),
    cards: visitorCards,
  };
}

/**
 * An image a visitor may load: the board's own image, or one shown by a live card of this board
 * (and belonging to that card). Anything else is not found.
 */
export async function loadVisitorMedia(
  services: AppServices,
  link: string,
  mediaId: string,
  variant: string | undefined,
) {
  const found = await visibleBoard(services, link);
  if (!found || !/^[0-9a-f-]{36}$/i.test(mediaId)) throw new AppError('notFound');
  const { board } = found;
  const db = services.database.db;
  const [row] = await db
    .select()
    .from(media)
    .where(and(eq(media.id, mediaId), eq(media.organizationId, board.organizationId)));
  if (!row) throw new AppError('notFound');
  let allowed = board.imageMediaId === row.id && row.collection === 'publicBoard';
  if (!allowed && row.collection === 'cards') {
    const shown = await db
      .select({ live: publicCards.live })
      .from(publicCards)
      .innerJoin(cards, eq(cards.id, publicCards.cardId))
      .where(
        and(
          eq(publicCards.boardId, board.id),
          eq(publicCards.cardId, row.subjectId),
          isNotNull(publicCards.live),
          isNull(cards.deletedAt),
        ),
      );
    allowed = shown.some((s) => s.live?.images.includes(row.id) ?? false);
  }
  if (!allowed) throw new AppError('notFound');
  const wanted = variant === 'thumb' || variant === 'medium' ? variant : null;
  const key = (wanted && row.variants[wanted]) || row.path;
  const data = await services.storage.read(key);
  if (!data) throw new AppError('notFound');
  return { data, contentType: key === row.path ? row.contentType : 'image/webp' };
}
