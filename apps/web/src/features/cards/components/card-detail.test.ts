import { describe, expect, it } from 'vitest';
import type { CardDetail } from '../api/card.ts';
import { tabsFor } from './card-detail.tsx';

const card = (over: Partial<CardDetail>) =>
  ({
    type: 'hypothesis',
    draft: false,
    template: false,
    hypothesis: { type: 'business' },
    ...over,
  }) as CardDetail;

describe('card tabs', () => {
  it('adds the public-portal tab to published hypotheses where the portal is on', () => {
    expect(tabsFor(card({}), { portal: true })).toEqual([
      'details',
      'connections',
      'publicPortal',
      'history',
    ]);
    expect(tabsFor(card({}))).toEqual(['details', 'connections', 'history']);
    expect(
      tabsFor(card({ hypothesis: { type: 'product' } as CardDetail['hypothesis'] }), {
        portal: true,
      }),
    ).toEqual(['details', 'connections', 'development', 'publicPortal', 'history']);
  });

  it('leaves it out for drafts, templates, evidence and experiments', () => {
    expect(tabsFor(card({ draft: true }), { portal: true })).not.toContain('publicPortal');
    expect(tabsFor(card({ template: true }), { portal: true })).not.toContain('publicPortal');
    expect(tabsFor(card({ type: 'interview' }), { portal: true })).toEqual([
      'details',
      'connections',
      'history',
    ]);
    // every card keeps its history, but a template is not a card anyone changed
    expect(tabsFor(card({ template: true }))).not.toContain('history');
    expect(tabsFor(card({ type: 'experiment' }), { portal: true })).not.toContain('publicPortal');
  });
});
