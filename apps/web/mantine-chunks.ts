/**
 * Which of Mantine's components the first load needs (#28: first load). Everything imports
 * Mantine through its one index module, which imports every component; following imports
 * through it would reach all of them. So this reads, in each module, the names it imports from
 * `@mantine/core`, maps each name to the module the index takes it from, and follows the
 * entry's static imports with those in place of the index. The answer only decides which file a
 * component goes in (the first load's, or the later screens'): a component it misses still loads,
 * from another file, when a screen needs it.
 */
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';

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
