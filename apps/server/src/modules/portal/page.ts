/**
 * The HTML of a portal page: the web app's index.html with the page's title and social-preview
 * tags, the visitor board inlined (so the page draws without waiting for an API call), and a plain
 * rendering of the cards inside the root element for the first paint and for readers without
 * JavaScript. The web app replaces that rendering when it starts.
 */
import type { VisitorBoard, VisitorCard } from '@assay/domain';
import { escapeHtml, scriptJson } from '../../http/html.ts';
import type { AppServices } from '../../services.ts';
import { loadVisitorBoard } from './visitor.ts';

/** The global the web app reads the inlined board from. */
export const PORTAL_STATE_GLOBAL = '__ASSAY_PORTAL__';

const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;

export interface PortalPath {
  link: string;
  categoryId: string | null;
  cardId: string | null;
}

/** /portal/{link}[/category/{categoryId}[/card/{cardId}]], or null for other paths. */
export function parsePortalPath(pathname: string): PortalPath | null {
  const match = /^\/portal\/([^/]+)(?:\/category\/([^/]+)(?:\/card\/([^/]+))?)?\/?$/.exec(pathname);
  if (!match?.[1]) return null;
  return { link: match[1], categoryId: match[2] ?? null, cardId: match[3] ?? null };
}

interface Head {
  title: string;
  description: string;
  image: string | null;
}

function headFor(board: VisitorBoard | null, path: PortalPath): Head {
  if (!board)
    return {
      title: 'Portal not found · Assay',
      description: 'This portal is not available.',
      image: null,
    };
  const card = path.cardId ? board.cards.find((c) => c.id === path.cardId) : undefined;
  const category = path.categoryId
    ? board.categories.find((c) => c.id === path.categoryId)
    : undefined;
  if (card) {
    return {
      title: `${card.title} · ${board.name}`,
      description: clip(card.summary || card.description || board.name, 200),
      image: card.images[0]?.mediumUrl ?? card.images[0]?.url ?? board.image,
    };
  }
  const what = category ? `${category.name} · ${board.name}` : board.name;
  return {
    title: what,
    description: clip(
      `${what}: the public roadmap of ${board.signature}, with ${board.cards.length} published ${board.cards.length === 1 ? 'idea' : 'ideas'}.`,
      200,
    ),
    image: board.image,
  };
}

function renderCards(cards: VisitorCard[]) {
  return cards
    .map(
      (c) =>
        `<li><strong>${escapeHtml(c.title)}</strong>${c.summary ? ` — ${escapeHtml(clip(c.summary, 160))}` : ''}</li>`,
    )
    .join('');
}

/**
 * A plain first-paint rendering of the board (the app replaces it). It paints before the app's
 * stylesheets are in, so it carries the app's font, size and line height (apps/web app.tsx's
 * theme, Mantine's body): nothing moves when they arrive (#28: the portal's first paint no longer
 * waits for them).
 */
function renderBody(board: VisitorBoard, path: PortalPath) {
  const visible = path.categoryId
    ? board.cards.filter((c) => c.categoryId === path.categoryId)
    : board.cards;
  const sections = board.sections
    .map((s) => {
      const cards = visible.filter((c) => c.section === s.key);
      return `<section><h2>${escapeHtml(s.name)} (${cards.length})</h2><ul>${renderCards(cards)}</ul></section>`;
    })
    .join('');
  return `<main style="font-family:Inter,system-ui,-apple-system,Segoe UI,Roboto,sans-serif;font-size:1rem;line-height:1.55;max-width:72rem;margin:0 auto;padding:1.5rem"><h1>${escapeHtml(board.name)}</h1><p>${escapeHtml(board.signature)}</p>${sections}</main>`;
}

/** The page for a portal path: its HTML and status (404 when visitors may not see the board). */
export async function renderPortalPage(
  services: AppServices,
  indexHtml: string,
  path: PortalPath,
  origin: string,
  /** The Content-Security-Policy nonce of its one inline script. */
  nonce?: string,
): Promise<{ status: number; html: string }> {
  const board = await loadVisitorBoard(services, path.link);
  const head = headFor(board, path);
  const url = `${origin}${path.cardId && path.categoryId ? `/portal/${path.link}/category/${path.categoryId}/card/${path.cardId}` : path.categoryId ? `/portal/${path.link}/category/${path.categoryId}` : `/portal/${path.link}`}`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Assay" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(board ? url : origin)}" />`,
    head.image
      ? `<meta property="og:image" content="${escapeHtml(`${origin}${head.image}`)}" />`
      : '',
    `<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${escapeHtml(head.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(head.description)}" />`,
    board
      ? `<link rel="canonical" href="${escapeHtml(url)}" />`
      : '<meta name="robots" content="noindex" />',
    `<script${nonce ? ` nonce="${nonce}"` : ''}>window.${PORTAL_STATE_GLOBAL}=${scriptJson({ link: path.link, board })}</script>`,
  ]
    .filter(Boolean)
    .join('\n    ');
  const html = indexHtml
    .replace(/<title>[^<]*<\/title>/, '')
    .replace(/<meta name="description"[^>]*>/, '')
    .replace('</head>', `    ${tags}\n  </head>`)
    // The root's first paint (the app's header frame) gives way to the board's.
    .replace(
      /<div id="root">[\s\S]*<\/div>(?=\s*<\/body>)/,
      `<div id="root">${board ? renderBody(board, path) : ''}</div>`,
    );
  return { status: board ? 200 : 404, html };
}
