import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import {
  MANTINE_COMPONENTS,
  mantineChunks,
  mantineStylesWithComponents,
} from './mantine-chunks.ts';

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

/**
 * The first screens a page load may open, by the name the server uses (apps/server web-app.ts),
 * and the module that draws each.
 */
const FIRST_SCREENS: Record<string, string> = {
  projects: 'src/features/projects/components/projects-home.tsx',
  onboarding: 'src/features/projects/components/onboarding-page.tsx',
  setup: 'src/features/projects/components/setup-page.tsx',
  workspace: 'src/features/workspace/components/workspace-page.tsx',
  dashboard: 'src/features/dashboards/components/dashboard-page.tsx',
};

const ZOD_MODULE = /node_modules[\\/]zod[\\/]/;
/** The first screens that only show (the others are forms, checked with the domain's schemas). */
const SHOWING_SCREENS = ['projects', 'workspace', 'dashboard'];

/**
 * dist/first-screens.json: for each first screen, the scripts and styles it needs beyond the
 * entry's, so the server can name them in the page and the browser fetches them with the entry
 * instead of after it (#28, #32).
 */
function firstScreens(): Plugin {
  return {
    name: 'assay-first-screens',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (start: string[], seen = new Set<string>()) => {
        for (const file of start) {
          if (seen.has(file)) continue;
          seen.add(file);
          closure(byFile.get(file)?.imports ?? [], seen);
        }
        return seen;
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      const loaded = closure(entry ? [entry.fileName] : []);
      const screens: Record<string, { js: string[]; css: string[] }> = {};
      for (const [name, module] of Object.entries(FIRST_SCREENS)) {
        const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(`/apps/web/${module}`));
        if (!chunk) this.error(`first screen "${name}": no chunk for ${module}`);
        const files = [...closure([chunk.fileName])].filter((file) => !loaded.has(file));
        // zod (~23 KB compressed) checks what a person sends; the screens that only show need
        // none. A schema beside a constant such a screen uses brings it in whole: a bundler
        // cannot tell that building a schema has no effect (the domain keeps its schemas in
        // *-schema.ts modules for that).
        const withZod = SHOWING_SCREENS.includes(name)
          ? [...loaded, ...files].find((file) =>
              byFile.get(file)?.moduleIds.some((id) => ZOD_MODULE.test(id)),
            )
          : undefined;
        if (withZod) this.error(`first screen "${name}" loads zod, through ${withZod}`);
        screens[name] = {
          js: files.map((file) => `/${file}`),
          css: files.flatMap((file) =>
            [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])].map((css) => `/${css}`),
          ),
        };
      }
      this.emitFile({
        type: 'asset',
        fileName: 'first-screens.json',
        source: JSON.stringify(screens),
      });
    },
  };
}

/**
 * The app's stylesheets load without holding the first paint (#32): the page's own header frame
 * (inline styles in index.html) paints as soon as the HTML is in, while the stylesheets come at
 * full priority as preloads; the app turns them into stylesheets and waits for them before its
 * first render (src/app/styles.ts), so nothing it draws is ever unstyled.
 */
function stylesAfterFirstPaint(): Plugin {
  return {
    name: 'assay-styles-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(
          /<link rel="stylesheet"( crossorigin)? href="([^"]+\.css)">/g,
          '<link rel="preload" as="style"$1 href="$2" data-app-style>',
        ),
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
    'tslib',
    'clsx',
  ].join('|')})[\\\\/]`,
);

/**
 * Mantine's components and their stylesheets: those the first load needs go in the shell, with
 * those of an organisation's home (its projects, or the set-up questions of a new one: a
 * member's usual first screen, a few KB); those only later screens use go in a file of their
 * own, which the first load neither fetches nor parses (#28: first load, bench/README).
 */
const mantine = mantineChunks(
  [FIRST_SCREENS.projects, FIRST_SCREENS.setup].map((module) => `/apps/web/${module ?? ''}`),
);

export default defineConfig({
  plugins: [
    mantineStylesWithComponents(),
    mantine.plugin,
    react(),
    versionFile(),
    firstScreens(),
    stylesAfterFirstPaint(),
  ],
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
              // React, the router, TanStack Query and Mantine's core (its provider, styles
              // system and hooks; not its components) in one file: every page needs them, and
              // one file costs a phone one request instead of a dozen small ones (Lighthouse
              // mobile, #28 and #32; bench/README).
              name: 'shell',
              test: (id) =>
                SHELL_PACKAGES.test(id) &&
                (!MANTINE_COMPONENTS.test(id) || mantine.inFirstLoad(id)),
            },
            {
              // The components only later screens use, in one file: the first screen after the
              // first load (the canvas, a project list) costs one request more, not a dozen.
              name: 'mantine',
              test: (id) => MANTINE_COMPONENTS.test(id) && !mantine.inFirstLoad(id),
            },
          ],
        },
      },
    },
  },
});
