/** Deleting an account (#29): personal data goes, the organisations keep the work. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '@assay/domain';
import { buildTestApp } from '../../../test/app.ts';
import { createAgent, GOOD_PASSWORD, lastMailTo } from '../../../test/agent.ts';
import { addMember, onOrg, ownerWithOrganization } from '../../../test/organization.ts';
import { profiles } from '../organizations/schema.ts';
import { sessions, users } from './schema.ts';

const built = await buildTestApp();
const db = built.services.database.db;

describe('deleting an account', () => {
  it('needs the password, then forgets the person and keeps their work as a former member', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const person = await addMember(built, owner.agent, org, 'collaborator');
    const project = await onOrg(
      person.agent,
      org.slug,
      'mutation { createProject(input: { name: "Kept work" }) { id } }',
    );
    const projectId = (project.data?.createProject as { id: string }).id;

    const wrong = await person.agent.delete('/api/auth/me', { password: 'not it' });
    expect(wrong.statusCode).toBe(ERRORS.wrongPassword.status);
    const deleted = await person.agent.delete('/api/auth/me', { password: GOOD_PASSWORD });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ deleted: true });

    // The account: no name, no address, no session; the old address is told.
    const [user] = await db.select().from(users).where(eq(users.id, person.user.id));
    expect(user).toMatchObject({ firstName: 'Former', lastName: 'member', mfaSecret: null });
    expect(user?.email).not.toBe(person.email);
    expect(await db.select().from(sessions).where(eq(sessions.userId, person.user.id))).toEqual([]);
    expect((await lastMailTo(built.services, person.email))?.subject).toBe(
      'Your Assay account was deleted',
    );
    expect((await person.agent.get('/api/auth/me')).statusCode).toBe(401);
    // Signing in with the old address and password no longer works.
    const again = await createAgent(built.app, { ip: '10.9.9.8' }).post('/api/auth/session', {
      email: person.email,
      password: GOOD_PASSWORD,
    });
    expect(again.statusCode).toBe(401);

    // The organisation keeps the project, made by a former member.
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, person.profileId));
    expect(profile).toMatchObject({ role: 'disabled', firstName: 'Former', lastName: 'member' });
    expect(profile?.email).not.toBe(person.email);
    const kept = await onOrg(
      owner.agent,
      org.slug,
      'query($id: ID!) { project(id: $id) { name } }',
      {
        id: projectId,
      },
    );
    expect(kept.data?.project).toEqual({ name: 'Kept work' });
  });

  it('is refused while the person is the only owner of an organisation', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const refused = await owner.agent.delete('/api/auth/me', { password: GOOD_PASSWORD });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ ref: ERRORS.lastOwner.ref, context: 'Team' });
    expect((await owner.agent.get('/api/auth/me')).statusCode).toBe(200);
    const [profile] = await db
      .select({ role: profiles.role })
      .from(profiles)
      .where(eq(profiles.organizationId, org.id));
    expect(profile?.role).toBe('owner');
  });
});
