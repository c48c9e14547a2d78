/**
 * Deleting your account, at the foot of the security page (issue #29): your password proves it;
 * your organizations keep what you made under "Former member". The only owner of an organization
 * is told to make someone else owner first.
 */
import { Button, Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toApiError } from '../../../api/errors.ts';
import { openConfirm } from '../../../ui/confirm.tsx';
import { deleteAccount } from '../api/security.ts';
import { FormError } from './form-error.tsx';

export function DeleteAccountCard() {
  const [password, setPassword] = useState('');
  const remove = useMutation({
    meta: { customErrorHandler: true },
    mutationFn: () => deleteAccount(password),
    onSuccess: () => window.location.assign('/sign-in'),
  });
  const error = remove.error ? toApiError(remove.error) : null;
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm" align="flex-start">
        <Title order={3} size="h4">
          Delete your account
        </Title>
        <Text size="sm" c="dimmed">
          You are signed out everywhere and your name and email address are removed. Your
          organizations keep what you made, shown as made by a former member. This cannot be undone.
        </Text>
        <TextInput
          label="Your password"
          type="password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          autoComplete="current-password"
          w="100%"
        />
        <FormError>
          {error ? (error.context ? `${error.message} (${error.context})` : error.message) : null}
        </FormError>
        <Button
          color="red"
          variant="light"
          loading={remove.isPending}
          disabled={!password}
          onClick={() =>
            openConfirm({
              title: 'Delete your account?',
              message: 'This cannot be undone. Your organizations keep what you made.',
              confirmLabel: 'Delete my account',
              danger: true,
              onConfirm: () => remove.mutate(),
            })
          }
        >
          Delete my account
        </Button>
      </Stack>
    </Card>
  );
}
