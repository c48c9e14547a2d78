/**
 * The right drawer with a view (part 2 §4 Drawer): one drawer, one view at a time. Three rules:
 * an open request without a view is ignored; closing only clears the open flag (the view stays,
 * so its content is there while the drawer slides away and when it opens again); a clear action
 * resets it all (a workspace does so when it moves to another project).
 */
import { useCallback, useMemo, useReducer } from 'react';

export interface ViewDrawerState<View extends string> {
  open: boolean;
  view: View | null;
}

export type ViewDrawerAction<View extends string> =
  { type: 'open'; view?: View | null } | { type: 'close' } | { type: 'clear' };

export function viewDrawerReducer<View extends string>(
  state: ViewDrawerState<View>,
  action: ViewDrawerAction<View>,
): ViewDrawerState<View> {
  switch (action.type) {
    case 'open':
      return action.view ? { open: true, view: action.view } : state;
    case 'close':
      return state.open ? { ...state, open: false } : state;
    case 'clear':
      return { open: false, view: null };
  }
}

/** The drawer's state and its three actions; `shows(view)` tells whether that view is open. */
export function useViewDrawer<View extends string>() {
  const [state, dispatch] = useReducer(viewDrawerReducer<View>, { open: false, view: null });
  const open = useCallback((view: View) => dispatch({ type: 'open', view }), []);
  const close = useCallback(() => dispatch({ type: 'close' }), []);
  const clear = useCallback(() => dispatch({ type: 'clear' }), []);
  return useMemo(
    () => ({
      ...state,
      open,
      close,
      clear,
      shows: (view: View) => state.open && state.view === view,
      /** The view is the drawer's (open, or closing with its content still there). */
      holds: (view: View) => state.view === view,
    }),
    [state, open, close, clear],
  );
}
