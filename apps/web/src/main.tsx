import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/touch.css';
import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, cssVariablesResolver, theme } from './app/app.tsx';
import { CookiesDisabledPage } from './app/pages/cookies-disabled-page.tsx';

const root = createRoot(document.getElementById('root') as HTMLElement);

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
);
