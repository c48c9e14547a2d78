// Mantine's base styles, in its cascade layer; each component's stylesheet comes with its code
// (vite.config.ts). The app's own rules are outside the layer, so they win in any order.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import './app/touch.css';
import { MantineProvider } from '@mantine/core';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, cssVariablesResolver, theme } from './app/app.tsx';
import { CookiesDisabledPage } from './app/pages/cookies-disabled-page.tsx';
import { preloadFirstScreen } from './app/first-screen.ts';
import { appStylesReady } from './app/styles.ts';

// The stylesheets first: they become stylesheets at once, in the page's order, before any code
// loading below could add a second copy of one after the others (app/styles.ts).
const styles = appStylesReady();

// The first screen's code, started now (its files are already on their way: the page names them).
preloadFirstScreen();

const root = createRoot(document.getElementById('root') as HTMLElement);

// The first render once the stylesheets are in (they do not hold the page's first paint), as a
// transition: React yields to the browser every few milliseconds instead of holding the main
// thread for the whole first screen (#28, #32: total blocking time on phones).
void styles.then(() =>
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
  ),
);
