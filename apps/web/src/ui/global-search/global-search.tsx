/**
 * The global search (#26): Ctrl/Cmd-K (or the header's Search button) opens it anywhere in an
 * organisation; it finds collections, projects and the cards, evidence and experiments the member may see,
 * best match first, and opens the one chosen. Arrow keys move, Enter opens, Escape closes.
 *
 * The header's buttons are part of the first load; the search dialog (Mantine's spotlight, its
 * styles and the query) loads right after the first paint (#28, #32).
 */
import { ActionIcon, Button, Group, Kbd } from '@mantine/core';
import { useOs } from '@mantine/hooks';
import { spotlight } from '@mantine/spotlight';
import { lazy, Suspense } from 'react';

const SearchDialog = lazy(() =>
  import('./search-dialog.tsx').then((m) => ({ default: m.SearchDialog })),
);

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
  return (
    <>
      <ActionIcon
        variant="default"
        size="lg"
        hiddenFrom="sm"
        onClick={() => spotlight.open()}
        aria-label="Search projects and cards"
      >
        <SearchIcon />
      </ActionIcon>
      <Button
        variant="default"
        size="xs"
        visibleFrom="sm"
        onClick={() => spotlight.open()}
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
      <Suspense fallback={null}>
        <SearchDialog />
      </Suspense>
    </>
  );
}
