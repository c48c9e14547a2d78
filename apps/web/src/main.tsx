import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/touch.css';
import { MantineProvider } from '@mantine/core';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, cssVariablesResolver, theme } from './app/app.tsx';
import { CookiesDisabledPage } from './app/pages/cookies-disabled-page.tsx';
import { preloadFirstScreen } from './app/first-screen.ts';

// The first screen's code, started now (its files are already on their way: the page names them).
preloadFirstScreen();

const root = createRoot(document.getElementById('root') as HTMLElement);

// The first render as a transition: React yields to the browser every few milliseconds instead of
// holding the main thread for the whole first screen (#28, #32: total blocking time on phones).
startTransition(() =>
  root.render(
    <StrictMode>
      {navigator.cookieEnabled ? (
        <App />
      ) : (
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
          <CookiesDisabledPage />
        </MantineProvider>
      )}
    </StrictMode>,
  ),
);
