/** Sign-up: names and a password create the account (and, when invited, join the organisation). */
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { passwordProblem, sanitizeName, signUpRoute, LIMITS } from '@assay/domain';
import { toApiError } from '../../../api/errors.ts';
import { goToOrganization } from '../../../api/session.ts';
import { createUser } from '../api/sign-up.ts';
import { clearSignUpState, loadSignUpState, saveSignUpState } from '../sign-up-storage.ts';
import { AuthCard } from './auth-card.tsx';
import { FormError } from './form-error.tsx';
import { NewPasswordField } from './password-field.tsx';

export function SignUpNewAccountPage(props: { invited?: boolean }) {
  const navigate = useNavigate();
  const state = loadSignUpState();
  const expected = props.invited ? '/sign-up/new-account/invited' : '/sign-up/new-account';
  const route = signUpRoute(state);
  useEffect(() => {
    if (route !== expected) void navigate(route, { replace: true });
  }, [route, expected, navigate]);

  const form = useForm({
    initialValues: { firstName: '', lastName: '', password: '' },
    validate: {
      firstName: (v) => (sanitizeName(v) ? null : 'Please enter your first name.'),
      lastName: (v) => (sanitizeName(v) ? null : 'Please enter your last name.'),
      password: (v) => passwordProblem(v),
    },
  });
  const mutation = useMutation({
    meta: { customErrorHandler: true },
    mutationFn: (values: typeof form.values) => createUser({ token: state.token ?? '', ...values }),
    onSuccess: async (created) => {
      if (props.invited && created.organization) {
        clearSignUpState();
        await goToOrganization(created.organization.id);
        return;
      }
      const next = {
        ...state,
        user: { primaryEmail: created.user.email, id: created.user.id, exp: null },
      };
      saveSignUpState(next);
      void navigate(signUpRoute(next));
    },
    onError: (error) => {
      if (toApiError(error).statusCode === 400 && toApiError(error).ref === 2010)
        void navigate('/token-error');
    },
  });

  const title =
    props.invited && state.organization?.name
      ? `Join ${state.organization.name}`
      : 'Create your account';
  return (
    <AuthCard title={title} subtitle={state.user?.primaryEmail ?? undefined}>
      <form onSubmit={form.onSubmit((values) => mutation.mutate(values))} noValidate>
        <Stack gap="sm">
          <Group grow>
            <TextInput
              label="First name"
              maxLength={LIMITS.profile.firstName}
              required
              autoComplete="given-name"
              {...form.getInputProps('firstName')}
            />
            <TextInput
              label="Last name"
              maxLength={LIMITS.profile.lastName}
              required
              autoComplete="family-name"
              {...form.getInputProps('lastName')}
            />
          </Group>
          <NewPasswordField
            value={form.values.password}
            onChange={(v) => form.setFieldValue('password', v)}
            error={form.errors.password as string | undefined}
          />
          <FormError>{mutation.error ? toApiError(mutation.error).message : null}</FormError>
          <Button type="submit" loading={mutation.isPending}>
            {props.invited ? 'Join' : 'Create account'}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

export function SignUpInvitedAccountPage() {
  return <SignUpNewAccountPage invited />;
}
