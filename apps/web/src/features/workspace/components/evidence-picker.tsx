/**
 * The evidence picker: AI generation (where the plan has the agent), interview, post, other
 * evidence (and meetings on the academic plan).
 */
import { Button, Menu } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toApiError } from '../../../api/errors.ts';
import { showAlert } from '../../../ui/alerts.ts';
import { createEvidence } from '../api/canvas.ts';
import { dialogOpen, isTyping } from '../../../ui/shortcuts/keys.ts';
import { useWindowKeydown } from '../../../ui/shortcuts/use-window-keydown.ts';

// The agent's form (and its form library) loads when it is asked for: the canvas draws without it.
const AiEvidenceModal = lazy(() =>
  import('../../../ui/agent/ai-evidence-modal.tsx').then((m) => ({ default: m.AiEvidenceModal })),
);

export function EvidencePicker(props: { projectId: string; academic: boolean; agent: boolean }) {
  const [, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const [fromNotes, setFromNotes] = useState(false);
  const open = (cardId: string) =>
    setParams((p) => {
      p.set('cardId', cardId);
      p.set('cardTab', 'details');
      return p;
    });
  const create = (input: Omit<Parameters<typeof createEvidence>[0], 'projectId'>) =>
    void createEvidence({ projectId: props.projectId, ...input })
      .then((card) => {
        void queryClient.invalidateQueries({ queryKey: ['card-lists', props.projectId] });
        open(card.id);
      })
      .catch((error: unknown) =>
        showAlert({ type: 'warning', message: toApiError(error).message }),
      );
  // "e" opens this menu from the keyboard (#32), never while typing in a field.
  const [menuOpened, setMenuOpened] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useWindowKeydown((event) => {
    if (event.key !== 'e' || event.ctrlKey || event.metaKey || event.altKey) return;
    // Not while typing, nor behind an open card or dialog.
    if (isTyping(event.target) || dialogOpen()) return;
    event.preventDefault();
    // The menu opens by its button: bring the button into view first (the canvas may be
    // scrolled far below it, and a menu of a button out of view stays hidden).
    button.current?.scrollIntoView({ block: 'nearest' });
    setMenuOpened(true);
  });
  return (
    <>
      {/* Opened, the menu focuses its first item (the menu-button pattern): arrows then move
          through the items at once, never scrolling the page underneath (#32). */}
      <Menu
        position="bottom-end"
        withinPortal
        opened={menuOpened}
        onChange={setMenuOpened}
        withInitialFocusPlaceholder={false}
      >
        <Menu.Target>
          <Button size="xs" ref={button}>
            Add evidence
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {props.agent ? (
            <Menu.Item onClick={() => setFromNotes(true)}>AI generation (from notes)</Menu.Item>
          ) : null}
          <Menu.Item onClick={() => create({ type: 'interview' })}>Interview</Menu.Item>
          <Menu.Item onClick={() => create({ type: 'post' })}>Post</Menu.Item>
          <Menu.Item onClick={() => create({ type: 'evidenceOther' })}>Other evidence</Menu.Item>
          {props.academic ? (
            <>
              <Menu.Divider />
              <Menu.Label>Meetings</Menu.Label>
              <Menu.Item
                onClick={() => create({ type: 'interview', engagementType: 'instructor' })}
              >
                Instructor meeting
              </Menu.Item>
              <Menu.Item onClick={() => create({ type: 'interview', engagementType: 'mentor' })}>
                Mentor meeting
              </Menu.Item>
              <Menu.Item onClick={() => create({ type: 'interview', engagementType: 'guest' })}>
                Coach meeting
              </Menu.Item>
            </>
          ) : null}
        </Menu.Dropdown>
      </Menu>
      {fromNotes ? (
        <Suspense fallback={null}>
          <AiEvidenceModal
            projectId={props.projectId}
            opened
            onClose={() => setFromNotes(false)}
            onCreated={(cardId) => {
              void queryClient.invalidateQueries({ queryKey: ['card-lists', props.projectId] });
              open(cardId);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
