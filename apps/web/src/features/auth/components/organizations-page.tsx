/** /organizations: the user's organisations; choosing one opens its subdomain, signed in. */
import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, Navigate } from 'react-router';
import { LICENSE_NAMES, type License } from '@assay/domain';
import {
  goToOrganization,
  listMyOrganizations,
  rememberedFirst,
  rememberedOrganizationId,
} from '../../../api/session.ts';
import { AuthCard } from './auth-card.tsx';
import { toApiError } from '../../../api/errors.ts';
import { OopsView } from '../../../app/pages/oops-page.tsx';

export function OrganizationsPage() {
  const organizations = useQuery({
    queryKey: ['auth', 'organizations'],
    queryFn: listMyOrganizations,
    // A failed read is this page's own (part 1 §8, #48 item 6): the oops page, not an alert.
    meta: { customErrorHandler: true },
  });
  const open = useMutation({ mutationFn: (id: string) => goToOrganization(id) });
  // The app host works inside the organisation this browser last opened: it comes first.
  const remembered = rememberedOrganizationId();
  const list = rememberedFirst(organizations.data ?? [], remembered);
  if (organizations.isError)
    return toApiError(organizations.error).statusCode === 401 ? (
      <Navigate to="/sign-in?request=%2Forganizations" replace />
    ) : (
      <OopsView error={organizations.error} />
    );
  return (
    <AuthCard title="Your organizations">
      {organizations.data?.length === 0 ? (
        <Text size="sm">
          You are not in an organization yet.{' '}
          <Anchor component={Link} to="/sign-up/invites">
            Create or join one
          </Anchor>
        </Text>
      ) : null}
      <Stack gap="xs">
        {list.map((org) => (
          <Card key={org.id} withBorder padding="sm">
            <Group justify="space-between" wrap="nowrap">
              <Stack gap={0}>
                <Group gap={6}>
                  <Text fw={600}>{org.name}</Text>
                  {org.id === remembered ? (
                    <Badge size="xs" variant="light">
                      Last opened
                    </Badge>
                  ) : null}
                </Group>
                <Text size="xs" c="dimmed">
                  {LICENSE_NAMES[org.license as License] ?? org.license} · {org.role}
                </Text>
              </Stack>
              <Button
                size="xs"
                loading={open.isPending && open.variables === org.id}
                onClick={() => open.mutate(org.id)}
              >
                Open
              </Button>
            </Group>
          </Card>
        ))}
      </Stack>
      <Anchor component={Link} to="/sign-up/invites" size="sm">
        Create another organization
      </Anchor>
    </AuthCard>
  );
}
