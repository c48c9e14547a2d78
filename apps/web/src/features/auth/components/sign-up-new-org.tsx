/** Sign-up, last step: create the organisation and go to its subdomain, signed in. */
import { Button, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { signUpRoute } from '@assay/domain';
import { useBootstrap } from '../../../api/bootstrap.ts';
import { toApiError } from '../../../api/errors.ts';
import { goToOrganization } from '../../../api/session.ts';
import { createOrganization } from '../api/sign-up.ts';
import { clearSignUpState, loadSignUpState, saveSignUpState } from '../sign-up-storage.ts';
import { AuthCard } from './auth-card.tsx';
import { FormError } from './form-error.tsx';

export function SignUpNewOrgPage() {
  const navigate = useNavigate();
  const boot = useBootstrap();
  const state = loadSignUpState();
  const route = signUpRoute(state);
  useEffect(() => {
    if (route !== '/sign-up/new-org') void navigate(route, { replace: true });
  }, [route, navigate]);
  const name = state.organization?.name ?? '';
  const slug = state.organization?.slug ?? '';
  const create = useMutation({
    meta: { customErrorHandler: true },
    mutationFn: async () => {
      const org = await createOrganization({ name, slug });
      clearSignUpState();
      await goToOrganization(org.id);
    },
  });
  const back = () => {
    const next = { ...state, organization: {} };
    saveSignUpState(next);
    void navigate(signUpRoute(next));
  };
  return (
    <AuthCard title="Create your organization">
      <Stack gap="xs">
        <Text>
          <strong>{name}</strong>
        </Text>
        <Text size="sm" c="dimmed">
          {boot.data ? `${slug}.${boot.data.appDomain}` : slug}
        </Text>
      </Stack>
      <FormError>{create.error ? toApiError(create.error).message : null}</FormError>
      <Group justify="space-between">
        <Button variant="default" onClick={back}>
          Back
        </Button>
        <Button loading={create.isPending} onClick={() => create.mutate()}>
          Create organization
        </Button>
      </Group>
    </AuthCard>
  );
}
