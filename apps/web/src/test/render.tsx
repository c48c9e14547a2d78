/** Renders a component inside the app's providers (without the router). */
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { theme } from '../app/app.tsx';

export function renderWithProviders(ui: ReactNode) {
  return render(
    <MantineProvider theme={theme}>
      <ModalsProvider>
        <Notifications />
        {ui}
      </ModalsProvider>
    </MantineProvider>,
  );
}
