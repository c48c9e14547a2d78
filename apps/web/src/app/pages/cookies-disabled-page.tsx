/** Shown when the browser refuses cookies; retry reloads once cookies are on. */
import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import { MESSAGES } from '@assay/domain';
import { CenteredPage } from '../../ui/centered-page.tsx';

export function CookiesDisabledPage(props: {
  cookiesEnabled?: () => boolean;
  reload?: () => void;
}) {
  const [failed, setFailed] = useState(false);
  const cookiesEnabled = props.cookiesEnabled ?? (() => navigator.cookieEnabled);
  const reload = props.reload ?? (() => window.location.reload());
  return (
    <CenteredPage title={MESSAGES.enableCookiesTitle}>
      <Text>
        Assay keeps you signed in with a cookie. Please allow cookies for this site in your browser
        settings, then try again.
      </Text>
      <Button
        w="fit-content"
        onClick={() => {
          if (cookiesEnabled()) reload();
          else setFailed(true);
        }}
      >
        Try again
      </Button>
      {failed ? (
        <Text c="red" role="alert">
          {MESSAGES.pleaseTryAgain}
        </Text>
      ) : null}
    </CenteredPage>
  );
}
