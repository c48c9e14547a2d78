import { describe, expect, it } from 'vitest';
import { viewDrawerReducer, type ViewDrawerState } from './view-drawer.ts';

type View = 'trash' | 'review';
const closed: ViewDrawerState<View> = { open: false, view: null };

describe('the right drawer with a view (part 2 §4)', () => {
  it('ignores an open request without a view', () => {
    expect(viewDrawerReducer(closed, { type: 'open' })).toBe(closed);
    expect(viewDrawerReducer(closed, { type: 'open', view: null })).toBe(closed);
    const shown = viewDrawerReducer(closed, { type: 'open', view: 'trash' });
    expect(viewDrawerReducer(shown, { type: 'open' })).toBe(shown);
  });

  it('only clears the open flag on close: the view stays for the way out and the way back', () => {
    const shown = viewDrawerReducer(closed, { type: 'open', view: 'review' });
    expect(shown).toEqual({ open: true, view: 'review' });
    const hidden = viewDrawerReducer(shown, { type: 'close' });
    expect(hidden).toEqual({ open: false, view: 'review' });
    expect(viewDrawerReducer(hidden, { type: 'close' })).toBe(hidden);
    expect(viewDrawerReducer(hidden, { type: 'open', view: 'trash' })).toEqual({
      open: true,
      view: 'trash',
    });
  });

  it('clears everything on a clear action', () => {
    const shown = viewDrawerReducer(closed, { type: 'open', view: 'review' });
    expect(viewDrawerReducer(shown, { type: 'clear' })).toEqual(closed);
  });
});
