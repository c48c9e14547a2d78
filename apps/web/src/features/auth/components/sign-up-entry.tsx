/** /sign-up: reads an emailed link's token, saves the state, and goes to the step it resolves to. */
import { Loader, Center } from '@mantine/core';
import { useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { signUpRoute, type SignUpState } from '@assay/domain';
import { validateToken } from '../api/sign-up.ts';
import { loadSignUpState, saveSignUpState } from '../sign-up-storage.ts';
import { handleApiError } from '../../../api/handle-error.ts';
import { showAlert } from '../../../ui/alerts.ts';

export function SignUpEntry() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const token = params.get('token');

  useEffect(() => {
    if (!token) {
      void navigate(`${signUpRoute(loadSignUpState())}${location.search}`, { replace: true });
      return;
    }
    let cancelled = false;
    validateToken(token)
      .then((info) => {
        if (cancelled) return;
        if (info.kind === 'invite' && info.userExists && info.organization) {
          const query = new URLSearchParams({ invite: info.organization.id });
          if (info.email) query.set('email', info.email);
          void navigate(`/sign-in?${query.toString()}`, { replace: true });
          return;
        }
        const state: SignUpState =
          info.kind === 'invite'
            ? {
                user: { primaryEmail: info.email, exp: info.exp },
                organization: info.organization ?? {},
                token,
                plan: 'garage',
              }
            : {
                user: { primaryEmail: info.email, exp: info.exp },
                betaCode: info.licenseKey ?? info.license ?? 'garage',
                plan: info.license ?? 'garage',
                token,
              };
        saveSignUpState(state);
        void navigate(signUpRoute(state), { replace: true });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        handleApiError(error, {
          navigate: (to) => void navigate(to, { replace: true }),
          alert: (message) => showAlert({ type: 'warning', message }),
          location: { pathname: location.pathname, search: location.search },
        });
      });
    return () => {
      cancelled = true;
    };
  }, [token, navigate, location.pathname, location.search]);

  return (
    <Center mih="60vh">
      <Loader aria-label="Loading" />
    </Center>
  );
}
