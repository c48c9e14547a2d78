/**
 * The identity cache (#53): what a request re-reads on every call, kept per instance and dropped
 * on every instance when the database says it changed — on PGlite two app instances in one
 * process, on PostgreSQL (CI) a second instance with its own connection pool.
 */
import { EventEmitter } from 'node:events';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../app.ts';
import { createAgent, type Agent } from '../../test/agent.ts';
import { buildTestApp, testConfig } from '../../test/app.ts';
import { createProjectIn } from '../../test/cards.ts';
import { getTestDatabase, openSecondConnection } from '../../test/database.ts';
import { addMember, onOrg, ownerWithOrganization } from '../../test/organization.ts';
import { createIdentityCache } from './identity-cache.ts';
import { identityCacheOf } from './member-context.ts';

describe('the identity cache', () => {
  const database = () => {
    const emitter = new EventEmitter();
    return {
      say: (key: string) => emitter.emit('change', key),
      onIdentityChange: (handler: (key: string) => void) => {
        emitter.on('change', handler);
        return () => emitter.off('change', handler);
      },
    };
  };

  it('drops a user’s entries, an organisation’s, or all, and forgets after its time', () => {
    let now = 0;
    const db = database();
    const cache = createIdentityCache<string>(db, { ttlMs: 1000, now: () => now });
    const keep = (key: string, userId: string, organizationId: string | null) =>
      cache.set(key, key, { userId, organizationId }, cache.generation());
    keep('a', 'u1', 'o1');
    keep('b', 'u2', 'o1');
    keep('c', 'u3', 'o2');
    db.say('u:u1');
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 'b', 'c']);
    db.say('o:o1');
    expect([cache.get('b'), cache.get('c')]).toEqual([undefined, 'c']);
    keep('d', 'u4', null);
    db.say('*');
    expect([cache.get('c'), cache.get('d')]).toEqual([undefined, undefined]);
    keep('e', 'u5', 'o3');
    now = 999;
    expect(cache.get('e')).toBe('e');
    now = 2001;
    expect(cache.get('e')).toBeUndefined();
    cache.close();
    keep('f', 'u6', 'o4');
    db.say('*');
    expect(cache.get('f')).toBe('f');
  });

  it('does not keep what a read found when a change was said while it read', () => {
    const db = database();
    const cache = createIdentityCache<string>(db);
    const since = cache.generation();
    db.say('o:elsewhere');
    cache.set('k', 'stale', { userId: 'u', organizationId: 'o' }, since);
    expect(cache.get('k')).toBeUndefined();
    cache.set('k', 'fresh', { userId: 'u', organizationId: 'o' }, cache.generation());
    expect(cache.get('k')).toBe('fresh');
  });
});

const built = await buildTestApp();
const second = await openSecondConnection();
const other: BuiltApp = await buildApp(testConfig(), {
  database: second ?? (await getTestDatabase()),
  jobs: false,
});
afterAll(async () => {
  await other.app.close();
  await second?.close();
});

/** The same browser session, sent to instance B. */
function onB(agent: Agent): Agent {
  const b = createAgent(other.app);
  for (const [name, value] of agent.cookies) b.cookies.set(name, value);
  return b;
}

const MEMBERS = '{ organizationMembers { members { id } } }';
const ROLE =
  'mutation($id: ID!, $role: String!) { updateMemberRole(profileId: $id, role: $role) { id role } }';

describe('the triggers', () => {
  it('follow every column of a project but its card version and update time', async () => {
    const db = await getTestDatabase();
    const columns = await db.executeSql(
      `select column_name as name from information_schema.columns
       where table_schema = current_schema() and table_name = 'projects'`,
    );
    const followed = await db.executeSql(
      `select event_object_column as name from information_schema.triggered_update_columns
       where trigger_schema = current_schema() and trigger_name = 'assay_identity'
         and event_object_table = 'projects'`,
    );
    const names = (rows: { name?: unknown }[]) => rows.map((r) => String(r.name)).sort();
    expect(names(followed.rows)).toEqual(
      names(columns.rows).filter((c) => c !== 'cards_version' && c !== 'updated_at'),
    );
  });
});

