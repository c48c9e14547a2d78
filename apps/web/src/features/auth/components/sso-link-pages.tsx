/**
 * The pages of single sign-on's mailed links (issue #47): a person allows an organisation's
 * single sign-on to sign in to their account; a domain's administrator confirms the domain for an
 * organisation. Each acts on a button, not on opening: a mail scanner that follows links does
 * nothing.
 */
import { Button, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { ERRORS } from '@assay/domain';
import { toApiError } from '../../../api/errors.ts';
import { allowSsoLink, confirmSsoDomain } from '../api/sign-in.ts';
import { AuthCard } from './auth-card.tsx';
import { FormError } from './form-error.tsx';

function useTokenAction<T>(action: (token: string) => Promise<T>, onDone?: (answer: T) => void) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  return useMutation({
    meta: { customErrorHandler: true },
    mutationFn: () => action(token),
    onSuccess: onDone,
    onError: (error) => {
      if (toApiError(error).ref === ERRORS.tokenExpired.ref)
        void navigate('/token-error', { replace: true });
    },
  });
}

export function SsoLinkPage() {
  const allow = useTokenAction(allowSsoLink, (answer) => window.location.assign(answer.url));
  return (
    <AuthCard title="Allow single sign-on for your account">
      <Text size="sm">
        Someone signed in through an organization’s identity provider with your email address. If it
        was you, allow it: the organization’s single sign-on will then sign you in to your Assay
        account. If it was not you, close this page; nobody was signed in.
      </Text>
      <FormError>{allow.error ? toApiError(allow.error).message : null}</FormError>
      <Button onClick={() => allow.mutate()} loading={allow.isPending || allow.isSuccess}>
        Allow and continue with single sign-on
      </Button>
    </AuthCard>
  );
}

export function SsoDomainPage() {
  const confirm = useTokenAction(confirmSsoDomain);
  if (confirm.data) {
    return (
      <AuthCard title="The domain is confirmed">
        <Text size="sm" data-testid="sso-domain-confirmed">
          {confirm.data.domain} is verified: the organization’s single sign-on may now sign in
          addresses at it.
        </Text>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Confirm a domain for single sign-on">
      <Text size="sm">
        An organization on Assay asks to sign in people with addresses at your domain through its
        own identity provider. Confirm only if the organization belongs to you or your company.
      </Text>
      <FormError>{confirm.error ? toApiError(confirm.error).message : null}</FormError>
      <Button onClick={() => confirm.mutate()} loading={confirm.isPending}>
        Confirm the domain
      </Button>
    </AuthCard>
  );
}
