import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};
/** Every build gets its own version; the server reads dist/version.json and sends it back. */
const appVersion = process.env.APP_VERSION ?? `${pkg.version}+${Date.now().toString(36)}`;

function versionFile(): Plugin {
  return {
    name: 'assay-version-file',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'version.json',
        source: JSON.stringify({ version: appVersion }),
      });
    },
  };
}

const SHELL_PACKAGES = new RegExp(
  `node_modules[\\\\/](${[
    'react',
    'react-dom',
    'scheduler',
    'react-router',
    '@tanstack',
    '@mantine[\\\\/](?:core|hooks)',
    '@floating-ui',
    'react-remove-scroll',
    'react-remove-scroll-bar',
    'react-style-singleton',
    'use-sidecar',
    'use-callback-ref',
    'react-textarea-autosize',
    'react-number-format',
    'tslib',
    'clsx',
  ].join('|')})[\\\\/]`,
);

export default defineConfig({
  plugins: [react(), versionFile()],
  define: { __APP_VERSION__: JSON.stringify(appVersion) },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/sub': { target: 'ws://localhost:3000', ws: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // React, the router, TanStack Query and Mantine's core in one file: every page
              // needs them, and one file costs a phone one request instead of a dozen small
              // ones (Lighthouse mobile, #28 and #32; bench/README).
              name: 'shell',
              test: SHELL_PACKAGES,
            },
          ],
        },
      },
    },
  },
});
