/**
 * The global search (#26): Ctrl/Cmd-K (or the header's Search button) opens it anywhere in an
 * organisation; it finds collections, projects and the cards, evidence and experiments the member may see,
 * best match first, and opens the one chosen. Arrow keys move, Enter opens, Escape closes.
 *
 * The header's buttons are part of the first load; the search dialog (Mantine's spotlight, its
 * styles and the query) loads right after the first paint (#28, #32) and is drawn the first time
 * it opens (#53).
 */
import { ActionIcon, Button, Group, Kbd } from '@mantine/core';
import { useHotkeys, useOs } from '@mantine/hooks';
import { useSpotlight } from '@mantine/spotlight';
import { lazy, Suspense, useEffect } from 'react';
import { useDrawnOnce } from '../drawn-once.ts';
import { search, searchStore } from './search-store.ts';

const loadSearchDialog = () => import('./search-dialog.tsx');
const SearchDialog = lazy(() => loadSearchDialog().then((m) => ({ default: m.SearchDialog })));

function SearchIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden
    >
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </svg>
  );
}

export function GlobalSearch() {
  const os = useOs();
  const mod = os === 'macos' ? '⌘' : 'Ctrl';
  // The dialog is drawn from its first opening on (a closed one still mounts Mantine's modal
  // with every page: #53); its code loads after the first paint, so that opening is at once.
  const { opened } = useSpotlight(searchStore);
  const drawn = useDrawnOnce(opened);
  useEffect(() => {
    void loadSearchDialog();
  }, []);
  // Until then its shortcut is here (the dialog's own takes over once drawn).
  useHotkeys(drawn ? [] : [['mod+K', () => search.open()]]);
  return (
    <>
      <ActionIcon
        variant="default"
        size="lg"
        hiddenFrom="sm"
        onClick={() => search.open()}
        aria-label="Search projects and cards"
      >
        <SearchIcon />
      </ActionIcon>
      <Button
        variant="default"
        size="xs"
        visibleFrom="sm"
        onClick={() => search.open()}
        aria-label="Search projects and cards"
        rightSection={
          <Group gap={2} visibleFrom="sm" aria-hidden>
            <Kbd size="xs">{mod}</Kbd>
            <Kbd size="xs">K</Kbd>
          </Group>
        }
      >
        Search
      </Button>
      {drawn ? (
        <Suspense fallback={null}>
          <SearchDialog />
        </Suspense>
      ) : null}
    </>
  );
}
