import { describe, expect, it } from 'vitest';
import { ERRORS, rankBetween, REASON_TOO_LONG, TITLE_MESSAGES, MESSAGES } from '@assay/domain';
import { buildTestApp } from '../../../test/app.ts';
import {
  CARD_FIELDS,
  cardMutation,
  createCardAs,
  createProjectIn,
  publishedHypothesis,
  type TestCard,
} from '../../../test/cards.ts';
import { addMember, onOrg, ownerWithOrganization } from '../../../test/organization.ts';

const built = await buildTestApp();

const CANVAS = `query($projectId: ID!, $filters: JSON) { canvas(projectId: $projectId, filters: $filters) {
  project { canvas { type sections { key name lens hidden } } }
  cards { id title draft section rank businessStatus result risky tags canEdit version } } }`;

type CanvasCard = {
  id: string;
  title: string;
  draft: boolean;
  section: string;
  rank: string;
  version: number;
};

async function canvasOf(
  agent: Parameters<typeof onOrg>[0],
  slug: string,
  projectId: string,
  filters = {},
) {
  const answer = await onOrg(agent, slug, CANVAS, { projectId, filters });
  if (!answer.data) throw new Error(JSON.stringify(answer.errors));
  return answer.data.canvas as {
    project: {
      canvas: {
        type: string;
        sections: { key: string; name: string; lens: string | null; hidden: boolean }[];
      };
    };
    cards: CanvasCard[];
  };
}

