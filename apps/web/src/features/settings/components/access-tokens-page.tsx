/** Settings → Access tokens (issue #52): every member's live token here, for owners and admins to revoke. */
import { Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type AccessToken } from '@assay/domain';
import { toApiError } from '../../../api/errors.ts';
import { showAlert } from '../../../ui/alerts.ts';
import {
  ORGANIZATION_TOKENS_KEY,
  revokeOrganizationAccessToken,
  useOrganizationAccessTokens,
} from '../api/access-tokens.ts';
import { AccessTokenTable } from './access-tokens.tsx';
import { SettingsLayout } from './settings-layout.tsx';

export function AccessTokensPage() {
  const queryClient = useQueryClient();
  const tokens = useOrganizationAccessTokens();
  const revoke = useMutation({
    meta: { customErrorHandler: true },
    mutationFn: (token: AccessToken) => revokeOrganizationAccessToken(token.id),
    onSuccess: async () => {
      showAlert({ message: 'The access token was revoked', type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ORGANIZATION_TOKENS_KEY });
    },
    onError: (error) =>
      showAlert({
        message: toApiError(error).message || MESSAGES.somethingWentWrong,
        type: 'error',
      }),
  });
  return (
    <SettingsLayout>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Members make access tokens in their profile for their own AI assistants. Each acts as its
          member, never more; revoking one stops it at once.
        </Text>
        {tokens.data && tokens.data.length > 0 ? (
          <AccessTokenTable
            tokens={tokens.data}
            person
            revoking={revoke.isPending ? (revoke.variables?.id ?? null) : null}
            onRevoke={(token) => revoke.mutate(token)}
          />
        ) : (
          <Text size="sm">No one here has an access token.</Text>
        )}
      </Stack>
    </SettingsLayout>
  );
}
