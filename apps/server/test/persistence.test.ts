import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { organizations } from '../src/modules/organizations/schema.ts';
import { testConfig } from './app.ts';
import { createOrganization } from './factories.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'assay-data-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('embedded database', () => {
  it('keeps data across a restart', async () => {
    const config = testConfig({ DATA_DIR: path.join(dataDir, 'db') });
    const first = await buildApp(config);
    const org = await createOrganization(first.services.database.db, { name: 'Durable' });
    await first.app.close();

    const second = await buildApp(config);
    const [found] = await second.services.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, org.id));
    // The embedded database keeps a small buffer cache (issue #28: PostgreSQL's 128 MB default
    // was held in memory from the start).
    const buffers = await second.services.database.pglite?.query<{ shared_buffers: string }>(
      'show shared_buffers',
    );
    await second.app.close();
    expect(found?.name).toBe('Durable');
    expect(buffers?.rows[0]?.shared_buffers).toBe('32MB');
  });
});
