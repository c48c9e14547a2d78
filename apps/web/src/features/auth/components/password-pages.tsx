/** Forgot password, reset password, and confirming a changed email. */
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isValidEmail, passwordProblem, VALIDATION_MESSAGES } from '@assay/domain';
import { toApiError } from '../../../api/errors.ts';
import { confirmEmailChange, forgotPassword, resetPassword } from '../api/sign-in.ts';
import { AuthCard } from './auth-card.tsx';
import { CheckEmailCard } from './check-email-card.tsx';
import { FormError } from './form-error.tsx';
import { NewPasswordField } from './password-field.tsx';

export function ForgotPasswordPage() {
  const [sent, setSent] = useState(false);
  const form = useForm({
    initialValues: { email: '' },
    validate: { email: (v) => (isValidEmail(v) ? null : VALIDATION_MESSAGES.invalidEmail) },
  });
  const mutation = useMutation({
    meta: { customErrorHandler: true },
    mutationFn: (email: string) => forgotPassword(email.trim()),
    onSuccess: () => setSent(true),
  });
  if (sent) {
    return (
      <CheckEmailCard>
        If an account uses {form.values.email}, a link to choose a new password is on its way. It
        works for one hour.
      </CheckEmailCard>
    );
  }
  return (
    <AuthCard title="Reset your password" subtitle="We will email you a link to choose a new one.">
      <form onSubmit={form.onSubmit((v) => mutation.mutate(v.email))} noValidate>
        <Stack gap="sm">
          <TextInput label="Email" type="email" required {...form.getInputProps('email')} />
          <FormError>{mutation.error ? toApiError(mutation.error).message : null}</FormError>
          <Button type="submit" loading={mutation.isPending}>
            Send the link
          </Button>
          <Anchor component={Link} to="/sign-in" size="sm">
            Back to sign in
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState(false);
  const form = useForm({
    initialValues: { password: '' },
    validate: { password: (v) => passwordProblem(v) },
  });
  const mutation = useMutation({
    meta: { customErrorHandler: true },
    mutationFn: (password: string) => resetPassword(token, password),
    onSuccess: () => setDone(true),
    onError: (error) => {
      if (toApiError(error).ref === 2010) void navigate('/token-error');
    },
  });
  if (done) {
    return (
      <AuthCard title="Your password is changed">
        <Text size="sm">You were signed out everywhere. Sign in with your new password.</Text>
        <Button component={Link} to="/sign-in">
          Sign in
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password">
      <form onSubmit={form.onSubmit((v) => mutation.mutate(v.password))} noValidate>
        <Stack gap="sm">
          <NewPasswordField
            label="New password"
            value={form.values.password}
            onChange={(v) => form.setFieldValue('password', v)}
            error={form.errors.password as string | undefined}
          />
          <FormError>{mutation.error ? toApiError(mutation.error).message : null}</FormError>
          <Button type="submit" loading={mutation.isPending}>
            Save the new password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

export function ChangeEmailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const mutation = useMutation({
    meta: { customErrorHandler: true },
    mutationFn: () => confirmEmailChange(token),
    onError: () => void navigate('/token-error', { replace: true }),
  });
  const { mutate } = mutation;
  useEffect(() => {
    mutate();
  }, [mutate]);
  return (
    <AuthCard title="Your email">
      <Text size="sm">
        {mutation.data ? `Your email is now ${mutation.data.email}.` : 'Confirming your new email…'}
      </Text>
    </AuthCard>
  );
}
