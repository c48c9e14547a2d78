import { queryOptions, useQuery } from '@tanstack/react-query';
import { restRequest } from './rest.ts';

/** Whether this installation offers "Explore a demo" (off in production unless turned on). */
export const demoOfferQuery = queryOptions({
  queryKey: ['demo', 'offer'],
  queryFn: () => restRequest<{ offered: boolean }>('/api/demo'),
  staleTime: Infinity,
});

export const useDemoOffer = () => useQuery(demoOfferQuery);

/** Enters the demo organisation (made on first use), signed in as its demo person. */
export const enterDemo = () =>
  restRequest<{ created: boolean; organizationId: string; path: string; url: string }>(
    '/api/demo',
    {
      method: 'POST',
      body: {},
    },
  );
