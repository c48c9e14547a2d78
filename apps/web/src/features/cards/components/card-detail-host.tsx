/**
 * Opens a card over the current screen from the query parameters of part 2 §2 (cardId, cardTab…),
 * and as a page on /{type}/{cardId}/{tab}. A card that cannot be found shows the spec's 404
 * dialog and goes home. Closing an empty draft discards it.
 */
import { Container, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import {
  CARD_QUERY_PARAMS,
  cardLinkTarget,
  ERRORS,
  JIRA_DISCONNECTED_NOTICE,
  MESSAGES,
  TIMERS,
} from '@assay/domain';
import { CLIENT_ID } from '../../../api/http.ts';
import { useGettingStarted } from '../../../api/guidance.ts';
import { useLiveProject } from '../../../api/live-project.ts';
import { subscribe } from '../../../api/realtime.ts';
import { showAlert } from '../../../ui/alerts.ts';
import { toApiError } from '../../../api/errors.ts';
import { cardViewKeys } from '../../../api/query-keys.ts';
import { openConfirm } from '../../../ui/confirm.tsx';
import { discardDraft, useCard } from '../api/card.ts';
import { cardWriteKey } from '../../../api/card-writes.ts';
import { flushEdits } from '../hooks/pending-edits.ts';
import { CardDetailView } from './card-detail.tsx';

/** Where a card fetch that reports payment due on a cohort card sends the viewer (part 2 §8). */
export function paymentDuePath(error: unknown): string | null {
  const apiError = toApiError(error);
  if (apiError.ref !== ERRORS.paymentDue.ref || !apiError.context) return null;
  return `/cohort/${apiError.context}/leaderboard`;
}

/**
 * The 404 dialog for a card fetch that fails with 400 or 404; payment due on a cohort card goes
 * to the cohort's leaderboard instead.
 */
function useNotFoundDialog(error: unknown, onGone: () => void) {
  const shown = useRef(false);
  const navigate = useNavigate();
  useEffect(() => {
    if (!error || shown.current) return;
    const due = paymentDuePath(error);
    if (due) {
      shown.current = true;
      showAlert({ message: toApiError(error).message, type: 'warning', time: 'pause' });
      void navigate(due, { replace: true });
      return;
    }
    const status = toApiError(error).statusCode;
    if (status !== 400 && status !== 404) return;
    shown.current = true;
    openConfirm({
      title: MESSAGES.cardNotFoundTitle,
      message: MESSAGES.cardNotFound,
      confirmLabel: MESSAGES.cardNotFoundButton,
      cancelLabel: null,
      onConfirm: onGone,
      onCancel: onGone,
    });
  }, [error, onGone, navigate]);
}

/**
 * While a card is open, its project's channel keeps it current; if someone else deletes it, the
 * viewer is told and taken home after 5 s (part 2 §4).
 */
function useLiveCard(card: { id: string; projectId: string } | undefined, onGone: () => void) {
  useLiveProject(card?.projectId);
  const cardId = card?.id;
  const projectId = card?.projectId;
  useEffect(() => {
    if (!cardId || !projectId) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = subscribe(`p${projectId}`, (event) => {
      if (event.subjectId !== cardId || event.clientId === CLIENT_ID) return;
      // Someone disconnected the card's Jira issue: the viewer is told (part 2 §4 Realtime).
      if (event.event === 'cards.jiraDisconnect') {
        showAlert({ message: JIRA_DISCONNECTED_NOTICE, type: 'info' });
        return;
      }
      if (event.event !== 'cards.delete') return;
      showAlert({ message: MESSAGES.cardDeletedElsewhere, type: 'info' });
      timer = setTimeout(onGone, TIMERS.deletedCardRedirectMs);
    });
    return () => {
      stop();
      if (timer) clearTimeout(timer);
    };
  }, [cardId, projectId, onGone]);
}

/** The modal's heading by card type. */
function modalTitle(type: string) {
  if (type === 'hypothesis') return 'Hypothesis';
  if (type === 'experiment') return 'Experiment';
  return 'Evidence';
}

/**
 * Whether the first-time tip shows above the card's title, asked for with the card: the card is
 * drawn once both are in, so the tip does not push the card down after it is drawn (#28).
 */
const useGuidanceWithCard = (cardId: string | null) => useGettingStarted(cardId !== null);

export function CardDetailHost() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const cardId = params.get('cardId');
  const card = useCard(cardId);
  const guidance = useGuidanceWithCard(cardId);
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  // The tab, the connections list, the comments or the help a link asked for (part 2 §2).
  const link = cardLinkTarget((name) => params.get(name));
  useNotFoundDialog(card.error, () => navigate('/'));
  const goHome = useCallback(() => navigate('/'), [navigate]);
  useLiveCard(card.data, goHome);

  const close = () => {
    const current = card.data;
    // What was typed just before closing is saved first: a draft with a title just typed is not
    // empty, and discarding it must not overtake that save.
    const saved = current ? flushEdits(cardWriteKey(current.id)) : Promise.resolve();
    setParams(
      (p) => {
        for (const key of CARD_QUERY_PARAMS) p.delete(key);
        return p;
      },
      { replace: false },
    );
    if (current?.draft && current.abilities.edit) {
      void saved
        .then(() => discardDraft(current.id))
        .then((discarded) => {
          if (discarded)
            for (const key of cardViewKeys) void queryClient.invalidateQueries({ queryKey: key });
        })
        .catch(() => undefined);
    }
  };

  return (
    <Modal
      opened={!!cardId && !card.isError}
      onClose={close}
      // On a phone the card takes the whole screen (#32).
      fullScreen={phone}
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close card' }}
      title={card.data ? modalTitle(card.data.type) : 'Card'}
      aria-label="Card"
    >
      <CardDetailView
        card={card.data}
        loading={card.isPending || guidance.isLoading}
        tab={link.tab ?? params.get('cardTab')}
        link={link}
        onTab={(tab) =>
          setParams(
            (p) => {
              p.set('cardTab', tab);
              // A tab chosen by hand wins over the link's connections.
              for (const key of ['sidePanel', 'connections', 'connectionsTab']) p.delete(key);
              return p;
            },
            { replace: true },
          )
        }
        onDeleted={close}
      />
    </Modal>
  );
}

/** /{type}/{cardId}/{tab}: the card on a page of its own. */
export function CardDetailPage() {
  const { cardId = null, tab = 'details' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const card = useCard(cardId);
  const guidance = useGuidanceWithCard(cardId);
  // The path's tab ("test" is Run), unless the query asks for the connections (part 2 §2).
  const link = cardLinkTarget((name) => (name === 'cardTab' ? tab : params.get(name)));
  useNotFoundDialog(card.error, () => navigate('/'));
  const goHome = useCallback(() => navigate('/'), [navigate]);
  useLiveCard(card.data, goHome);
  return (
    <Container size="md" py="lg">
      <CardDetailView
        card={card.data}
        loading={(card.isPending && !card.isError) || guidance.isLoading}
        tab={link.tab ?? tab}
        link={link}
        onTab={(next) => navigate(`../${next}`, { relative: 'path', replace: true })}
        onDeleted={() => navigate('/')}
      />
    </Container>
  );
}