describe('hypothesis cards', () => {
  it('creates drafts that only their creator sees, publishes with the title rule, and puts them on the canvas', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const projectId = await createProjectIn(owner.agent, org.slug);
    const colleague = await addMember(built, owner.agent, org, 'collaborator');

    const draft = await createCardAs(owner.agent, org.slug, {
      projectId,
      section: 'customerSegments',
      unverifiedId: 'temp-1',
    });
    expect(draft.card).toMatchObject({
      draft: true,
      title: '',
      version: 1,
      unverifiedId: 'temp-1',
      hypothesis: {
        type: 'business',
        businessStatus: 'inTesting',
        canvas: { section: 'customerSegments' },
      },
    });
    const id = draft.card!.id;
    expect(draft.card!.path).toBe(`/hypothesis/${id}/details`);

    // Nobody else sees a draft.
    expect((await canvasOf(colleague.agent, org.slug, projectId)).cards).toHaveLength(0);
    const hidden = await onOrg(
      colleague.agent,
      org.slug,
      `query($id: ID!) { card(cardId: $id) { id } }`,
      { id },
    );
    expect(hidden.errors?.[0]?.message).toContain(`message:${MESSAGES.cardNotFound}`);

    const blank = await onOrg(
      owner.agent,
      org.slug,
      'mutation($id: ID!, $v: Int!) { publishCard(cardId: $id, version: $v) { id } }',
      { id, v: 1 },
    );
    expect(blank.errors?.[0]?.message).toContain(`message:${TITLE_MESSAGES.blank}`);

    const titled = await cardMutation(owner.agent, org.slug, 'updateHypothesis', {
      cardId: id,
      version: 1,
      title: '  Students   pay for feedback ',
    });
    expect(titled.card).toMatchObject({ title: 'Students pay for feedback', version: 2 });
    const published = await onOrg(
      owner.agent,
      org.slug,
      'mutation($id: ID!, $v: Int!) { publishCard(cardId: $id, version: $v) { draft version publishedAt } }',
      { id, v: 2 },
    );
    expect(published.data?.publishCard).toMatchObject({ draft: false, version: 3 });

    const seen = await canvasOf(colleague.agent, org.slug, projectId);
    expect(seen.cards).toEqual([
      expect.objectContaining({
        id,
        title: 'Students pay for feedback',
        section: 'customerSegments',
        canEdit: true,
      }),
    ]);
    expect(seen.project.canvas.sections.map((s) => s.key)).toHaveLength(10);
    expect(seen.project.canvas.sections[0]).toMatchObject({
      key: 'keyPartners',
      name: 'Key Partners',
      lens: 'feasibility',
    });
  });

  it('refuses a stale version and keeps what the other person saved', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const projectId = await createProjectIn(owner.agent, org.slug);
    const other = await addMember(built, owner.agent, org, 'collaborator');
    const card = await publishedHypothesis(owner.agent, org.slug, projectId, 'Original');

    const first = await cardMutation(other.agent, org.slug, 'updateHypothesis', {
      cardId: card.id,
      version: card.version,
      title: 'Saved by the other person',
    });
    expect(first.card?.version).toBe(card.version + 1);
    const stale = await cardMutation(owner.agent, org.slug, 'updateHypothesis', {
      cardId: card.id,
      version: card.version,
      summary: 'My late change',
    });
    expect(stale.error).toContain('statusCode:409');
    expect(stale.error).toContain(`message:${ERRORS.staleVersion.message}`);
    const reread = await onOrg(
      owner.agent,
      org.slug,
      `query($id: ID!) { card(cardId: $id) { ${CARD_FIELDS} } }`,
      { id: card.id },
    );
    expect(reread.data?.card).toMatchObject({
      title: 'Saved by the other person',
      hypothesis: { summary: '' },
    });
  });

  it('updates status, result with a reason under 400 characters, risky, members, tags and custom fields', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const projectId = await createProjectIn(owner.agent, org.slug);
    const teammate = await addMember(built, owner.agent, org, 'collaborator');
    const limited = await addMember(built, owner.agent, org, 'limitedContributor');
    let card = await publishedHypothesis(owner.agent, org.slug, projectId, 'Pricing works');

    const tooLong = await cardMutation(owner.agent, org.slug, 'updateHypothesis', {
      cardId: card.id,
      version: card.version,
      result: 'validated',
      resultReason: 'x'.repeat(400),
    });
    expect(tooLong.error).toContain(`message:${REASON_TOO_LONG}`);

    const updated = await cardMutation(owner.agent, org.slug, 'updateHypothesis', {
      cardId: card.id,
      version: card.version,
      businessStatus: 'paused',
      result: 'validated',
      resultReason: 'Ten of twelve paid',
      risky: true,
      members: [teammate.profileId],
      tags: ['pricing', 'pricing', 'q3'],
    });
    card = updated.card!;
    expect(card).toMatchObject({
      tags: ['pricing', 'q3'],
      hypothesis: {
        businessStatus: 'paused',
        risky: true,
        result: { result: 'validated', reason: 'Ten of twelve paid' },
        members: [{ profileId: teammate.profileId }],
      },
    });
    const badMember = await cardMutation(owner.agent, org.slug, 'updateHypothesis', {
      cardId: card.id,
      version: card.version,
      members: [limited.profileId],
    });
    expect(badMember.error).toContain('Only admins and collaborators can be added.');

    // Custom fields: dropdown values must be among the current options.
    const withField = await onOrg(
      owner.agent,
      org.slug,
      'mutation($p: ID!, $i: JSON!) { createCustomField(projectId: $p, input: $i) { customFields { id title type specifications { options } } } }',
      {
        p: projectId,
        i: { title: 'Segment', type: 'dropdown', options: ['SMB', 'Enterprise'] },
      },
    );
    const fieldId = (withField.data?.createCustomField as { customFields: { id: string }[] })
      .customFields[0]!.id;
    const set = await cardMutation(owner.agent, org.slug, 'updateHypothesis', {
      cardId: card.id,
      version: card.version,
      fields: { [fieldId]: 'Startups', unknownField: 'x' },
    });
    expect(set.card?.fields).toEqual({});
    const good = await cardMutation(owner.agent, org.slug, 'updateHypothesis', {
      cardId: card.id,
      version: set.card!.version,
      fields: { [fieldId]: 'SMB' },
    });
    expect(good.card?.fields).toEqual({ [fieldId]: 'SMB' });
    // Removing the option filters the stored value out.
    await onOrg(
      owner.agent,
      org.slug,
      'mutation($p: ID!, $id: ID!, $i: JSON!) { updateCustomField(projectId: $p, id: $id, input: $i) { id } }',
      {
        p: projectId,
        id: fieldId,
        i: { options: ['Enterprise'] },
      },
    );
    const after = await onOrg(
      owner.agent,
      org.slug,
      'query($id: ID!) { card(cardId: $id) { fields } }',
      { id: card.id },
    );
    expect((after.data?.card as { fields: unknown }).fields).toEqual({});
  });

  it('adds and removes tags through REST, idempotently', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const projectId = await createProjectIn(owner.agent, org.slug);
    const card = await publishedHypothesis(owner.agent, org.slug, projectId, 'Tagged');
    const host = { host: `${org.slug}.assay.test` };
    const added = await owner.agent.post(
      `/api/canvas/cards/${card.id}/tags/early%20adopters`,
      undefined,
      host,
    );
    expect(added.statusCode).toBe(200);
    await owner.agent.post(`/api/canvas/cards/${card.id}/tags/early%20adopters`, undefined, host);
    expect((added.json() as TestCard).tags).toEqual(['early adopters']);
    const again = await owner.agent.get(`/api/canvas/${projectId}`, host);
    expect((again.json() as { cards: { tags: string[] }[] }).cards[0]?.tags).toEqual([
      'early adopters',
    ]);
    const removed = await owner.agent.delete(
      `/api/canvas/cards/${card.id}/tags/early%20adopters`,
      undefined,
      host,
    );
    expect((removed.json() as TestCard).tags).toEqual([]);
    const filtered = await canvasOf(owner.agent, org.slug, projectId, { tags: ['early adopters'] });
    expect(filtered.cards).toHaveLength(0);
  });

  it('moves cards between and within sections with fractional ranks', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const projectId = await createProjectIn(owner.agent, org.slug);
    const a = await publishedHypothesis(owner.agent, org.slug, projectId, 'A', {
      section: 'channels',
    });
    const b = await publishedHypothesis(owner.agent, org.slug, projectId, 'B', {
      section: 'channels',
    });
    const c = await publishedHypothesis(owner.agent, org.slug, projectId, 'C', {
      section: 'revenueStreams',
    });
    expect(a.hypothesis.canvas.rank < b.hypothesis.canvas.rank).toBe(true);

    // C goes between A and B.
    const rank = rankBetween(a.hypothesis.canvas.rank, b.hypothesis.canvas.rank);
    const moved = await cardMutation(owner.agent, org.slug, 'updateCardSection', {
      cardId: c.id,
      version: c.version,
      board: 'canvas',
      section: 'channels',
      rank,
    });
    expect(moved.card?.hypothesis.canvas).toEqual({ section: 'channels', rank });
    const canvas = await canvasOf(owner.agent, org.slug, projectId);
    expect(canvas.cards.map((x) => x.title)).toEqual(['A', 'C', 'B']);

    const badSection = await cardMutation(owner.agent, org.slug, 'updateCardSection', {
      cardId: a.id,
      version: a.version,
      board: 'canvas',
      section: 'nowhere',
      rank: 'a0',
    });
    expect(badSection.error).toContain('That section does not exist.');
    const badRank = await cardMutation(owner.agent, org.slug, 'updateCardSection', {
      cardId: a.id,
      version: a.version,
      board: 'canvas',
      section: 'channels',
      rank: 'a0 ; drop',
    });
    expect(badRank.error).toContain('That position is not valid.');
  });

  it('saves rich text within the limit, records mentions, and ignores fields a type lacks', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const projectId = await createProjectIn(owner.agent, org.slug);
    const mate = await addMember(built, owner.agent, org, 'collaborator');
    const card = await publishedHypothesis(owner.agent, org.slug, projectId, 'With text');
    const saved = await cardMutation(owner.agent, org.slug, 'updateText', {
      cardId: card.id,
      version: card.version,
      field: 'description',
      text: '<p>Ask <span data-type="mention">@Mate</span></p>',
      rawText: 'Ask @Mate',
      mentions: [mate.profileId, '00000000-0000-4000-8000-000000000000'],
    });
    expect(saved.card?.texts).toEqual([
      expect.objectContaining({
        field: 'description',
        rawText: 'Ask @Mate',
        mentions: [mate.profileId],
      }),
    ]);
    const over = await cardMutation(owner.agent, org.slug, 'updateText', {
      cardId: card.id,
      version: saved.card!.version,
      field: 'description',
      text: 'x',
      rawText: 'x'.repeat(29901),
    });
    expect(over.error).toContain('message:Please shorten your text...');
    const ignored = await cardMutation(owner.agent, org.slug, 'updateText', {
      cardId: card.id,
      version: saved.card!.version,
      field: 'notes',
      text: '<p>n</p>',
      rawText: 'n',
    });
    expect(ignored.card?.version).toBe(saved.card!.version);
    expect(ignored.card?.texts).toHaveLength(1);
  });

  it('discards an empty draft, keeps a filled one, and deletes cards from every list', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const projectId = await createProjectIn(owner.agent, org.slug);
    const empty = (await createCardAs(owner.agent, org.slug, { projectId })).card!;
    const filled = (await createCardAs(owner.agent, org.slug, { projectId, title: 'Half an idea' }))
      .card!;
    const DISCARD = 'mutation($id: ID!) { discardDraft(cardId: $id) }';
    expect((await onOrg(owner.agent, org.slug, DISCARD, { id: empty.id })).data?.discardDraft).toBe(
      true,
    );
    expect(
      (await onOrg(owner.agent, org.slug, DISCARD, { id: filled.id })).data?.discardDraft,
    ).toBe(false);
    const drafts = await onOrg(
      owner.agent,
      org.slug,
      'query($p: ID!) { drafts(projectId: $p) { id title } }',
      { p: projectId },
    );
    expect(drafts.data?.drafts).toEqual([{ id: filled.id, title: 'Half an idea' }]);

    const doomed = await publishedHypothesis(owner.agent, org.slug, projectId, 'Doomed');
    expect(
      (
        await onOrg(owner.agent, org.slug, 'mutation($id: ID!) { deleteCard(cardId: $id) }', {
          id: doomed.id,
        })
      ).data?.deleteCard,
    ).toBe(true);
    const gone = await onOrg(
      owner.agent,
      org.slug,
      'query($id: ID!) { card(cardId: $id) { id } }',
      { id: doomed.id },
    );
    expect(gone.errors?.[0]?.message).toContain('statusCode:404');
    expect((await canvasOf(owner.agent, org.slug, projectId)).cards.map((c) => c.title)).toEqual([
      'Half an idea',
    ]);
  });

  it('lets only those allowed create and edit, and never across organisations', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const projectId = await createProjectIn(owner.agent, org.slug);
    const card = await publishedHypothesis(owner.agent, org.slug, projectId, 'Guarded');
    const limited = await addMember(built, owner.agent, org, 'limitedContributor');
    const refused = await createCardAs(limited.agent, org.slug, {
      projectId,
      title: 'Mine',
      draft: false,
    });
    expect(refused.error).toContain('statusCode:403');
    const edit = await cardMutation(limited.agent, org.slug, 'updateHypothesis', {
      cardId: card.id,
      version: card.version,
      title: 'Taken over',
    });
    expect(edit.error).toContain('statusCode:403');
    const seen = await canvasOf(limited.agent, org.slug, projectId);
    expect(seen.cards[0]).toMatchObject({ title: 'Guarded', canEdit: false });

    const stranger = await ownerWithOrganization(built, { license: 'enterprise' });
    const read = await onOrg(
      stranger.owner.agent,
      stranger.org.slug,
      'query($id: ID!) { card(cardId: $id) { id } }',
      { id: card.id },
    );
    expect(read.errors?.[0]?.message).toContain('statusCode:404');
    const write = await cardMutation(stranger.owner.agent, stranger.org.slug, 'updateHypothesis', {
      cardId: card.id,
      version: card.version,
      title: 'Hijack',
    });
    expect(write.error).toContain('statusCode:404');
    const tag = await stranger.owner.agent.post(`/api/canvas/cards/${card.id}/tags/x`, undefined, {
      host: `${stranger.org.slug}.assay.test`,
    });
    expect(tag.statusCode).toBe(404);
    const canvas = await onOrg(stranger.owner.agent, stranger.org.slug, CANVAS, { projectId });
    expect(canvas.errors?.[0]?.message).toContain('statusCode:404');
  });
});

