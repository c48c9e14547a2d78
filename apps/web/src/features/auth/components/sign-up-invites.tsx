/** Sign-up: join an organisation you were invited to, or name a new one. */
import { Button, Card, Divider, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { sanitizeName, signUpRoute, slugify } from '@assay/domain';
import { useBootstrap } from '../../../api/bootstrap.ts';
import { toApiError } from '../../../api/errors.ts';
import { goToOrganization } from '../../../api/session.ts';
import { checkSlug, joinOrganization, listMyInvites } from '../api/sign-up.ts';
import { clearSignUpState, loadSignUpState, saveSignUpState } from '../sign-up-storage.ts';
import { AuthCard } from './auth-card.tsx';
import { FormError } from './form-error.tsx';

export function SignUpInvitesPage() {
  const navigate = useNavigate();
  const boot = useBootstrap();
  const invites = useQuery({ queryKey: ['auth', 'invites'], queryFn: listMyInvites });
  const [slugTouched, setSlugTouched] = useState(false);
  const form = useForm({
    initialValues: { name: '', slug: '' },
    validate: {
      name: (v) => (sanitizeName(v) ? null : 'Your organization needs a name.'),
      slug: (v) => (slugify(v) ? null : 'Your organization needs an address.'),
    },
  });
  const join = useMutation({
    meta: { customErrorHandler: true },
    mutationFn: async (organizationId: string) => {
      await joinOrganization(organizationId);
      clearSignUpState();
      await goToOrganization(organizationId);
    },
  });
  const next = useMutation({
    meta: { customErrorHandler: true },
    mutationFn: async (values: { name: string; slug: string }) => {
      const slug = slugify(values.slug);
      const status = await checkSlug(slug);
      if (status.exists) {
        form.setFieldError('slug', 'That address is already taken. Please choose another one.');
        return;
      }
      const saved = loadSignUpState();
      const user = boot.data?.user;
      const state = {
        ...saved,
        // A signed-in user adding another organisation has no saved sign-up state.
        betaCode: saved.betaCode ?? 'garage',
        user: saved.user?.id
          ? saved.user
          : { primaryEmail: user?.email ?? null, id: user?.id ?? null, exp: null },
        organization: { name: sanitizeName(values.name), slug },
        orgSlugExists: false,
      };
      saveSignUpState(state);
      void navigate(signUpRoute(state));
    },
  });

  return (
    <AuthCard title="Your organization" subtitle="Join your team, or create a new organization.">
      {invites.data && invites.data.length > 0 ? (
        <Stack gap="xs">
          {invites.data.map((invite) => (
            <Card key={invite.id} withBorder padding="sm">
              <Group justify="space-between">
                <Text fw={600}>{invite.organization.name}</Text>
                <Button
                  size="xs"
                  loading={join.isPending}
                  onClick={() => join.mutate(invite.organization.id)}
                >
                  Join
                </Button>
              </Group>
            </Card>
          ))}
          <FormError>{join.error ? toApiError(join.error).message : null}</FormError>
          <Divider label="or" />
        </Stack>
      ) : null}
      <form onSubmit={form.onSubmit((values) => next.mutate(values))} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Organization name"
            required
            {...form.getInputProps('name')}
            onChange={(e) => {
              const name = e.currentTarget.value;
              form.setFieldValue('name', name);
              if (!slugTouched) form.setFieldValue('slug', slugify(name));
            }}
          />
          <TextInput
            label="Address"
            description={
              boot.data ? `${form.values.slug || 'your-team'}.${boot.data.appDomain}` : undefined
            }
            required
            {...form.getInputProps('slug')}
            onChange={(e) => {
              setSlugTouched(true);
              form.setFieldValue('slug', slugify(e.currentTarget.value));
            }}
          />
          <FormError>{next.error ? toApiError(next.error).message : null}</FormError>
          <Button type="submit" loading={next.isPending}>
            Continue
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
