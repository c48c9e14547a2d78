import { describe, expect, it } from 'vitest';
import { ERRORS } from '@assay/domain';
import { buildTestApp } from '../../../test/app.ts';
import { cardMutation, createCardAs, createProjectIn } from '../../../test/cards.ts';
import { addMember, onOrg, ownerWithOrganization } from '../../../test/organization.ts';

const built = await buildTestApp();

const FIELDS = `{ getGlobalFields { id title type locked disabled global
  specifications { options } metrics { min max } } }`;

describe('global fields with bounds (part 2 §3)', () => {
  it('are read by every member, and a card value outside a number field’s bounds is refused', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const host = { host: `${org.slug}.assay.test` };
    const score = { id: 'score', title: 'Score', type: 'number', metrics: { min: 0, max: 10 } };
    const upside = { ...score, metrics: { min: 10, max: 0 } };
    const backwards = await owner.agent.put(
      `/api/org/organizations/${org.id}`,
      { globalFields: [upside] },
      host,
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({
      ref: ERRORS.validation.ref,
      message: 'The lowest value can not be above the highest.',
    });
    const saved = await owner.agent.put(
      `/api/org/organizations/${org.id}`,
      {
        globalFields: [
          score,
          {
            id: 'stage',
            title: 'Stage',
            type: 'dropdown',
            specifications: { options: ['Seed', 'A'] },
          },
        ],
      },
      host,
    );
    expect(saved.statusCode).toBe(200);

    const collaborator = await addMember(built, owner.agent, org, 'collaborator');
    const seen = await onOrg(collaborator.agent, org.slug, FIELDS);
    expect(seen.data?.getGlobalFields).toEqual([
      {
        id: 'score',
        title: 'Score',
        type: 'number',
        locked: false,
        disabled: false,
        global: true,
        specifications: { options: [] },
        metrics: { min: 0, max: 10 },
      },
      expect.objectContaining({ id: 'stage', metrics: { min: null, max: null } }),
    ]);

    const projectId = await createProjectIn(owner.agent, org.slug, 'Bounds');
    const card = (
      await createCardAs(owner.agent, org.slug, {
        projectId,
        title: 'Clinics pay',
        section: 'customerSegments',
      })
    ).card!;
    const tooHigh = await cardMutation(owner.agent, org.slug, 'updateHypothesis', {
      cardId: card.id,
      version: card.version,
      fields: { score: 11 },
    });
    expect(tooHigh.error).toContain('statusCode:400');
    expect(tooHigh.error).toContain('Score must be between 0 and 10.');
    const fine = await cardMutation(owner.agent, org.slug, 'updateHypothesis', {
      cardId: card.id,
      version: card.version,
      fields: { score: 10, stage: 'Seed' },
    });
    expect(fine.error).toBeUndefined();
    expect(fine.card?.fields).toEqual({ score: 10, stage: 'Seed' });
  });

  it('are the organisation’s own: another one’s fields are never read', async () => {
    const a = await ownerWithOrganization(built, { license: 'enterprise' });
    const b = await ownerWithOrganization(built, { license: 'enterprise' });
    await a.owner.agent.put(
      `/api/org/organizations/${a.org.id}`,
      { globalFields: [{ id: 'secret', title: 'Secret', type: 'text' }] },
      { host: `${a.org.slug}.assay.test` },
    );
    expect((await onOrg(b.owner.agent, b.org.slug, FIELDS)).data?.getGlobalFields).toEqual([]);
  });
});

describe('the project and collection search (part 2 §7)', () => {
  it('finds the projects the member sees and the collections by name, accents and case aside; empty lists all', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const host = { host: `${org.slug}.assay.test` };
    for (const name of ['Café delivery', 'Cargo bikes', 'Solar roofs'])
      await createProjectIn(owner.agent, org.slug, name);
    await owner.agent.post('/api/anc/collections', { name: 'Cafés and bars' }, host);
    await owner.agent.post('/api/anc/collections', { name: 'Energy' }, host);
    const SEARCH = `query($s: String) { searchProjectsAndCollections(search: $s) {
      projects { name status } collections { name } } }`;
    const found = await onOrg(owner.agent, org.slug, SEARCH, { s: 'CAFE' });
    expect(found.data?.searchProjectsAndCollections).toEqual({
      projects: [{ name: 'Café delivery', status: 'active' }],
      collections: [{ name: 'Cafés and bars' }],
    });
    const all = (await onOrg(owner.agent, org.slug, SEARCH, { s: '' })).data
      ?.searchProjectsAndCollections as { projects: { name: string }[]; collections: unknown[] };
    expect(all.projects.map((p) => p.name)).toEqual([
      'Café delivery',
      'Cargo bikes',
      'Solar roofs',
    ]);
    expect(all.collections).toHaveLength(2);
    // A plan without collections finds projects only; another organisation's nothing.
    const team = await ownerWithOrganization(built, { license: 'team' });
    await createProjectIn(team.owner.agent, team.org.slug, 'Café two');
    expect(
      (await onOrg(team.owner.agent, team.org.slug, SEARCH, { s: 'caf' })).data
        ?.searchProjectsAndCollections,
    ).toEqual({ projects: [{ name: 'Café two', status: 'active' }], collections: [] });
  });
});
