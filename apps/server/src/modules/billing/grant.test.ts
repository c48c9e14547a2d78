/**
 * The operator's grant (#30): a licence until a date, limits and manual billing, through the use
 * case and through `npm run admin -- grant` itself against a database of its own; mistakes are
 * named and change nothing.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { organizationBillingStatus } from '@assay/domain';
import { buildTestApp } from '../../../test/app.ts';
import { createPostgresDatabase } from '../../../test/database.ts';
import { createOrganization } from '../../../test/factories.ts';
import { REPO_DIR } from '../../../test/server-process.ts';
import { migrateDatabase, openDatabase } from '../../platform/db/index.ts';
import { accessLogs, organizations } from '../organizations/schema.ts';
import { GrantError, grantLicense } from './grant.ts';

const built = await buildTestApp();
const db = built.services.database.db;
const run = promisify(execFile);
const folders: string[] = [];
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

describe('the operator grant', () => {
  it('gives a licence until a date, limits and manual billing, and logs it', async () => {
    const org = await createOrganization(db);
    const now = new Date('2026-11-26T12:00:00Z');
    const granted = await grantLicense(
      built.services,
      {
        slug: org.slug.toUpperCase(),
        license: 'enterprise',
        until: '2027-06-30',
        manual: true,
        limits: { project: 40, profile: 120 },
      },
      now,
    );
    expect(granted).toMatchObject({
      organization: org.slug,
      license: 'enterprise',
      until: '2027-06-30T23:59:59.999Z',
      manual: true,
      limits: { project: 40, profile: 120 },
    });
    const [row] = await db.select().from(organizations).where(eq(organizations.id, org.id));
    expect(row!.license).toBe('enterprise');
    // Manual billing: no card needed, valid through the last day, expired (read-only) after it.
    expect(organizationBillingStatus(row!.billing, now)).toMatchObject({
      isExpired: false,
      invalidSubscription: false,
    });
    expect(
      organizationBillingStatus(row!.billing, new Date('2027-06-30T23:00:00Z')).isExpired,
    ).toBe(false);
    expect(
      organizationBillingStatus(row!.billing, new Date('2027-07-01T00:00:01Z')).isExpired,
    ).toBe(true);
    const logged = await db
      .select()
      .from(accessLogs)
      .where(and(eq(accessLogs.organizationId, org.id), eq(accessLogs.action, 'grant')));
    expect(logged).toHaveLength(1);

    const refused = async (input: Parameters<typeof grantLicense>[1], message: RegExp) => {
      await expect(grantLicense(built.services, input, now)).rejects.toThrow(message);
    };
    await refused(
      { slug: 'nobody-here', license: 'business', until: '2027-01-01' },
      /No organization has the slug “nobody-here”/,
    );
    await refused(
      { slug: org.slug, license: 'platinum' as never, until: '2027-01-01' },
      /--license must be one of/,
    );
    await refused(
      { slug: org.slug, license: 'business', until: '30/06/2027' },
      /--until must be a date written/,
    );
    await refused(
      { slug: org.slug, license: 'business', until: '2026-01-01' },
      /--until must be in the future/,
    );
    const [after] = await db.select().from(organizations).where(eq(organizations.id, org.id));
    expect(after!.license).toBe('enterprise');
    expect(GrantError).toBeDefined();
  });

  it(
    'runs as `npm run admin -- grant` against the configured database',
    { timeout: 120_000 },
    async () => {
      const cluster = process.env.TEST_DATABASE_URL;
      const env: Record<string, string> = { ...process.env, LOG_LEVEL: 'warn' } as Record<
        string,
        string
      >;
      delete env.DATABASE_URL;
      let database;
      if (cluster) {
        env.DATABASE_URL = await createPostgresDatabase(cluster);
        database = await openDatabase({ databaseUrl: env.DATABASE_URL, poolSize: 2 });
      } else {
        const dataDir = await mkdtemp(path.join(tmpdir(), 'assay-admin-'));
        folders.push(dataDir);
        env.DATA_DIR = dataDir;
        database = await openDatabase({ dataDir });
      }
      await migrateDatabase(database);
      const org = await createOrganization(database.db);
      // PGlite is one process's at a time: the command opens it after this test lets go.
      await database.close();
      const { stdout } = await run(
        'npm',
        [
          'run',
          '-s',
          'admin',
          '--',
          'grant',
          '--org',
          org.slug,
          '--license',
          'business',
          '--until',
          '2099-12-31',
          '--manual',
          '--projects',
          '25',
        ],
        { cwd: REPO_DIR, env },
      );
      expect(JSON.parse(stdout)).toMatchObject({
        license: 'business',
        manual: true,
        limits: { project: 25 },
      });
      const failed = await run(
        'npm',
        [
          'run',
          '-s',
          'admin',
          '--',
          'grant',
          '--org',
          org.slug,
          '--license',
          'business',
          '--until',
          'soon',
        ],
        {
          cwd: REPO_DIR,
          env,
        },
      ).catch((error: { code: number; stderr: string }) => error);
      expect(failed).toMatchObject({
        code: 1,
        stderr: expect.stringContaining('--until must be a date written 2027-06-30'),
      });
      const reopened = cluster
        ? await openDatabase({ databaseUrl: env.DATABASE_URL!, poolSize: 2 })
        : await openDatabase({ dataDir: env.DATA_DIR! });
      const [row] = await reopened.db
        .select()
        .from(organizations)
        .where(eq(organizations.id, org.id));
      await reopened.close();
      expect(row).toMatchObject({ license: 'business', limits: { project: 25 } });
      expect(row!.billing).toMatchObject({
        manual: true,
        expirationDate: '2099-12-31T23:59:59.999Z',
      });
    },
  );
});
