/**
 * Mantine in the build (#28: first load, decision 013): each component's stylesheet comes with
 * its code (`mantineStylesWithComponents`), and the shell holds only the components the first
 * load needs (`mantineChunks`).
 *
 * Which of Mantine's components the first load needs: everything imports
 * Mantine through its one index module, which imports every component; following imports
 * through it would reach all of them. So this reads, in each module, the names it imports from
 * `@mantine/core`, maps each name to the module the index takes it from, and follows the
 * entry's static imports with those in place of the index. The answer only decides which file a
 * component goes in (the first load's, or the later screens'): a component it misses still loads,
 * from another file, when a screen needs it.
 */
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';

/** Mantine's components and their stylesheets (its `esm/components`, `esm/utils` and `styles`). */
export const MANTINE_COMPONENTS =
  /@mantine[\\/]core[\\/](?:esm[\\/](?:components|utils)|styles)[\\/]/;

const INDEX = /@mantine[\\/]core[\\/]esm[\\/]index\.mjs$/;
const NAMED_IMPORT = /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g;

/** The names an `import { … }` brings in, without type-only ones, as the module calls them. */
function importedNames(list: string): string[] {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith('type '))
    .map((part) => part.split(/\s+as\s+/)[0]?.trim() ?? '')
    .filter(Boolean);
}

export interface MantineChunks {
  plugin: Plugin;
  /** Whether a module is one the entry's first load needs (known once the build has read all). */
  inFirstLoad: (id: string) => boolean;
}

export function mantineChunks(alsoFirst: string[] = []): MantineChunks {
  /** For each module, the names it imports from `@mantine/core`. */
  const namesByModule = new Map<string, string[]>();
  /** For each name Mantine's index exports, the module it comes from. */
  const moduleByName = new Map<string, string>();
  const firstLoad = new Set<string>();

  const plugin: Plugin = {
    name: 'assay-mantine-chunks',
    apply: 'build',
    transform(code, id) {
      if (INDEX.test(id)) {
        for (const [, list = '', from = ''] of code.matchAll(NAMED_IMPORT))
          for (const name of importedNames(list))
            moduleByName.set(name, resolve(dirname(id), from));
        return null;
      }
      if (!code.includes('@mantine/core')) return null;
      const names: string[] = [];
      for (const [, list = '', from = ''] of code.matchAll(NAMED_IMPORT))
        if (from === '@mantine/core') names.push(...importedNames(list));
      if (names.length) namesByModule.set(id, names);
      return null;
    },
    buildEnd() {
      firstLoad.clear();
      const queue = [...this.getModuleIds()].filter(
        (id) => this.getModuleInfo(id)?.isEntry || alsoFirst.some((end) => id.endsWith(end)),
      );
      while (queue.length) {
        const id = queue.pop() as string;
        if (firstLoad.has(id) || INDEX.test(id)) continue;
        firstLoad.add(id);
        queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        for (const name of namesByModule.get(id) ?? []) {
          const from = moduleByName.get(name);
          if (from) queue.push(from);
        }
      }
    },
  };
  return { plugin, inFirstLoad: (id) => firstLoad.has(id) };
}

/**
 * Each Mantine component's stylesheet travels with its code (#28: first load). Mantine ships one
 * stylesheet per component (`@mantine/core/styles/X.css`) and one class-name map per component
 * (`X.module.mjs`), which every part of the component that draws with those classes imports: the
 * map imports the stylesheet here, so the bundler puts it wherever the map goes and leaves it out
 * where the component is not used. `main.tsx` imports the base (baseline, variables, global).
 * They are the `.layer.css` versions: every Mantine rule sits in the `mantine` cascade layer, so
 * the app's own rules (touch.css, CSS modules) win whatever order the stylesheets arrive in.
 */
export function mantineStylesWithComponents(): Plugin {
  const MAP = /@mantine[\\/]core[\\/]esm[\\/].*[\\/]([A-Za-z]+)\.module\.mjs$/;
  return {
    name: 'assay-mantine-styles-with-components',
    enforce: 'pre',
    transform(code, id) {
      const name = MAP.exec(id)?.[1];
      if (!name) return null;
      return { code: `import '@mantine/core/styles/${name}.layer.css';\n${code}`, map: null };
    },
  };
}