describe('the canvas layout', () => {
  it('renames, hides, shows and reorders sections, and follows protected organisation templates', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    await owner.agent.put(
      `/api/org/organizations/${org.id}`,
      {
        canvasTemplates: {
          defaultTemplateId: 'school',
          templates: [
            {
              id: 'school',
              name: 'School',
              protected: true,
              sections: { customerSegments: { name: 'Learners' } },
            },
          ],
        },
      },
      { host: `${org.slug}.assay.test` },
    );
    const projectId = await createProjectIn(owner.agent, org.slug);
    let canvas = await canvasOf(owner.agent, org.slug, projectId);
    expect(canvas.project.canvas.sections.find((s) => s.key === 'customerSegments')?.name).toBe(
      'Learners',
    );
    const SECTION =
      'mutation($i: JSON!) { updateCanvasSection(input: $i) { canvas { locked sections { key name hidden } } } }';
    await onOrg(owner.agent, org.slug, SECTION, {
      i: { projectId, section: 'customerSegments', name: 'Students', hidden: true },
    });
    canvas = await canvasOf(owner.agent, org.slug, projectId);
    // The template is protected: the name stays, hiding works.
    expect(canvas.project.canvas.sections.find((s) => s.key === 'customerSegments')).toMatchObject({
      name: 'Learners',
      hidden: true,
    });

    const LAYOUT =
      'mutation($i: JSON!) { updateCanvasLayout(input: $i) { canvas { type templateId locked sections { key name } } } }';
    const lean = await onOrg(owner.agent, org.slug, LAYOUT, {
      i: { projectId, type: 'lean', templateId: null },
    });
    const layout = (
      lean.data?.updateCanvasLayout as {
        canvas: { type: string; locked: boolean; sections: { key: string; name: string }[] };
      }
    ).canvas;
    expect(layout).toMatchObject({ type: 'lean', locked: false });
    expect(layout.sections.find((s) => s.key === 'customerSegments')?.name).toBe('Students');
    expect(layout.sections.find((s) => s.key === 'keyPartners')?.name).toBe('Problem');

    const order = [
      'unassigned',
      'customerSegments',
      'valuePropositions',
      'channels',
      'customerRelationships',
      'revenueStreams',
      'keyResources',
      'keyActivities',
      'keyPartners',
      'costStructure',
    ];
    const reordered = await onOrg(owner.agent, org.slug, LAYOUT, { i: { projectId, order } });
    expect(
      (
        reordered.data?.updateCanvasLayout as { canvas: { sections: { key: string }[] } }
      ).canvas.sections.map((s) => s.key),
    ).toEqual(order);
    const bad = await onOrg(owner.agent, org.slug, LAYOUT, {
      i: { projectId, order: order.slice(1) },
    });
    expect(bad.errors?.length).toBe(1);

    // Mission model needs a plan that offers it; otherwise the business model shows.
    const mission = await onOrg(owner.agent, org.slug, LAYOUT, {
      i: { projectId, type: 'missionModel' },
    });
    expect((mission.data?.updateCanvasLayout as { canvas: { type: string } }).canvas.type).toBe(
      'missionModel',
    );
  });
});

