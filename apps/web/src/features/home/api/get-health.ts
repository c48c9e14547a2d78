import { queryOptions, useQuery } from '@tanstack/react-query';
import { gatewayRequest } from '../../../api/gateway.ts';

export const HEALTH_QUERY = /* GraphQL */ `
  query Health {
    health {
      ok
      version
      database
    }
  }
`;

export interface Health {
  ok: boolean;
  version: string;
  database: string;
}

export const healthQueryOptions = () =>
  queryOptions({
    queryKey: ['health'],
    queryFn: ({ signal }) =>
      gatewayRequest<{ health: Health }>(HEALTH_QUERY, {}, { signal }).then((d) => d.health),
  });

export function useHealth() {
  return useQuery(healthQueryOptions());
}
