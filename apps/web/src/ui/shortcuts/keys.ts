/** When the app's single-key shortcuts may fire (issue #32). */

/** A field, a text area, a select or an editor has the keys: shortcuts stay quiet. */
export function isTyping(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  if (!element || typeof element.tagName !== 'string') return false;
  return element.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName);
}

/** A card, a dialog or the search is open on screen (one on its way out does not count). */
export function dialogOpen(): boolean {
  return Array.from(document.querySelectorAll('[role="dialog"]')).some(
    (element) => element.getClientRects().length > 0 && !element.closest('[aria-hidden="true"]'),
  );
}
