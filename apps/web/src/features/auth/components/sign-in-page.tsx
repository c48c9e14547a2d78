/**
 * Sign-in: email and password, then a code when MFA is on. Failures show the attempts left and,
 * at zero, a link to reset the password. On an organisation's subdomain the sign-in is for it.
 */
import {
  Alert,
  Anchor,
  Button,
  Divider,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ERRORS, LIMITS } from '@assay/domain';
import { useBootstrap } from '../../../api/bootstrap.ts';
import { toApiError } from '../../../api/errors.ts';
import { takeLoginRequest } from '../../../api/login-request.ts';
import {
  goToOrganization,
  listMyOrganizations,
  rememberedOrganizationId,
} from '../../../api/session.ts';
import { signIn, ssoStartUrl } from '../api/sign-in.ts';
import { joinOrganization } from '../api/sign-up.ts';
import { AuthCard } from './auth-card.tsx';
import { ExploreDemo } from '../../../ui/explore-demo.tsx';
import { FormError } from './form-error.tsx';

export function SignInPage() {
  const boot = useBootstrap();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const { slug: connectSlug } = useParams();
  const [needsCode, setNeedsCode] = useState(false);
  const [code, setCode] = useState('');
  const organization = boot.data?.organization ?? null;
  const organizationSlug = connectSlug ?? organization?.slug;
  const inviteOrganizationId = params.get('invite');
  // A single sign-on that failed comes back here with the catalogue's ref.
  const ssoErrorRef = Number(params.get('ssoError') ?? NaN);
  const ssoError = Object.values(ERRORS).find((e) => 'ref' in e && e.ref === ssoErrorRef);

  // Invited by mail: the invitation's address is filled in (another one answers ref 22 on joining).
  const form = useForm({ initialValues: { email: params.get('email') ?? '', password: '' } });
  const mutation = useMutation({
    meta: { customErrorHandler: true },
    mutationFn: async (values: { email: string; password: string }) => {
      const answer = await signIn({
        email: values.email.trim(),
        password: values.password,
        ...(needsCode ? { code } : {}),
        ...(organizationSlug ? { organizationSlug } : {}),
      });
      if ('mfaRequired' in answer) {
        setNeedsCode(true);
        return;
      }
      await queryClient.invalidateQueries();
      // Where the person was going before signing in (part 1 §2.2, #48 item 2), taken once.
      const requested = takeLoginRequest(sessionStorage);
      if (organization) {
        void navigate(requested ?? '/');
        return;
      }
      if (inviteOrganizationId) {
        await joinOrganization(inviteOrganizationId, params.get('email'));
        await goToOrganization(inviteOrganizationId);
        return;
      }
      // The app host: inside the organisation this browser remembers, at the page asked for.
      const remembered = rememberedOrganizationId();
      if (requested && remembered) {
        const joined = await listMyOrganizations().catch(() => []);
        if (joined.some((o) => o.id === remembered)) {
          await goToOrganization(remembered, requested);
          return;
        }
      }
      void navigate('/organizations');
    },
  });

  const error = mutation.error ? toApiError(mutation.error) : null;
  const remaining = error?.details.attemptsRemaining;
  const appOrigin = boot.data?.appOrigin ?? '';
  // An organisation with single sign-on sends its members to their identity provider; a
  // password sign-in refused for that reason offers the same way in.
  const ssoSlug =
    organization?.sso && organizationSlug
      ? organizationSlug
      : error?.ref === ERRORS.ssoRequired.ref && typeof error.details.organizationSlug === 'string'
        ? error.details.organizationSlug
        : null;
  return (
    <AuthCard
      title={organization ? `Sign in to ${organization.name}` : 'Sign in'}
      logo={
        organization?.signedURL
          ? { src: organization.signedURL, alt: `${organization.name} logo` }
          : null
      }
      subtitle={
        needsCode
          ? 'Enter the 6-digit code from your authenticator app, or a recovery code.'
          : undefined
      }
    >
      {ssoError ? (
        <Alert
          color={ssoError.ref === ERRORS.ssoLinkSent.ref ? 'blue' : 'red'}
          role="alert"
          mb="sm"
          data-testid="sso-error"
        >
          {ssoError.message}
        </Alert>
      ) : null}
      {ssoSlug && !needsCode ? (
        <>
          <Button component="a" href={ssoStartUrl(appOrigin, ssoSlug)} fullWidth>
            Continue with single sign-on
          </Button>
          <Divider my="md" label="or with your password" labelPosition="center" />
        </>
      ) : null}
      <form onSubmit={form.onSubmit((values) => mutation.mutate(values))} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            disabled={needsCode}
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            disabled={needsCode}
            maxLength={LIMITS.passwordMax}
            {...form.getInputProps('password')}
          />
          {needsCode ? (
            <TextInput
              label="Authentication code"
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              autoFocus
              required
            />
          ) : null}
          <FormError>
            {error ? (
              <>
                {error.message}
                {typeof remaining === 'number' && remaining > 0 ? (
                  <Text size="sm" data-testid="attempts-left">
                    {remaining} {remaining === 1 ? 'attempt' : 'attempts'} left.
                  </Text>
                ) : null}
                {remaining === 0 ? (
                  <Text size="sm">
                    <Anchor component={Link} to="/sign-in/forgot-password">
                      Reset your password
                    </Anchor>
                  </Text>
                ) : null}
              </>
            ) : null}
          </FormError>
          <Button type="submit" loading={mutation.isPending}>
            {needsCode ? 'Verify' : 'Sign in'}
          </Button>
          <Anchor component={Link} to="/sign-in/forgot-password" size="sm">
            Forgot your password?
          </Anchor>
          {!organization ? (
            <Text size="sm">
              New to Assay?{' '}
              <Anchor component={Link} to="/sign-up">
                Create an account
              </Anchor>
            </Text>
          ) : null}
        </Stack>
      </form>
      {!organization && !needsCode ? <ExploreDemo /> : null}
    </AuthCard>
  );
}
