/** A card on a board: its title and the few marks a board shows; drag it, or click to open it. */
import { Badge } from '@mantine/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { memo } from 'react';
import {
  BUSINESS_STATUS_LABELS,
  HYPOTHESIS_RESULT_LABELS,
  NOT_RATED,
  RATINGS,
} from '@assay/domain';
import { CONFIDENCE_LOOK, confidenceSummary } from '../../../ui/confidence.ts';
import type { BoardCard } from '../api/canvas.ts';
import classes from './board-card.module.css';
import { CARD_ARROWS, focusNeighbour } from '../hooks/card-focus.ts';

function Marks(props: { card: BoardCard }) {
  const { card } = props;
  return (
    <div className={classes.marks}>
      {card.draft ? (
        <Badge size="xs" color="yellow">
          Draft
        </Badge>
      ) : null}
      {card.businessStatus !== 'inTesting' ? (
        <Badge size="xs" color="gray" variant="light">
          {BUSINESS_STATUS_LABELS[card.businessStatus]}
        </Badge>
      ) : null}
      {card.result !== 'none' ? (
        <Badge size="xs" color={card.result === 'validated' ? 'green' : 'red'} variant="light">
          {HYPOTHESIS_RESULT_LABELS[card.result]}
        </Badge>
      ) : null}
      {card.risky ? (
        <Badge size="xs" color="red" variant="outline">
          Risky
        </Badge>
      ) : null}
      {card.tags.slice(0, 2).map((tag) => (
        <Badge key={tag} size="xs" variant="dot">
          {tag}
        </Badge>
      ))}
    </div>
  );
}

/**
 * What the evidence says, at a glance: a dot by confidence state (hollow while untested), its
 * figures on hover. A plain element with a title: a board can hold a thousand.
 */
function ConfidenceDot(props: { confidence: NonNullable<BoardCard['confidence']> }) {
  const c = props.confidence;
  const look = CONFIDENCE_LOOK[c.state];
  const text = `${look.label}. ${confidenceSummary(c)}`;
  return (
    <span
      className={classes.confidence}
      data-testid="card-confidence"
      data-state={c.state}
      style={{ ['--dot' as string]: `var(--mantine-color-${look.color}-6)` }}
      title={text}
      role="img"
      aria-label={`Confidence: ${text}`}
    />
  );
}

/** What is connected to it, at a glance: evidence and experiments (nothing while none). */
function Links(props: { links: NonNullable<BoardCard['links']> }) {
  const { evidence, experiments } = props.links;
  const parts = [
    evidence > 0 ? `${evidence} evidence` : null,
    experiments > 0 ? `${experiments} ${experiments === 1 ? 'experiment' : 'experiments'}` : null,
  ].filter(Boolean);
  return (
    <div className={classes.links} data-testid="card-links">
      {parts.join(' · ')}
    </div>
  );
}

/** Plain elements and a CSS module: a board can hold a thousand of these. */
export function CardFace(props: { card: BoardCard; dragging?: boolean }) {
  const { card } = props;
  const hasMarks =
    card.draft ||
    card.businessStatus !== 'inTesting' ||
    card.result !== 'none' ||
    card.risky ||
    card.tags.length > 0;
  return (
    <div
      className={[
        classes.card,
        props.dragging ? classes.dragging : '',
        card.pending ? classes.pending : '',
      ].join(' ')}
    >
      <div className={classes.head}>
        <div className={card.title ? classes.title : `${classes.title} ${classes.untitled}`}>
          {card.title || 'Untitled draft'}
        </div>
        {card.confidence ? <ConfidenceDot confidence={card.confidence} /> : null}
      </div>
      {hasMarks ? <Marks card={card} /> : null}
      {card.links && (card.links.evidence > 0 || card.links.experiments > 0) ? (
        <Links links={card.links} />
      ) : null}
    </div>
  );
}

