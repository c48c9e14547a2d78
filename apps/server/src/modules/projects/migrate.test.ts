import { describe, expect, it } from 'vitest';
import { ERRORS } from '@assay/domain';
import { buildTestApp } from '../../../test/app.ts';
import {
  cardMutation,
  createCardAs,
  createProjectIn,
  publishedEvidence,
  publishedHypothesis,
} from '../../../test/cards.ts';
import { academicWorld, cohortPerson, makeCohort, makeTeam } from '../../../test/cohorts.ts';
import { addMember, onOrg, ownerWithOrganization } from '../../../test/organization.ts';
import { uploadAs } from '../../../test/uploads.ts';

const built = await buildTestApp();

const MIGRATE = `mutation($p: ID!, $n: String!) { migrateProject(projectId: $p, name: $n) {
  organizationId slug name projectId cards files } }`;
const messageOf = (error: string | undefined) => error?.match(/message:(.*?);ref:/)?.[1] ?? error;

describe('migrateProject: a project taken into an organisation of its own', () => {
  it('copies the cards, texts, connections and files into a new organisation the caller owns, once, and leaves the original as it was', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const host = { host: `${org.slug}.assay.test` };
    const projectId = await createProjectIn(owner.agent, org.slug, 'Clinic reminders');
    const idea = await publishedHypothesis(owner.agent, org.slug, projectId, 'Vets lose a fifth', {
      section: 'customerSegments',
    });
    const text = await cardMutation(owner.agent, org.slug, 'updateText', {
      cardId: idea.id,
      version: idea.version,
      field: 'description',
      text: '<p>Missed appointments cost them.</p>',
      rawText: 'Missed appointments cost them.',
      mentions: [],
    });
    expect(text.error).toBeUndefined();
    const post = await publishedEvidence(owner.agent, org.slug, projectId, 'post', 'Forum thread');
    await owner.agent.post(
      `/api/canvas/cards/${idea.id}/connections`,
      { cardId: post.id, rating: 2 },
      host,
    );
    const key = await uploadAs(built, owner.agent, {
      host: host.host,
      collection: 'cards',
      locationId: idea.id,
    });
    await owner.agent.post(`/api/canvas/cards/${idea.id}/media`, { key }, host);
    // A draft and a card in the trash stay behind.
    await createCardAs(owner.agent, org.slug, { projectId, title: 'Half a thought' });
    const binned = await publishedHypothesis(owner.agent, org.slug, projectId, 'Wrong idea');
    await onOrg(owner.agent, org.slug, 'mutation($id: ID!) { deleteCard(cardId: $id) }', {
      id: binned.id,
    });

    // Only those who manage the project take it (a collaborator does not).
    const colleague = await addMember(built, owner.agent, org, 'collaborator');
    const refused = await onOrg(colleague.agent, org.slug, MIGRATE, { p: projectId, n: 'Mine' });
    expect(messageOf(refused.errors?.[0]?.message)).toBe(ERRORS.forbidden.message);
    const unnamed = await onOrg(owner.agent, org.slug, MIGRATE, { p: projectId, n: '  ' });
    expect(messageOf(unnamed.errors?.[0]?.message)).toBe('Your organization needs a name.');

    // Forty clicks at once: one organisation; the rest hear it is done already.
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        onOrg(owner.agent, org.slug, MIGRATE, { p: projectId, n: 'Clinic Spinout' }),
      ),
    );
    const made = answers.filter((a) => !a.errors);
    expect(made).toHaveLength(1);
    for (const a of answers.filter((x) => x.errors))
      expect(messageOf(a.errors?.[0]?.message)).toBe(ERRORS.projectAlreadyMigrated.message);
    const moved = made[0]!.data?.migrateProject as {
      organizationId: string;
      slug: string;
      projectId: string;
      cards: number;
      files: number;
    };
    expect(moved).toMatchObject({ name: 'Clinic Spinout', cards: 2, files: 1 });

    // In the new organisation: the owner, a Garage AI tier made from the project, the cards.
    const there = (query: string, variables: Record<string, unknown> = {}) =>
      onOrg(owner.agent, moved.slug, query, variables);
    expect(
      (await there('{ fullOrganization { license fromProjectId membership { role } } }')).data
        ?.fullOrganization,
    ).toEqual({ license: 'garage', fromProjectId: projectId, membership: { role: 'owner' } });
    const canvas = (
      await there('query($p: ID!) { canvas(projectId: $p) { cards { id title } } }', {
        p: moved.projectId,
      })
    ).data?.canvas as { cards: { id: string; title: string }[] };
    expect(canvas.cards.map((c) => c.title)).toEqual(['Vets lose a fifth']);
    const copiedAnswer = await there(
      `query($id: ID!) { card(cardId: $id) { texts { field rawText migrated }
          associations { evidence { title rating } } media { filename url } } }`,
      { id: canvas.cards[0]!.id },
    );
    expect(copiedAnswer.errors).toBeUndefined();
    const copied = copiedAnswer.data?.card as {
      texts: unknown[];
      associations: { evidence: { title: string; rating: number }[] };
      media: { url: string }[];
    };
    expect(copied.texts).toEqual([
      { field: 'description', rawText: 'Missed appointments cost them.', migrated: true },
    ]);
    expect(copied.associations.evidence).toEqual([
      expect.objectContaining({ title: 'Forum thread', rating: 2 }),
    ]);
    const file = await owner.agent.get(copied.media[0]!.url, { host: `${moved.slug}.assay.test` });
    expect(file.statusCode).toBe(200);

    // The original is as it was: the idea and the owner's draft.
    const original = (
      await onOrg(
        owner.agent,
        org.slug,
        'query($p: ID!) { canvas(projectId: $p) { cards { id } } }',
        {
          p: projectId,
        },
      )
    ).data?.canvas as { cards: unknown[] };
    expect(original.cards).toHaveLength(2);
    // The colleague is not in the new organisation.
    const outsider = await onOrg(colleague.agent, moved.slug, '{ fullOrganization { id } }');
    expect(outsider.data?.fullOrganization ?? null).toBeNull();
  });

  it('lets a cohort team’s student take the team’s project, not an observer of it', async () => {
    const w = await academicWorld(built);
    const { cohort } = await makeCohort<{ id: string }>(w, 'id');
    const { cohort: full } = await makeTeam<{ teams: { id: string; name: string }[] }>(
      w,
      'teams { id name }',
      cohort!.id,
      'Rocket Team',
    );
    const rocket = full!.teams.find((t) => t.name === 'Rocket Team')!.id;
    const student = await cohortPerson(built, w, cohort!.id, {
      cohortRole: null,
      team: { id: rocket, role: 'collaborator' },
    });
    const observer = await cohortPerson(built, w, cohort!.id, {
      cohortRole: null,
      team: { id: rocket, role: 'observer' },
    });
    const watched = await w.run(observer.agent, MIGRATE, { p: rocket, n: 'Not mine' });
    expect(messageOf(watched.errors?.[0]?.message)).toBe(ERRORS.forbidden.message);
    const taken = await w.run(student.agent, MIGRATE, { p: rocket, n: 'Rocket Labs' });
    expect(taken.errors).toBeUndefined();
    expect(taken.data?.migrateProject).toMatchObject({ name: 'Rocket Labs' });
  });
});
