import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { onOrg, ownerWithOrganization } from '../../../test/organization.ts';
import { favorites } from './navigation-schema.ts';

const built = await buildTestApp();
const NAV =
  '{ sideNavigation { favorites { subjectType name } collections { name } projects { name isFavorite } cohorts { name } } }';

async function project(agent: Parameters<typeof onOrg>[0], slug: string, name: string) {
  const answer = await onOrg(
    agent,
    slug,
    'mutation($n: String!) { createProject(input: { name: $n }) { id } }',
    { n: name },
  );
  return (answer.data?.createProject as { id: string }).id;
}

describe('side navigation', () => {
  it('shows favourites sorted, up to 10 active projects by name and up to 5 collections', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const host = { host: `${org.slug}.assay.test` };
    const ids: Record<string, string> = {};
    for (const name of [
      'kiwi',
      'Apple',
      'banana',
      'Cherry',
      'date',
      'Elder',
      'fig',
      'Grape',
      'honeydew',
      'Iris',
      'jackfruit',
    ]) {
      ids[name] = await project(owner.agent, org.slug, name);
    }
    await onOrg(
      owner.agent,
      org.slug,
      'mutation($id: ID!) { updateProject(id: $id, input: { status: "archive" }) { id } }',
      { id: ids.Apple },
    );
    const collectionIds: string[] = [];
    for (const name of ['Zeta', 'alpha', 'Beta', 'gamma', 'Delta', 'epsilon']) {
      collectionIds.push(
        (await owner.agent.post('/api/anc/collections', { name }, host)).json().id,
      );
    }
    await onOrg(
      owner.agent,
      org.slug,
      'mutation($id: ID!) { createFavorite(subjectType: "projects", subjectId: $id) }',
      { id: ids.banana },
    );
    await onOrg(
      owner.agent,
      org.slug,
      'mutation($id: ID!) { createFavorite(subjectType: "collections", subjectId: $id) }',
      { id: collectionIds[2] },
    );
    await onOrg(
      owner.agent,
      org.slug,
      'mutation($id: ID!) { createFavorite(subjectType: "cards", subjectId: $id) }',
      { id: ids.kiwi },
    );

    const nav = (await onOrg(owner.agent, org.slug, NAV)).data?.sideNavigation as {
      favorites: { subjectType: string; name: string }[];
      collections: { name: string }[];
      projects: { name: string; isFavorite: boolean }[];
      cohorts: unknown[];
    };
    expect(nav.favorites).toEqual([
      { subjectType: 'projects', name: 'banana' },
      { subjectType: 'collections', name: 'Beta' },
    ]);
    expect(nav.collections.map((c) => c.name)).toEqual([
      'alpha',
      'Beta',
      'Delta',
      'epsilon',
      'gamma',
    ]);
    expect(nav.projects.map((p) => p.name)).toEqual([
      'banana',
      'Cherry',
      'date',
      'Elder',
      'fig',
      'Grape',
      'honeydew',
      'Iris',
      'jackfruit',
      'kiwi',
    ]);
    expect(nav.projects[0]).toEqual({ name: 'banana', isFavorite: true });
    expect(nav.cohorts).toEqual([]);

    await onOrg(owner.agent, org.slug, 'mutation($id: ID!) { deleteProject(id: $id) }', {
      id: ids.banana,
    });
    const after = (await onOrg(owner.agent, org.slug, NAV)).data?.sideNavigation as {
      favorites: { name: string }[];
    };
    expect(after.favorites.map((f) => f.name)).toEqual(['Beta']);
    const rows = await built.services.database.db
      .select()
      .from(favorites)
      .where(eq(favorites.subjectId, ids.banana ?? ''));
    expect(rows).toEqual([]);
  });
});

describe('cohorts in the side navigation', () => {
  it('take the projects’ place on the academic license and can be favourites', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'academic' });
    const made = await onOrg(
      owner.agent,
      org.slug,
      'mutation { createCohort(input: { name: "Spring cohort" }) { id } }',
    );
    const cohortId = (made.data?.createCohort as { id: string }).id;
    await onOrg(
      owner.agent,
      org.slug,
      'mutation($id: ID!) { createFavorite(subjectType: "cohorts", subjectId: $id) }',
      { id: cohortId },
    );
    const nav = (await onOrg(owner.agent, org.slug, NAV)).data?.sideNavigation as {
      favorites: { subjectType: string; name: string }[];
      projects: unknown[];
      cohorts: { name: string }[];
    };
    expect(nav.cohorts).toEqual([{ name: 'Spring cohort' }]);
    expect(nav.projects).toEqual([]);
    expect(nav.favorites).toEqual([{ subjectType: 'cohorts', name: 'Spring cohort' }]);
    // Another organisation's cohort cannot be made a favourite.
    const other = await ownerWithOrganization(built, { license: 'academic' });
    const foreign = await onOrg(
      other.owner.agent,
      other.org.slug,
      'mutation($id: ID!) { createFavorite(subjectType: "cohorts", subjectId: $id) }',
      { id: cohortId },
    );
    expect(foreign.errors?.[0]?.message).toContain('statusCode:404');
  });
});

describe('collections', () => {
  it('group projects, with the total in a header, on plans that have them', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const host = { host: `${org.slug}.assay.test` };
    const empty = await owner.agent.post('/api/anc/collections', { name: '  ' }, host);
    expect(empty.json().message).toBe('Your collection needs a name.');
    const collection = (
      await owner.agent.post(
        '/api/anc/collections',
        { name: 'Fintech', description: 'Money things' },
        host,
      )
    ).json();
    const a = await project(owner.agent, org.slug, 'Ledger');
    const b = await project(owner.agent, org.slug, 'Wallet');
    await owner.agent.post(`/api/anc/collections/${collection.id}/projects/${a}`, {}, host);
    await owner.agent.post(`/api/anc/collections/${collection.id}/projects/${b}`, {}, host);
    await owner.agent.post(`/api/anc/collections/${collection.id}/projects/${b}`, {}, host);
    const list = await owner.agent.get(`/api/anc/collections/${collection.id}/projects`, host);
    expect(list.headers['x-total-count']).toBe('2');
    expect(
      list
        .json()
        .map((p: { name: string }) => p.name)
        .sort(),
    ).toEqual(['Ledger', 'Wallet']);
    await owner.agent.delete(`/api/anc/collections/${collection.id}/projects/${a}`, {}, host);
    expect(
      (await owner.agent.get(`/api/anc/collections/${collection.id}/projects`, host)).headers[
        'x-total-count'
      ],
    ).toBe('1');
    const renamed = await owner.agent.put(
      `/api/anc/collections/${collection.id}`,
      { name: 'Fintech 2' },
      host,
    );
    expect(renamed.json()).toMatchObject({ name: 'Fintech 2', description: 'Money things' });
    expect(
      (await owner.agent.delete(`/api/anc/collections/${collection.id}`, {}, host)).statusCode,
    ).toBe(204);

    const garage = await ownerWithOrganization(built);
    const refused = await garage.owner.agent.post(
      '/api/anc/collections',
      { name: 'Nope' },
      { host: `${garage.org.slug}.assay.test` },
    );
    expect(refused.statusCode).toBe(403);
  });
});
