/**
 * drizzle-orm's CommonJS build for the whole process (#53 item 2). On Node 24 its ES-module build
 * (448 files) takes a second to load and leaves V8's heap 137 MiB larger for good, where the
 * CommonJS build takes a quarter of that and 11 MiB (bench/README.md). Every import of drizzle-orm
 * in the process resolves to the CommonJS build once this has run — one copy, so its classes are
 * one set — so it runs before anything imports drizzle (the server's entry, the benchmark's).
 */
import { registerHooks } from 'node:module';

let registered = false;

export function useDrizzleCommonJs(): void {
  if (registered) return;
  registered = true;
  registerHooks({
    resolve(specifier, context, nextResolve) {
      if (specifier !== 'drizzle-orm' && !specifier.startsWith('drizzle-orm/'))
        return nextResolve(specifier, context);
      // The package's "require" export, whoever imports it.
      return nextResolve(specifier, {
        ...context,
        conditions: [...context.conditions.filter((c) => c !== 'import'), 'require'],
      });
    },
  });
}
