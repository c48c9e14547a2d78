/** Providers and the router. */
import { MantineProvider, createTheme } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { showAlert } from '../ui/alerts.ts';
import { WaitModal } from '../ui/wait-modal.tsx';
import { createQueryClient } from './query-client.ts';
import { routes } from './routes.tsx';

export const theme = createTheme({
  primaryColor: 'blue',
  fontFamily: 'Inter, system-ui, -apple-system, Segoe UI, Roboto, sans-serif',
  defaultRadius: 'md',
});

export function App() {
  const [router] = useState(() => createBrowserRouter(routes));
  const [queryClient] = useState(() =>
    createQueryClient(() => ({
      navigate: (to) => void router.navigate(to),
      alert: (message) => showAlert({ message, type: 'warning', time: 'flash' }),
      location: router.state.location,
    })),
  );
  return (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <Notifications position="top-center" zIndex={1000} />
          <WaitModal />
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