/** In connect mode (#26): whether the card is linked to the one being connected, and how rated. */
export interface CardConnectState {
  linked: boolean;
  rating: number | null;
  /** The card being connected itself. */
  source: boolean;
  onRate: (rating: number | null) => void;
}

/** The rating of a link, inline on the card: a plain select (a board can hold a thousand). */
export function LinkRating(props: { title: string; state: CardConnectState }) {
  const stop = (event: { stopPropagation: () => void }) => event.stopPropagation();
  return (
    <select
      className={classes.rating}
      aria-label={`Rating of ${props.title}`}
      value={props.state.rating === null ? 'none' : String(props.state.rating)}
      onClick={stop}
      onPointerDown={stop}
      // Its keys are its own (the card's Enter, Space and arrows stay out), but Escape still
      // leaves connect mode.
      onKeyDown={(event) => {
        if (event.key !== 'Escape') event.stopPropagation();
      }}
      onChange={(event) =>
        props.state.onRate(event.target.value === 'none' ? null : Number(event.target.value))
      }
    >
      <option value="none">{NOT_RATED.label}</option>
      {RATINGS.map((r) => (
        <option key={r.value} value={String(r.value)}>
          {r.label} ({r.alias})
        </option>
      ))}
    </select>
  );
}

export const SortableBoardCard = memo(function SortableBoardCard(props: {
  card: BoardCard;
  onOpen: (cardId: string) => void;
  /** Set in connect mode: a click links or unlinks the card instead of opening it. */
  connect?: CardConnectState | undefined;
  /** Shift-click (or Ctrl/Cmd-click, Shift+Enter) adds it to the selection or takes it out. */
  onSelect?: ((cardId: string) => void) | undefined;
  selected?: boolean | undefined;
}) {
  const { card, connect } = props;
  const sortable = useSortable({
    id: card.id,
    disabled: !card.canEdit || card.pending === true || connect !== undefined,
  });
  return (
    <div
      ref={sortable.setNodeRef}
      {...sortable.attributes}
      {...sortable.listeners}
      // Read-only is not disabled: a viewer still opens the card to read it (keyboard and screen
      // readers included); only a card still being saved is unavailable.
      aria-disabled={card.pending === true ? true : undefined}
      aria-roledescription={card.canEdit ? sortable.attributes['aria-roledescription'] : 'card'}
      data-testid="board-card"
      data-card-id={card.id}
      aria-label={card.title || 'Untitled draft'}
      aria-pressed={connect && !connect.source ? connect.linked : props.selected ? true : undefined}
      data-linked={connect?.linked ? 'true' : undefined}
      data-selected={props.selected ? 'true' : undefined}
      className={`${classes.item}${
        connect?.source
          ? ` ${classes.source}`
          : connect?.linked
            ? ` ${classes.linked}`
            : props.selected
              ? ` ${classes.selected}`
              : ''
      }`}
      onClick={(event) => {
        if (card.pending) return;
        if (props.onSelect && (event.shiftKey || event.metaKey || event.ctrlKey))
          props.onSelect(card.id);
        else props.onOpen(card.id);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && !card.pending) {
          if (event.shiftKey && props.onSelect) props.onSelect(card.id);
          else props.onOpen(card.id);
        }
        // Arrows walk between cards, unless a card is picked up (then they move it).
        if (
          !sortable.active &&
          (CARD_ARROWS as readonly string[]).includes(event.key) &&
          focusNeighbour(event.currentTarget, event.key)
        ) {
          event.preventDefault();
          return;
        }
        sortable.listeners?.onKeyDown?.(event);
      }}
      style={{
        transform: CSS.Translate.toString(sortable.transform),
        transition: sortable.transition,
        opacity: sortable.isDragging ? 0.4 : 1,
      }}
    >
      <CardFace card={card} />
      {connect?.linked ? <LinkRating title={card.title} state={connect} /> : null}
    </div>
  );
});
