/** Sign-up step one: email and an optional invite (beta) code; the link arrives by email. */
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isValidEmail, VALIDATION_MESSAGES } from '@assay/domain';
import { toApiError } from '../../../api/errors.ts';
import { checkBetaCode, startSignup } from '../api/sign-up.ts';
import { AuthCard } from './auth-card.tsx';
import { CheckEmailCard } from './check-email-card.tsx';
import { FormError } from './form-error.tsx';

export function SignUpEmailPage() {
  const [params] = useSearchParams();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: params.get('email') ?? '', code: params.get('code') ?? '' },
    validate: {
      email: (v) => (isValidEmail(v) ? null : VALIDATION_MESSAGES.invalidEmail),
    },
  });
  const mutation = useMutation({
    meta: { customErrorHandler: true },
    mutationFn: async (values: { email: string; code: string }) => {
      const code = values.code.trim();
      if (code && !(await checkBetaCode(code))) {
        form.setFieldError('code', VALIDATION_MESSAGES.invalidBetaCode);
        return null;
      }
      await startSignup({ email: values.email.trim(), ...(code ? { licenseKey: code } : {}) });
      return values.email.trim();
    },
    onSuccess: (email) => {
      if (email) setSentTo(email);
    },
  });

  if (sentTo) {
    return (
      <CheckEmailCard subtitle={`We sent a link to ${sentTo}.`}>
        Open it to confirm your address and create your account. It works for 24 hours.
      </CheckEmailCard>
    );
  }

  return (
    <AuthCard title="Create your account" subtitle="Test your ideas with evidence.">
      <form onSubmit={form.onSubmit((values) => mutation.mutate(values))} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <TextInput label="Invite code (optional)" {...form.getInputProps('code')} />
          <FormError>{mutation.error ? toApiError(mutation.error).message : null}</FormError>
          <Button type="submit" loading={mutation.isPending}>
            Continue
          </Button>
          <Text size="sm">
            Already have an account?{' '}
            <Anchor component={Link} to="/sign-in" underline="always">
              Sign in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
