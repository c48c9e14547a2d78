/** Factories: each test makes its own organisation (and, with later modules, members, projects…). */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { slugify } from '@assay/domain';
import type { AppServices } from '../src/services.ts';
import { createAgent, GOOD_PASSWORD, lastMailTo, tokenFrom, uniqueEmail } from './agent.ts';
import type { Executor } from '../src/platform/db/index.ts';
import { organizations, type OrganizationRow } from '../src/modules/organizations/schema.ts';

export async function createOrganization(
  db: Executor,
  overrides: Partial<Pick<OrganizationRow, 'name' | 'slug' | 'license'>> = {},
): Promise<OrganizationRow> {
  const suffix = randomBytes(4).toString('hex');
  const name = overrides.name ?? `Org ${suffix}`;
  const [row] = await db
    .insert(organizations)
    .values({
      name,
      slug: overrides.slug ?? `${slugify(name)}${suffix}`,
      license: overrides.license ?? 'garage',
    })
    .returning();
  if (!row) throw new Error('organization insert returned no row');
  return row;
}

/** Signs up a user through the real routes and returns the signed-in agent. */
export async function signUpUser(
  built: { app: FastifyInstance; services: AppServices },
  options: { email?: string; ip?: string; licenseKey?: string } = {},
) {
  const email = options.email ?? uniqueEmail();
  const agent = createAgent(built.app, { ip: options.ip ?? '10.9.9.9' });
  const started = await agent.post('/api/auth/signups', { email, licenseKey: options.licenseKey });
  if (started.statusCode !== 202) throw new Error(`signup failed: ${started.body}`);
  const token = tokenFrom((await lastMailTo(built.services, email))?.text);
  const created = await agent.post('/api/auth/users', {
    token,
    firstName: 'Ada',
    lastName: 'Lovelace',
    password: GOOD_PASSWORD,
  });
  if (created.statusCode !== 201) throw new Error(`user creation failed: ${created.body}`);
  return { agent, email, user: created.json().user as { id: string; email: string } };
}
