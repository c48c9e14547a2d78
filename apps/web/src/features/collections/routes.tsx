import type { RouteObject } from 'react-router';

export const collectionRoutes: RouteObject[] = [
  {
    path: '/collections',
    lazy: async () => ({
      Component: (await import('./components/collections-page.tsx')).CollectionsPage,
    }),
  },
  {
    path: '/collections/:id',
    lazy: async () => ({
      Component: (await import('./components/collection-page.tsx')).CollectionPage,
    }),
  },
];
