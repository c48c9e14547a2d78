/** What a card holds, by type: its text fields, its product-board columns, a clean title. */
import type { BoardName } from './board-cache.ts';
import type { HypothesisRow } from './schema.ts';

/** Which rich-text fields each card type has (others are ignored, as the spec says). */
export const TEXT_FIELDS_BY_TYPE: Record<string, readonly string[]> = {
  hypothesis: ['description'],
  post: ['description', 'summary', 'keyInsights'],
  interview: ['notes', 'keyInsights'],
  evidenceOther: ['description', 'summary', 'keyInsights'],
  intercom: ['keyInsights', 'description'],
  experiment: ['description', 'statement', 'keyInsights', 'results'],
};

export const BOARD_COLUMNS = {
  canvas: { section: 'canvasSection', rank: 'canvasRank' },
  timeline: { section: 'timelineSection', rank: 'timelineRank' },
  productStatus: { section: 'productStatusSection', rank: 'productStatusRank' },
  productTheme: { section: 'productThemeSection', rank: 'productThemeRank' },
} as const satisfies Record<BoardName, { section: keyof HypothesisRow; rank: keyof HypothesisRow }>;

export function cleanTitle(title: string): string {
  return title.replace(/\s+/g, ' ').trim();
}
