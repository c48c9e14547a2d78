/**
 * The portal as a visitor reads it: GET /api/public/portals/{link}, no account. The server inlines
 * the board into the page it serves, so the first screen needs no request.
 */
import { useQuery } from '@tanstack/react-query';
import type { VisitorBoard } from '@assay/domain';

declare global {
  interface Window {
    __ASSAY_PORTAL__?: { link: string; board: VisitorBoard | null };
  }
}

export class PortalNotFound extends Error {
  constructor() {
    super('This portal is not available.');
  }
}

/** The board inlined by the server for this link, if the page came with one. */
export function inlinedBoard(link: string): VisitorBoard | null | undefined {
  const inlined = typeof window === 'undefined' ? undefined : window.__ASSAY_PORTAL__;
  return inlined && inlined.link === link ? inlined.board : undefined;
}

export async function fetchVisitorBoard(link: string): Promise<VisitorBoard> {
  const response = await fetch(`/api/public/portals/${encodeURIComponent(link)}`, {
    credentials: 'omit',
    headers: { accept: 'application/json' },
  });
  if (response.status === 404) throw new PortalNotFound();
  if (!response.ok) throw new Error('The portal could not be loaded. Please try again.');
  return (await response.json()) as VisitorBoard;
}

export function useVisitorBoard(link: string) {
  const inlined = inlinedBoard(link);
  return useQuery({
    queryKey: ['visitor-portal', link],
    queryFn: async () => {
      try {
        return await fetchVisitorBoard(link);
      } catch (error) {
        if (error instanceof PortalNotFound) return null;
        throw error;
      }
    },
    initialData: inlined,
    // The inlined copy is fresh for a minute; after that a visit refetches.
    staleTime: 60_000,
    meta: { customErrorHandler: true },
  });
}
