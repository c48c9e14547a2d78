import { useQuery } from '@tanstack/react-query';
import { gatewayRequest } from '../../../api/gateway.ts';

export interface AccessLog {
  id: string;
  time: string;
  actor: string | null;
  activity: { service: string; action: string; entity: string };
  ip: string | null;
  device: string | null;
  /** The project the entry is about (null: none, or deleted since). */
  project: { id: string; name: string } | null;
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
      project {
        id
        name
      }
    }
  }
`;

const PROFILE_ACCESS_LOGS = ACCESS_LOGS.replace(
  'query OrgAccessLogs($filters: AccessLogFilters)',
  'query ProfileAccessLogs($profileId: ID!, $filters: AccessLogFilters)',
).replace(
  'organizationAccessLogs(filters: $filters)',
  'organizationAccessLogs: profileAccessLogs(profileId: $profileId, filters: $filters)',
);

/** The organisation's log, or one member's when a profile id is given. */
export function useAccessLogs(filters: { action?: string; profileId?: string }) {
  return useQuery({
    queryKey: ['settings', 'access-logs', filters],
    staleTime: 0,
    queryFn: () =>
      gatewayRequest<{ organizationAccessLogs: AccessLog[] }>(
        filters.profileId ? PROFILE_ACCESS_LOGS : ACCESS_LOGS,
        {
          filters: filters.action ? { action: filters.action } : {},
          ...(filters.profileId ? { profileId: filters.profileId } : {}),
        },
      ).then((d) => d.organizationAccessLogs),
  });
}
