/** The generic oops page: an unhandled render error ends here. Stack only outside production. */
import { Button, Code, Group, List, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { MESSAGES } from '@assay/domain';
import { contactAddresses } from '../../api/contact.ts';
import { showAlert } from '../../ui/alerts.ts';
import { CenteredPage } from '../../ui/centered-page.tsx';
import { showSupportMessage } from '../support-chat.ts';
import { reportError } from '../error-reporting.ts';

export function OopsView(props: { error: unknown; showStack?: boolean }) {
  const showStack = props.showStack ?? !import.meta.env.PROD;
  const stack = props.error instanceof Error ? props.error.stack : String(props.error);
  return (
    <CenteredPage title="Oops! Something went wrong">
      <Text>We are sorry, this page ran into a problem. You can try:</Text>
      <List spacing="xs">
        <List.Item>a hard refresh of the page (Ctrl+Shift+R, or Cmd+Shift+R on a Mac);</List.Item>
        <List.Item>clearing your browser cache;</List.Item>
        <List.Item>updating your browser to its latest version;</List.Item>
        <List.Item>trying again a little later.</List.Item>
      </List>
      <Text>
        Still stuck? Contact support through the chat, or by email at{' '}
        <a href={`mailto:${contactAddresses().support}`}>{contactAddresses().support}</a>.
      </Text>
      <Group>
        <Button onClick={() => window.location.reload()} w="fit-content">
          Refresh the page
        </Button>
        {typeof window !== 'undefined' && window.Intercom ? (
          <Button
            variant="default"
            onClick={() =>
              showSupportMessage(
                `I ran into a problem on ${window.location.pathname}: ${props.error instanceof Error ? props.error.message : 'an error'}`,
              )
            }
          >
            Chat with support
          </Button>
        ) : null}
      </Group>
      {showStack && stack ? (
        <Code block data-testid="error-stack">
          {stack}
        </Code>
      ) : null}
    </CenteredPage>
  );
}

/** Route error element: alerts once, then shows the oops page. */
export function OopsPage() {
  const error = useRouteError();
  useEffect(() => {
    reportError(error);
  }, [error]);
  useEffect(() => {
    showAlert({
      title: MESSAGES.renderErrorTitle,
      message: MESSAGES.renderErrorBody,
      type: 'error',
      time: 'pause',
    });
  }, []);
  return <OopsView error={error} />;
}