describe('product boards', () => {
  it('seeds the default sections, places product ideas, scores them and sorts the priority list', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const projectId = await createProjectIn(owner.agent, org.slug);
    const BOARD = `query($p: ID!, $t: String!, $f: JSON) { productBoard(projectId: $p, sectionType: $t, filters: $f) {
      sections { key name isDefault protected } cards { id title section productStatus productScore } priority } }`;
    const board = async (t: string, f = {}) =>
      (await onOrg(owner.agent, org.slug, BOARD, { p: projectId, t, f })).data?.productBoard as {
        sections: { key: string; name: string; isDefault: boolean }[];
        cards: {
          id: string;
          title: string;
          section: string;
          productStatus: string;
          productScore: Record<string, Record<string, unknown>>;
        }[];
        priority: string[];
      };
    const timeline = await board('timeline');
    expect(timeline.sections.map((s) => s.name)).toEqual(['Backlog', 'Now', 'Next', 'Future']);

    const low = await publishedHypothesis(owner.agent, org.slug, projectId, 'Low', {
      hypothesisType: 'product',
      board: 'timeline',
      section: 'now',
    });
    const high = await publishedHypothesis(owner.agent, org.slug, projectId, 'High', {
      hypothesisType: 'product',
    });
    expect(low.hypothesis).toMatchObject({
      type: 'product',
      timeline: { section: 'now' },
      productStatus: { section: 'new' },
    });
    expect(high.hypothesis.timeline.section).toBe('backlog');

    const scored = await cardMutation(owner.agent, org.slug, 'updateHypothesis', {
      cardId: high.id,
      version: high.version,
      productScore: { ice: { impact: 8, confidence: 7, ease: 6 }, ie: { impact: 8, effort: 2 } },
    });
    expect(scored.card?.hypothesis.productScore).toMatchObject({
      ice: { total: 336 },
      ie: { quadrant: 'quickWins' },
    });
    // One field alone merges into the saved score.
    const merged = await cardMutation(owner.agent, org.slug, 'updateHypothesis', {
      cardId: high.id,
      version: scored.card!.version,
      productScore: { ice: { ease: 10 } },
    });
    expect(merged.card?.hypothesis.productScore.ice).toMatchObject({
      impact: 8,
      confidence: 7,
      ease: 10,
      total: 560,
    });
    await cardMutation(owner.agent, org.slug, 'updateHypothesis', {
      cardId: low.id,
      version: low.version,
      productScore: { ice: { impact: 2, confidence: 2, ease: 2 } },
    });
    const out = await board('timeline');
    expect(out.priority).toEqual([high.id, low.id]);
    expect(out.cards.map((c) => [c.title, c.section])).toEqual([
      ['High', 'backlog'],
      ['Low', 'now'],
    ]);

    // The business canvas does not show product ideas; changing the type moves a card across.
    expect((await canvasOf(owner.agent, org.slug, projectId)).cards).toHaveLength(0);
    const business = await publishedHypothesis(owner.agent, org.slug, projectId, 'Switch me');
    const switched = await cardMutation(owner.agent, org.slug, 'updateHypothesis', {
      cardId: business.id,
      version: business.version,
      hypothesisType: 'product',
    });
    expect(switched.card?.hypothesis).toMatchObject({
      type: 'product',
      timeline: { section: 'backlog' },
    });
    expect((await board('timeline')).cards).toHaveLength(3);

    // Parked, archived and complete ideas leave the board with activeOnly.
    await cardMutation(owner.agent, org.slug, 'updateCardSection', {
      cardId: low.id,
      version: low.version + 1,
      board: 'productStatus',
      section: 'parked',
      rank: 'a0',
    });
    expect((await board('timeline', { activeOnly: true })).cards.map((c) => c.title)).toEqual([
      'High',
      'Switch me',
    ]);
  });

  it('creates, renames, reorders and deletes board sections through REST, moving cards to the default', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const projectId = await createProjectIn(owner.agent, org.slug);
    const host = { host: `${org.slug}.assay.test` };
    const created = await owner.agent.post(
      `/api/proj/projects/${projectId}/sections`,
      { sectionType: 'timeline', name: 'Someday' },
      host,
    );
    expect(created.statusCode).toBe(200);
    const sections = created.json() as { key: string; name: string }[];
    expect(sections.map((s) => s.name)).toEqual(['Backlog', 'Now', 'Next', 'Future', 'Someday']);
    const someday = sections[4]!.key;
    const card = await publishedHypothesis(owner.agent, org.slug, projectId, 'Later', {
      hypothesisType: 'product',
      board: 'timeline',
      section: someday,
    });
    expect(card.hypothesis.timeline.section).toBe(someday);

    const renamed = await owner.agent.put(
      `/api/proj/projects/${projectId}/sections`,
      { sectionType: 'timeline', key: someday, name: 'One day' },
      host,
    );
    expect((renamed.json() as { name: string }[])[4]?.name).toBe('One day');
    const keys = sections.map((s) => s.key).reverse();
    const reordered = await owner.agent.put(
      `/api/proj/projects/${projectId}/sections`,
      { sectionType: 'timeline', keys },
      host,
    );
    expect((reordered.json() as { key: string }[]).map((s) => s.key)).toEqual(keys);
    const cannot = await owner.agent.delete(
      `/api/proj/projects/${projectId}/sections`,
      { sectionType: 'timeline', key: 'backlog' },
      host,
    );
    expect(cannot.statusCode).toBe(400);
    const deleted = await owner.agent.delete(
      `/api/proj/projects/${projectId}/sections`,
      { sectionType: 'timeline', key: someday },
      host,
    );
    expect((deleted.json() as unknown[]).length).toBe(4);
    const reread = await onOrg(
      owner.agent,
      org.slug,
      `query($id: ID!) { card(cardId: $id) { ${CARD_FIELDS} } }`,
      { id: card.id },
    );
    expect((reread.data?.card as TestCard).hypothesis.timeline.section).toBe('backlog');

    const score = await owner.agent.put(
      `/api/proj/projects/${projectId}/score`,
      { prioritization: 'rice' },
      host,
    );
    expect((score.json() as { prioritization: string }).prioritization).toBe('rice');
    const badScore = await owner.agent.put(
      `/api/proj/projects/${projectId}/score`,
      { prioritization: 'vibes' },
      host,
    );
    expect(badScore.statusCode).toBe(400);

    const collaborator = await addMember(built, owner.agent, org, 'collaborator');
    const refused = await collaborator.agent.post(
      `/api/proj/projects/${projectId}/sections`,
      { sectionType: 'timeline', name: 'Mine' },
      host,
    );
    expect(refused.statusCode).toBe(403);
  });
});

