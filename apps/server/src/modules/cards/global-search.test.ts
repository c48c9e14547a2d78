/**
 * The global search (#26): projects and cards across the projects a member may see, best match
 * first; private projects and other people's drafts stay out.
 */
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { createCardAs, createProjectIn, publishedHypothesis } from '../../../test/cards.ts';
import { addMember, onOrg, ownerWithOrganization } from '../../../test/organization.ts';

const built = await buildTestApp();
const SEARCH = 'query($t: String!) { globalSearch(text: $t) { kind id title projectName path } }';

type Hit = { kind: string; id: string; title: string; projectName: string; path: string };

describe('the global search', () => {
  it('finds projects and cards by their words, best first, only where the member may look', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const collaborator = await addMember(built, owner.agent, org, 'collaborator');
    const cart = await createProjectIn(owner.agent, org.slug, 'Coffee cart');
    const bakery = await createProjectIn(owner.agent, org.slug, 'Bakery');
    const secret = await createProjectIn(owner.agent, org.slug, 'Secret coffee lab');
    const host = { host: `${org.slug}.assay.test` };
    await owner.agent.put(`/api/proj/projects/${secret}/settings`, { private: true }, host);

    const first = await publishedHypothesis(
      owner.agent,
      org.slug,
      bakery,
      'Coffee drinkers buy croissants',
    );
    const inside = await publishedHypothesis(
      owner.agent,
      org.slug,
      cart,
      'Students want cheap coffee',
    );
    await publishedHypothesis(owner.agent, org.slug, secret, 'Coffee roasting at home');
    const draft = await createCardAs(owner.agent, org.slug, {
      projectId: cart,
      type: 'hypothesis',
      title: 'Coffee draft of the owner',
      draft: true,
    });
    expect(draft.error).toBeUndefined();

    const asOwner = (await onOrg(owner.agent, org.slug, SEARCH, { t: 'coffee' })).data
      ?.globalSearch as Hit[];
    // Titles that start with the words come first (projects and cards alike), then the others.
    expect(
      asOwner
        .slice(0, 4)
        .map((h) => h.title)
        .sort(),
    ).toEqual(
      [
        'Coffee cart',
        'Coffee draft of the owner',
        'Coffee drinkers buy croissants',
        'Coffee roasting at home',
      ].sort(),
    );
    expect(asOwner.map((h) => h.title)).toContain('Students want cheap coffee');
    expect(asOwner.find((h) => h.id === first.id)).toMatchObject({
      kind: 'hypothesis',
      projectName: 'Bakery',
      path: `/hypothesis/${first.id}/details`,
    });
    expect(asOwner.find((h) => h.id === cart)).toMatchObject({
      kind: 'project',
      path: `/workspace/${cart}/canvas/business`,
    });

    const asCollaborator = (await onOrg(collaborator.agent, org.slug, SEARCH, { t: 'coffee' })).data
      ?.globalSearch as Hit[];
    const titles = asCollaborator.map((h) => h.title);
    expect(titles).toContain('Students want cheap coffee');
    expect(titles).toContain(inside.title);
    // Not the private project or what is in it, and not someone else's draft.
    expect(titles).not.toContain('Secret coffee lab');
    expect(titles).not.toContain('Coffee roasting at home');
    expect(titles).not.toContain('Coffee draft of the owner');

    // A project closed to the collaborator (not open to the whole organisation, and they are not
    // in it) is found by its name and opens on its dashboard; its cards are not found.
    await owner.agent.put(`/api/proj/projects/${bakery}/settings`, { membership: false }, host);
    const closed = (await onOrg(collaborator.agent, org.slug, SEARCH, { t: 'croissants' })).data
      ?.globalSearch as Hit[];
    expect(closed).toEqual([]);
    const byName = (await onOrg(collaborator.agent, org.slug, SEARCH, { t: 'bakery' })).data
      ?.globalSearch as Hit[];
    expect(byName).toEqual([
      expect.objectContaining({
        kind: 'project',
        id: bakery,
        path: `/project-dashboard/${bakery}/overview`,
      }),
    ]);
    // The owner still finds both.
    const ownerFinds = (await onOrg(owner.agent, org.slug, SEARCH, { t: 'croissants' })).data
      ?.globalSearch as Hit[];
    expect(ownerFinds.map((h) => h.id)).toEqual([first.id]);

    // Nothing to search for is a validation error, not a list of everything.
    const empty = await onOrg(collaborator.agent, org.slug, SEARCH, { t: '   ' });
    expect(empty.errors?.[0]?.message).toMatch(/statusCode:400/);
    // Another organisation's member finds nothing here.
    const stranger = await ownerWithOrganization(built);
    const outside = await onOrg(stranger.owner.agent, org.slug, SEARCH, { t: 'coffee' });
    expect(outside.data?.globalSearch ?? null).toBeNull();
  });
});
