/**
 * Box select on the canvas (#26): press on an empty part of the board and drag a rectangle; the
 * cards it touches become the selection (with Shift, they join it). A press on a card, a button,
 * a field or a menu is theirs; a touch scrolls the page as ever.
 */
import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Below this many pixels a press is a click, not a box. */
const THRESHOLD = 5;
const NOT_BACKGROUND =
  '[data-card-id], button, a, input, textarea, select, [contenteditable="true"], [role="menu"], [role="dialog"], [role="combobox"]';

function boxOf(a: { x: number; y: number }, b: { x: number; y: number }): Box {
  return {
    left: Math.min(a.x, b.x),
    top: Math.min(a.y, b.y),
    width: Math.abs(a.x - b.x),
    height: Math.abs(a.y - b.y),
  };
}

function touches(box: Box, rect: DOMRect): boolean {
  return (
    rect.left < box.left + box.width &&
    rect.right > box.left &&
    rect.top < box.top + box.height &&
    rect.bottom > box.top
  );
}

export function useBoxSelect(options: {
  enabled: boolean;
  onSelect: (ids: string[], add: boolean) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const [box, setBox] = useState<Box | null>(null);
  const { onSelect } = options;

  const onPointerDown = useCallback(
    (event: PointerEvent<HTMLDivElement>) => {
      if (!options.enabled || event.button !== 0 || event.pointerType === 'touch') return;
      if ((event.target as Element).closest(NOT_BACKGROUND)) return;
      start.current = { x: event.clientX, y: event.clientY };
      // No text selection while drawing.
      event.preventDefault();
    },
    [options.enabled],
  );

  useEffect(() => {
    const move = (event: globalThis.PointerEvent) => {
      const from = start.current;
      if (!from) return;
      const next = boxOf(from, { x: event.clientX, y: event.clientY });
      if (next.width < THRESHOLD && next.height < THRESHOLD) return;
      setBox(next);
    };
    const up = (event: globalThis.PointerEvent) => {
      const from = start.current;
      start.current = null;
      if (!from) return;
      const final = boxOf(from, { x: event.clientX, y: event.clientY });
      setBox(null);
      if (final.width < THRESHOLD && final.height < THRESHOLD) return;
      const cards = container.current?.querySelectorAll<HTMLElement>('[data-card-id]') ?? [];
      const ids = Array.from(cards)
        .filter((card) => touches(final, card.getBoundingClientRect()))
        .map((card) => card.dataset.cardId ?? '')
        .filter(Boolean);
      onSelect(ids, event.shiftKey);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    return () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
  }, [onSelect]);

  return { container, box, onPointerDown };
}