describe('feed, search, templates, viewed', () => {
  it('pages the feed by 40, filters by type, sorts, searches, and marks all viewed', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const projectId = await createProjectIn(owner.agent, org.slug);
    for (let i = 0; i < 42; i += 1) {
      await publishedHypothesis(
        owner.agent,
        org.slug,
        projectId,
        `Idea ${String(i).padStart(2, '0')}`,
      );
    }
    await createCardAs(owner.agent, org.slug, { projectId, title: 'Still a draft' });
    const FEED =
      'query($p: ID!, $page: Int, $sort: String, $types: [String!]) { activityFeed(projectId: $p, page: $page, sort: $sort, types: $types) { total hasMore cards { title viewed } } }';
    const first = (await onOrg(owner.agent, org.slug, FEED, { p: projectId })).data
      ?.activityFeed as { total: number; hasMore: boolean; cards: { title: string }[] };
    expect(first).toMatchObject({ total: 42, hasMore: true });
    expect(first.cards).toHaveLength(40);
    expect(first.cards[0]?.title).toBe('Idea 41');
    const second = (await onOrg(owner.agent, org.slug, FEED, { p: projectId, page: 1 })).data
      ?.activityFeed as { hasMore: boolean; cards: unknown[] };
    expect(second).toMatchObject({ hasMore: false });
    expect(second.cards).toHaveLength(2);
    const oldest = (await onOrg(owner.agent, org.slug, FEED, { p: projectId, sort: 'oldest' })).data
      ?.activityFeed as { cards: { title: string }[] };
    expect(oldest.cards[0]?.title).toBe('Idea 00');
    const posts = (await onOrg(owner.agent, org.slug, FEED, { p: projectId, types: ['post'] })).data
      ?.activityFeed as { total: number };
    expect(posts.total).toBe(0);

    const SEARCH =
      'query($p: ID!, $s: String!) { searchCards(projectId: $p, searchText: $s) { title } }';
    const found = (await onOrg(owner.agent, org.slug, SEARCH, { p: projectId, s: 'idea 1' })).data
      ?.searchCards as unknown[];
    expect(found).toHaveLength(10);
    const evidenceOnly = await onOrg(
      owner.agent,
      org.slug,
      'query($p: ID!) { searchCards(projectId: $p, searchText: "Idea", isEvidence: true) { title } }',
      { p: projectId },
    );
    expect(evidenceOnly.data?.searchCards).toEqual([]);

    const marked = await onOrg(
      owner.agent,
      org.slug,
      'mutation($p: ID!) { markCardsViewed(projectId: $p) }',
      { p: projectId },
    );
    expect(marked.data?.markCardsViewed).toBe(42);
    const after = (await onOrg(owner.agent, org.slug, FEED, { p: projectId })).data
      ?.activityFeed as { cards: { viewed: boolean }[] };
    expect(after.cards.every((c) => c.viewed)).toBe(true);
  });

  it('makes templates from cards and creates cards from them; copying needs the academic feature', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const projectId = await createProjectIn(owner.agent, org.slug);
    const source = await publishedHypothesis(owner.agent, org.slug, projectId, 'Reusable', {
      section: 'channels',
    });
    await cardMutation(owner.agent, org.slug, 'updateText', {
      cardId: source.id,
      version: source.version,
      field: 'description',
      text: '<p>Steps</p>',
      rawText: 'Steps',
    });
    const template = await onOrg(
      owner.agent,
      org.slug,
      'mutation($id: ID!) { createTemplate(cardId: $id, name: "Channel test") { id template templateName } }',
      { id: source.id },
    );
    const templateId = (template.data?.createTemplate as { id: string }).id;
    expect(template.data?.createTemplate).toMatchObject({
      template: true,
      templateName: 'Channel test',
    });
    const list = await onOrg(owner.agent, org.slug, '{ templates { id templateName } }');
    expect(list.data?.templates).toEqual([{ id: templateId, templateName: 'Channel test' }]);
    // Templates stay off the canvas.
    expect((await canvasOf(owner.agent, org.slug, projectId)).cards).toHaveLength(1);
    const fromTemplate = await createCardAs(owner.agent, org.slug, { projectId, templateId });
    expect(fromTemplate.card).toMatchObject({ title: 'Reusable', draft: true });
    expect(fromTemplate.card?.texts[0]).toMatchObject({ field: 'description', rawText: 'Steps' });

    const other = await createProjectIn(owner.agent, org.slug, 'Other');
    const copy = await onOrg(
      owner.agent,
      org.slug,
      'mutation($id: ID!, $p: ID!) { copyCardTo(cardId: $id, projectId: $p) { id } }',
      { id: source.id, p: other },
    );
    expect(copy.errors?.[0]?.message).toContain(`message:${ERRORS.featureUnavailable.message}`);
  });
});
