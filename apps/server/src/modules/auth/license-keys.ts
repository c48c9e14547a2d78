/** Beta codes named in LICENSE_KEYS are created at start (existing ones are left as they are). */
import { AppError, LICENSES } from '@assay/domain';
import type { Database } from '../../platform/db/index.ts';
import { licenseKeys } from './schema.ts';

export async function seedLicenseKeys(
  database: Database,
  keys: { code: string; license: string; maxUses: number | null }[],
) {
  for (const key of keys) {
    if (!(LICENSES as readonly string[]).includes(key.license)) {
      throw new AppError('validation', { message: `LICENSE_KEYS: unknown license ${key.license}` });
    }
    await database.db.insert(licenseKeys).values(key).onConflictDoNothing();
  }
}
