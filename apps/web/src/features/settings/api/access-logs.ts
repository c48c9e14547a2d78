import { useQuery } from '@tanstack/react-query';
import { gatewayRequest } from '../../../api/gateway.ts';

export interface AccessLog {
  id: string;
  time: string;
  actor: string | null;
  activity: { service: string; action: string; entity: string };
  ip: string | null;
  device: string | null;
}

const ACCESS_LOGS = /* GraphQL */ `
  query OrgAccessLogs($filters: AccessLogFilters) {
    organizationAccessLogs(filters: $filters) {
      id
      time
      actor
      activity {
        service
        action
        entity
      }
      ip
      device
    }
  }
`;

export function useAccessLogs(filters: { action?: string }) {
  return useQuery({
    queryKey: ['settings', 'access-logs', filters],
    queryFn: () =>
      gatewayRequest<{ organizationAccessLogs: AccessLog[] }>(ACCESS_LOGS, {
        filters: filters.action ? { action: filters.action } : {},
      }).then((d) => d.organizationAccessLogs),
  });
}
