/** /sign-in/log-in/{organization}: checks the subdomain, then goes to its sign-in (or the app's). */
import { Center, Loader } from '@mantine/core';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { organizationUrl, useBootstrap } from '../../../api/bootstrap.ts';
import { checkSlug } from '../api/sign-up.ts';

export function LogInRedirect() {
  const { organization = '' } = useParams();
  const boot = useBootstrap();
  useEffect(() => {
    if (!boot.data) return;
    const data = boot.data;
    void checkSlug(organization).then((status) => {
      window.location.assign(
        status.exists && /^[a-z0-9]+$/.test(organization)
          ? organizationUrl(data, organization, '/sign-in')
          : `${data.appOrigin}/sign-in`,
      );
    });
  }, [boot.data, organization]);
  return (
    <Center mih="60vh">
      <Loader aria-label="Loading" />
    </Center>
  );
}
