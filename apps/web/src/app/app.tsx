/** Providers and the router. */
import {
  Loader,
  MantineProvider,
  createTheme,
  darken,
  type CSSVariablesResolver,
} from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { bootstrapQueryOptions } from '../api/bootstrap.ts';
import { showAlert } from '../ui/alerts.ts';
import { openFeatureAlert } from '../ui/feature-alert.tsx';
import { WaitModal } from '../ui/wait-modal.tsx';
import { prefetchFirstScreenData } from './first-screen.ts';
import { createQueryClient } from './query-client.ts';
import { routes } from './routes.tsx';

/** Alerts are drawn by a host loaded after the first render (ui/alerts-host.tsx, #28). */
const AlertsHost = lazy(() =>
  import('../ui/alerts-host.tsx').catch(() => ({
    // A host that cannot be loaded (offline, or a deploy renamed it) leaves the page as it is.
    default: () => null,
  })),
);

/**
 * Colours meet WCAG AA contrast (4.5:1 for text): the primary shade is the 8th (blue.8 on white
 * is 5:1; the library's default 6th is 3.6:1), filled colours pick black or white text by
 * luminance (whichever contrasts more), and dimmed text is gray.7 rather than gray.6.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  autoContrast: true,
  // Where white and black text give equal contrast: darker fills get white, lighter get black.
  luminanceThreshold: 0.179,
  fontFamily: 'Inter, system-ui, -apple-system, Segoe UI, Roboto, sans-serif',
  defaultRadius: 'md',
  components: {
    // A loader says what is loading ("Loading dashboard") as a status: a name on an element with
    // no role is prohibited (axe's aria-prohibited-attr), and a status is read out when it shows.
    Loader: Loader.extend({ defaultProps: { role: 'status' } }),
  },
});

/**
 * Light variants (badges, alerts) keep a pale background and darkened text in every colour, so
 * yellow, green and teal pass as well as blue.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    ...Object.fromEntries(
      Object.entries(t.colors).flatMap(([name, shades]) => [
        [`--mantine-color-${name}-light`, shades[0]],
        [`--mantine-color-${name}-light-color`, darken(shades[9], 0.35)],
      ]),
    ),
  },
  // On the dark body: dimmed text dark.1 (about 8:1) rather than the library's dark.2 (4.3:1),
  // and errors in red.4.
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-placeholder': 'var(--mantine-color-dark-2)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
  },
});

export function App() {
  const [router] = useState(() => createBrowserRouter(routes));
  const [queryClient] = useState(() => {
    const client: QueryClient = createQueryClient(() => ({
      navigate: (to) => void router.navigate(to),
      alert: (message) => showAlert({ message, type: 'warning', time: 'flash' }),
      location: router.state.location,
      featureAlert: (feature) =>
        void openFeatureAlert({
          feature,
          isOwner:
            client.getQueryData(bootstrapQueryOptions().queryKey)?.membership?.role === 'owner',
          seePlans: (path) => void router.navigate(path),
        }),
    }));
    // The first screen's requests start now, not after its first render (first-screen.ts), in
    // a task of their own: the first render goes on meanwhile, in short slices (#32).
    setTimeout(() => void prefetchFirstScreenData(client), 0);
    return client;
  });
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      // The system's light or dark until the person picks one in their menu (issue #32).
      defaultColorScheme="auto"
    >
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <Suspense fallback={null}>
            <AlertsHost />
          </Suspense>
          <WaitModal />
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
