/**
 * The public portal (part 2 §3 publicBoard, public category, publicRoadmap sections, Public board
 * state; §4 Public card): what a board, its categories, roadmap sections and public cards may hold,
 * the sections a new board starts with, and the card-count rule of a move between sections (the
 * checks of what is sent: portal-schema.ts).
 */
import { FIGMA_LINK_MESSAGE } from './integrations.ts';

/** hidden: only the project sees it; public: anyone with the link. */
export const SHARE_SETTINGS = ['hidden', 'public'] as const;
export type ShareSetting = (typeof SHARE_SETTINGS)[number];

/** Colours a category or section may take (names of the component library's palette). */
export const PORTAL_COLORS = [
  'gray',
  'red',
  'pink',
  'grape',
  'violet',
  'indigo',
  'blue',
  'cyan',
  'teal',
  'green',
  'lime',
  'yellow',
  'orange',
] as const;
export type PortalColor = (typeof PORTAL_COLORS)[number];

export const PORTAL_LIMITS = {
  boardName: 80,
  linkMin: 3,
  linkMax: 60,
  categoryName: 60,
  sectionName: 60,
  categories: 20,
  sections: 12,
  description: 10_000,
  summary: 1_000,
  images: 10,
  figmaName: 200,
} as const;

export interface RoadmapSectionSeed {
  key: string;
  name: string;
  color: PortalColor;
  isDefault: boolean;
  isProtected: boolean;
}

/**
 * The roadmap a new board starts with. New public cards land in the default section; the default
 * and "Released" are protected (they can be renamed, not deleted).
 */
export const DEFAULT_ROADMAP_SECTIONS: readonly RoadmapSectionSeed[] = [
  {
    key: 'consideration',
    name: 'Under consideration',
    color: 'gray',
    isDefault: true,
    isProtected: true,
  },
  { key: 'planned', name: 'Planned', color: 'blue', isDefault: false, isProtected: false },
  { key: 'inProgress', name: 'In progress', color: 'yellow', isDefault: false, isProtected: false },
  { key: 'released', name: 'Released', color: 'green', isDefault: false, isProtected: true },
];

/** The category a new board starts with, so a card can be published at once. */
export const DEFAULT_PUBLIC_CATEGORY = { name: 'General', color: 'indigo' as PortalColor };

export const PORTAL_MESSAGES = {
  linkFormat: `A link may use lowercase letters, numbers and hyphens, ${PORTAL_LIMITS.linkMin} to ${PORTAL_LIMITS.linkMax} characters, and must start and end with a letter or number.`,
  nameRequired: 'Please give the portal a name.',
  categoryNameRequired: 'Please give the category a name.',
  sectionNameRequired: 'Please give the section a name.',
  tooManyCategories: `A portal can have at most ${PORTAL_LIMITS.categories} categories.`,
  tooManySections: `A roadmap can have at most ${PORTAL_LIMITS.sections} sections.`,
  lastCategory: 'A portal needs at least one category.',
  protectedSection: 'This section is protected and cannot be deleted.',
  figmaUrl: FIGMA_LINK_MESSAGE,
  notPublishable: 'Only ideas and hypotheses can be published to the portal.',
  portalOff: 'The public portal is turned off for this project.',
  noBoard: 'This project has no public portal yet.',
} as const;

const LINK_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/** Whether a link is usable as /portal/{link}. */
export function isValidPublicLink(link: string): boolean {
  return (
    link.length >= PORTAL_LIMITS.linkMin &&
    link.length <= PORTAL_LIMITS.linkMax &&
    LINK_PATTERN.test(link) &&
    !link.includes('--')
  );
}

/** A link suggested from a name: lowercase words joined by hyphens ("My Idea!" -> "my-idea"). */
export function suggestPublicLink(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, PORTAL_LIMITS.linkMax)
    .replace(/-+$/g, '');
  return slug.length >= PORTAL_LIMITS.linkMin ? slug : `${slug || 'portal'}-board`.slice(0, 60);
}

/**
 * Card counts after moving one card between roadmap sections: one more in the destination, one
 * fewer in the source (never below zero). Moving within a section changes nothing.
 */
export function moveCardCount(
  totals: Readonly<Record<string, number>>,
  from: string | null,
  to: string | null,
): Record<string, number> {
  const next = { ...totals };
  if (from === to) return next;
  if (from !== null) next[from] = Math.max(0, (next[from] ?? 0) - 1);
  if (to !== null) next[to] = (next[to] ?? 0) + 1;
  return next;
}

export const PUBLIC_CARD_ACTIONS = ['save', 'publish', 'unpublish'] as const;
export type PublicCardAction = (typeof PUBLIC_CARD_ACTIONS)[number];
/** What visitors may see of a published card (its live copy, nothing else). */
export interface VisitorCard {
  id: string;
  categoryId: string;
  section: string;
  title: string;
  summary: string;
  description: string;
  images: { url: string; thumbUrl: string | null; mediumUrl: string | null }[];
  figma: { url: string; name: string } | null;
  connectionCount: number;
  publishedAt: string;
}

/** The portal as a visitor receives it (part 2 §3 Public board state). */
export interface VisitorBoard {
  name: string;
  link: string;
  image: string | null;
  signature: string;
  categories: { id: string; name: string; color: PortalColor }[];
  sections: { key: string; name: string; color: PortalColor; cardTotal: number }[];
  cards: VisitorCard[];
}

/** Visitor paths of a portal (part 2 §2). */
export const portalPaths = {
  board: (link: string) => `/portal/${link}`,
  category: (link: string, categoryId: string) => `/portal/${link}/category/${categoryId}`,
  card: (link: string, categoryId: string, cardId: string) =>
    `/portal/${link}/category/${categoryId}/card/${cardId}`,
};