describe('across instances', () => {
  it('serves a request’s identity from the cache once read', async () => {
    const { owner, org } = await ownerWithOrganization(built);
    // On the instance that made the organisation: it heard every change before its commit
    // returned (instance B hears them a moment later, and drops what it read meanwhile).
    const cache = identityCacheOf(built.services)!;
    expect((await onOrg(owner.agent, org.slug, MEMBERS)).errors).toBeUndefined();
    const before = cache.stats();
    expect((await onOrg(owner.agent, org.slug, MEMBERS)).errors).toBeUndefined();
    const after = cache.stats();
    expect(after.hits).toBe(before.hits + 1);
    expect(after.misses).toBe(before.misses);
  });

  it('refuses at once on B a role taken away on A', async () => {
    const { owner, org } = await ownerWithOrganization(built);
    const admin = await addMember(built, owner.agent, org, 'admin');
    const other = await addMember(built, owner.agent, org, 'collaborator');
    const adminOnB = onB(admin.agent);
    const promote = { id: other.profileId, role: 'limitedContributor' };
    expect((await onOrg(adminOnB, org.slug, ROLE, promote)).errors).toBeUndefined();
    expect((await onOrg(adminOnB, org.slug, ROLE, promote)).errors).toBeUndefined();
    const demoted = await onOrg(owner.agent, org.slug, ROLE, {
      id: admin.profileId,
      role: 'collaborator',
    });
    expect(demoted.errors).toBeUndefined();
    const refused = await onOrg(adminOnB, org.slug, ROLE, promote);
    expect(refused.errors?.[0]?.message).toMatch(/^statusCode:403;/);
  });

  it('refuses at once on B a session signed out on A, and a member removed on A', async () => {
    const { owner, org } = await ownerWithOrganization(built);
    const member = await addMember(built, owner.agent, org, 'collaborator');
    const memberOnB = onB(member.agent);
    expect((await onOrg(memberOnB, org.slug, MEMBERS)).errors).toBeUndefined();
    const leaving = await addMember(built, owner.agent, org, 'collaborator');
    const leavingOnB = onB(leaving.agent);
    expect((await onOrg(leavingOnB, org.slug, MEMBERS)).errors).toBeUndefined();

    const signedOut = await member.agent.delete('/api/auth/session');
    expect(signedOut.statusCode).toBeLessThan(300);
    const afterSignOut = await onOrg(memberOnB, org.slug, MEMBERS);
    expect(afterSignOut.errors?.[0]?.message).toMatch(/^statusCode:401;/);

    await onOrg(
      owner.agent,
      org.slug,
      'mutation($id: ID!) { disableMember(profileId: $id) { id } }',
      {
        id: leaving.profileId,
      },
    );
    const afterRemoval = await onOrg(leavingOnB, org.slug, MEMBERS);
    expect(afterRemoval.errors?.[0]?.message).toMatch(/^statusCode:404;/);
  });

  it('shows on B at once a project renamed on A', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const projectId = await createProjectIn(owner.agent, org.slug, 'Before');
    const b = onB(owner.agent);
    const name = async () => {
      const response = await b.post(
        '/api/gateway/query',
        { query: 'query($id: ID!) { project(id: $id) { name } }', variables: { id: projectId } },
        { host: `${org.slug}.assay.test`, 'x-project-id': projectId },
      );
      return (response.json() as { data?: { project?: { name: string } } }).data?.project?.name;
    };
    expect(await name()).toBe('Before');
    expect(await name()).toBe('Before');
    const renamed = await onOrg(
      owner.agent,
      org.slug,
      'mutation($id: ID!) { updateProject(id: $id, input: { name: "After" }) { id } }',
      { id: projectId },
    );
    expect(renamed.errors).toBeUndefined();
    expect(await name()).toBe('After');
  });
});
