/** A section of a board: its header (name, count, menu, add) and its cards, a drop target. */
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { memo, startTransition, useCallback, useMemo, useState, type ReactNode } from 'react';
import type { BoardCard } from '../api/canvas.ts';
import { SECTION_PREFIX } from '../hooks/use-board-dnd.ts';
import type { ConnectMode } from '../hooks/use-connect-mode.ts';
import { SortableBoardCard, type CardConnectState } from './board-card.tsx';
import { PendingCards } from './pending-cards.tsx';
import classes from './section-column.module.css';
import { SectionMenu, type SectionMenuItem } from './section-menu.tsx';

export type { SectionMenuItem } from './section-menu.tsx';

function connectState(connect: ConnectMode, cardId: string): CardConnectState {
  const link = connect.linkOf(cardId);
  return {
    linked: link !== undefined,
    rating: link?.rating ?? null,
    source: cardId === connect.sourceId,
    onRate: (rating) => connect.rate(cardId, rating),
  };
}

/**
 * A long section draws its cards in blocks: the first with the page, each other one as it comes
 * near the screen (or a find-in-page match in it). A 1,000-card canvas draws the cards a reader
 * can see, not a thousand.
 */
const BLOCK = 12;
/**
 * On a board of more cards than this, a section's first block too waits until it is near the
 * screen: the sections below the first screen then draw nothing until a scroll nears them (#28).
 * A smaller board draws every section's first block with the page.
 */
export const LAZY_BOARD_CARDS = 150;

export const SectionColumn = memo(function SectionColumn(props: {
  sectionKey: string;
  name: string;
  color?: string;
  cards: BoardCard[];
  onOpen: (cardId: string) => void;
  addLabel?: string;
  onAdd?: (() => void) | undefined;
  menu?: SectionMenuItem[];
  minHeight?: number;
  children?: ReactNode;
  /** Connect mode (#26): a click links a card to the one being connected. */
  connect?: ConnectMode | null | undefined;
  /** Several cards at once (#26): shift-click selects. */
  onSelect?: ((cardId: string) => void) | undefined;
  selected?: ReadonlySet<string> | undefined;
  /** The first block too is drawn only near the screen (a large board, LAZY_BOARD_CARDS). */
  lazy?: boolean;
}) {
  const droppable = useDroppable({ id: `${SECTION_PREFIX}${props.sectionKey}` });
  // On a phone the sections stack in one long column: each folds away to its header (#32).
  const [folded, setFolded] = useState(false);
  const cardsId = `section-cards-${props.sectionKey}`;
  const blocks = useMemo(() => {
    const list: BoardCard[][] = [];
    for (let at = 0; at < props.cards.length; at += BLOCK)
      list.push(props.cards.slice(at, at + BLOCK));
    return list;
  }, [props.cards]);
  // The blocks drawn, by place; the first with the page unless the board is large. A block once
  // drawn stays drawn.
  const [drawn, setDrawn] = useState<ReadonlySet<number>>(() => new Set(props.lazy ? [] : [0]));
  const draw = useCallback((index: number, now: boolean) => {
    const add = () => setDrawn((set) => (set.has(index) ? set : new Set(set).add(index)));
    if (now) add();
    else startTransition(add);
  }, []);
  // The same list while the cards drawn are the same: a new one makes every card's sortable redraw.
  const ids = useMemo(
    () => blocks.flatMap((block, index) => (drawn.has(index) ? block.map((c) => c.id) : [])),
    [blocks, drawn],
  );
  return (
    <div
      className={droppable.isOver ? `${classes.section} ${classes.over}` : classes.section}
      data-testid={`section-${props.sectionKey}`}
      aria-label={props.name}
      role="region"
      style={{ minHeight: folded ? undefined : (props.minHeight ?? 160) }}
    >
      <div className={classes.head}>
        <div className={classes.name}>
          {props.color ? (
            <span className={classes.swatch} style={{ background: props.color }} />
          ) : null}
          <div className={classes.title}>{props.name}</div>
          <span className={classes.count} data-testid="section-count">
            {props.cards.length}
          </span>
        </div>
        <div className={classes.tools}>
          <button
            type="button"
            className={`${classes.icon} ${classes.fold}`}
            aria-expanded={!folded}
            aria-controls={cardsId}
            aria-label={`${folded ? 'Show' : 'Fold'} the cards of ${props.name}`}
            onClick={() => setFolded((f) => !f)}
          >
            {folded ? '▸' : '▾'}
          </button>
          {props.onAdd ? (
            <button
              type="button"
              className={classes.icon}
              aria-label={props.addLabel ?? `Add to ${props.name}`}
              onClick={props.onAdd}
            >
              +
            </button>
          ) : null}
          {props.menu?.length ? <SectionMenu name={props.name} items={props.menu} /> : null}
        </div>
      </div>
      <div
        ref={droppable.setNodeRef}
        id={cardsId}
        hidden={folded}
        style={{ flex: 1, minHeight: folded ? 0 : 40 }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <div className={classes.cards}>
            {blocks.flatMap((block, index) =>
              drawn.has(index)
                ? block.map((card) => (
                    <SortableBoardCard
                      key={card.id}
                      card={card}
                      onOpen={props.connect ? props.connect.toggle : props.onOpen}
                      connect={props.connect ? connectState(props.connect, card.id) : undefined}
                      onSelect={props.connect ? undefined : props.onSelect}
                      selected={props.selected?.has(card.id)}
                    />
                  ))
                : [
                    <PendingCards
                      key={`pending-${index}`}
                      titles={block.map((c) => c.title || 'Untitled draft')}
                      firstId={block[0]?.id ?? ''}
                      onNear={(now) => draw(index, now)}
                    />,
                  ],
            )}
          </div>
        </SortableContext>
        {props.children}
      </div>
    </div>
  );
});
