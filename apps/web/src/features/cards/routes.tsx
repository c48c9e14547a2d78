import { lazy, Suspense } from 'react';
import { useLocation, type RouteObject } from 'react-router';
import { CARD_PATH_TYPES } from '@assay/domain';

const Host = lazy(() =>
  import('./components/card-detail-host.tsx').then((m) => ({ default: m.CardDetailHost })),
);

/** The card modal, loaded (with its editor) only when a card is asked for in the query string. */
export function CardDetailOutlet() {
  // useLocation rather than useSearchParams keeps the shell's bundle small.
  const location = useLocation();
  if (!new URLSearchParams(location.search).get('cardId')) return null;
  return (
    <Suspense fallback={null}>
      <Host />
    </Suspense>
  );
}

/** /{type}/{cardId}/{tab} for every card path type of part 2 §2. */
export const cardRoutes: RouteObject[] = CARD_PATH_TYPES.flatMap((type) =>
  [`/${type}/:cardId`, `/${type}/:cardId/:tab`].map((path) => ({
    path,
    lazy: async () => ({
      Component: (await import('./components/card-detail-host.tsx')).CardDetailPage,
    }),
  })),
);

const zoomPage =
  (
    name:
      'ConnectPage' | 'ConnectZoomPage' | 'ZoomHomePage' | 'ZoomSelectPage' | 'ZoomInterviewPage',
  ) =>
  async () => ({
    Component: (await import('./components/zoom-pages.tsx'))[name],
  });

/** The video-meeting entry screens (part 1 §2.1). */
export const meetingRoutes: RouteObject[] = [
  { path: '/connect', lazy: zoomPage('ConnectPage') },
  { path: '/connect/zoom', lazy: zoomPage('ConnectZoomPage') },
  { path: '/zoom', lazy: zoomPage('ZoomHomePage') },
  { path: '/zoom/select', lazy: zoomPage('ZoomSelectPage') },
  { path: '/zoom/interview', lazy: zoomPage('ZoomInterviewPage') },
];
