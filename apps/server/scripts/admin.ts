/**
 * Operator commands (#30), against the configured database (DATABASE_URL, or the PGlite data
 * folder — stop the server first: PGlite is one process's at a time):
 *
 *   npm run admin -- grant --org <slug> --license <license> --until <yyyy-mm-dd> [--manual]
 *                          [--projects <n>] [--members <n>] [--cohorts <n>]
 *   npm run admin -- requests          the latest requests for the Enterprise plan
 *
 * Prints what was granted as JSON; a mistake prints why and exits with 1.
 */
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.ts';
import { GrantError, grantLicense } from '../src/modules/billing/grant.ts';
import { listSalesRequests } from '../src/modules/billing/sales-requests.ts';
import { logAccess } from '../src/modules/organizations/ports.ts';
import { migrateDatabase, openDatabase } from '../src/platform/db/index.ts';
import { createTransactionRunner } from '../src/platform/events/unit-of-work.ts';

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
}

function count(args: string[], name: string): number | undefined {
  const value = option(args, name);
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new GrantError(`--${name} must be a whole number`);
  return n;
}

async function main() {
  const [command, ...args] = process.argv.slice(2);
  if (command === 'requests') {
    const database = await openDatabase(loadConfig());
    try {
      await migrateDatabase(database);
      const rows = await listSalesRequests(database.db);
      process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    } finally {
      await database.close();
    }
    return;
  }
  if (command !== 'grant') {
    throw new GrantError(
      'Usage: npm run admin -- grant --org <slug> --license <license> --until <yyyy-mm-dd> [--manual] [--projects n] [--members n] [--cohorts n], or npm run admin -- requests',
    );
  }
  const input = {
    slug: option(args, 'org') ?? '',
    license: (option(args, 'license') ?? '') as never,
    until: option(args, 'until') ?? '',
    manual: args.includes('--manual'),
    limits: {
      project: count(args, 'projects'),
      profile: count(args, 'members'),
      cohort: count(args, 'cohorts'),
    },
  };
  const database = await openDatabase(loadConfig());
  try {
    await migrateDatabase(database);
    // No server here: the grant's access-log entry is written once it is committed.
    const transaction = createTransactionRunner(
      database,
      async (rows) => {
        for (const row of rows) await logAccess(database.db, row);
      },
      () => sql`now()`,
    );
    const granted = await grantLicense({ database, transaction }, input);
    process.stdout.write(`${JSON.stringify(granted, null, 2)}\n`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
