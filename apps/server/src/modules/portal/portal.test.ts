import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERRORS, MESSAGES, PORTAL_MESSAGES, type VisitorBoard } from '@assay/domain';
import { buildTestApp } from '../../../test/app.ts';
import { createAgent, type Agent } from '../../../test/agent.ts';
import { createProjectIn, publishedHypothesis } from '../../../test/cards.ts';
import { addMember, onOrg, ownerWithOrganization } from '../../../test/organization.ts';
import { hypotheses } from '../cards/schema.ts';
import { uploadAs } from '../../../test/uploads.ts';
import { publicBoards } from './schema.ts';
import { boardSteps } from './service.ts';
import { parsePortalPath, renderPortalPage } from './page.ts';

const built = await buildTestApp();
const anonymous = createAgent(built.app);

const STATE = `board { id projectId name link shareSetting image updatedBy { profileId } }
  categories { id name color rank }
  sections { key name color isDefault isProtected cardTotal }
  cards { id cardId categoryId section rank isLive hasDraftChanges version hypothesisTitle connectionCount
    draft { title summary description images figma { url name } } live { title summary } }
  abilities { manage publish }`;
const CARD = `id cardId categoryId section rank isLive hasDraftChanges version
  draft { title summary description images figma { url name } } live { title summary description }`;

interface State {
  board: { id: string; projectId: string; name: string; link: string; shareSetting: string };
  categories: { id: string; name: string; color: string }[];
  sections: {
    key: string;
    name: string;
    isDefault: boolean;
    isProtected: boolean;
    cardTotal: number;
  }[];
  cards: {
    id: string;
    cardId: string;
    categoryId: string;
    section: string;
    isLive: boolean;
    hasDraftChanges: boolean;
    version: number;
  }[];
  abilities: { manage: boolean; publish: boolean };
}
interface PublicCard {
  id: string;
  cardId: string;
  section: string;
  categoryId: string;
  isLive: boolean;
  hasDraftChanges: boolean;
  version: number;
  draft: { title: string; summary: string };
  live: { title: string; summary: string } | null;
}

let linkCount = 0;
const uniqueLink = () => `portal-${Date.now().toString(36)}-${(linkCount += 1)}`;

/** A team-plan organisation with a project whose portal setting is on. */
async function setup(license = 'team') {
  const { owner, org } = await ownerWithOrganization(built, { license });
  const projectId = await createProjectIn(owner.agent, org.slug, 'Rockets');
  await onOrg(
    owner.agent,
    org.slug,
    'mutation($id: ID!, $s: JSON!) { updateProjectSettings(id: $id, settings: $s) { id } }',
    { id: projectId, s: { publicPortal: true } },
  );
  const run = (agent: Agent, query: string, variables: Record<string, unknown> = {}) =>
    onOrg(agent, org.slug, query, variables);
  return { owner: owner.agent, org, projectId, run };
}
type World = Awaited<ReturnType<typeof setup>>;

async function createBoard(w: World, input: Record<string, unknown> = {}) {
  const answer = await w.run(
    w.owner,
    `mutation($i: JSON!) { createPublicBoard(input: $i) { ${STATE} } }`,
    { i: { projectId: w.projectId, name: 'Rocket roadmap', link: uniqueLink(), ...input } },
  );
  return { state: answer.data?.createPublicBoard as State | undefined, answer };
}

async function boardOf(w: World, agent: Agent = w.owner) {
  const answer = await w.run(agent, `query($p: ID!) { publicBoard(projectId: $p) { ${STATE} } }`, {
    p: w.projectId,
  });
  return { state: answer.data?.publicBoard as State | null | undefined, answer };
}

async function saveCard(w: World, input: Record<string, unknown>, agent: Agent = w.owner) {
  const answer = await w.run(
    agent,
    `mutation($i: JSON!) { updatePublicCard(input: $i) { ${CARD} } }`,
    { i: input },
  );
  return { card: answer.data?.updatePublicCard as PublicCard | undefined, answer };
}

async function visit(link: string) {
  const response = await anonymous.get(`/api/public/portals/${link}`);
  return {
    status: response.statusCode,
    board: response.json() as VisitorBoard,
    raw: response.body,
  };
}

afterEach(() => vi.restoreAllMocks());

describe('portal gating', () => {
  it('is refused on plans without the portal and on projects that turned it off', async () => {
    const garage = await setup('garage');
    const refused = await createBoard(garage);
    expect(refused.answer.errors?.[0]?.message).toContain(ERRORS.featureUnavailable.message);

    const team = await setup();
    await team.run(
      team.owner,
      'mutation($id: ID!, $s: JSON!) { updateProjectSettings(id: $id, settings: $s) { id } }',
      { id: team.projectId, s: { publicPortal: false } },
    );
    const off = await createBoard(team);
    expect(off.answer.errors?.[0]?.message).toContain(PORTAL_MESSAGES.portalOff);
  });
});

describe('board creation', () => {
  it('makes a ready board with the default roadmap and a first category', async () => {
    const w = await setup();
    expect((await boardOf(w)).state).toBeNull();
    const { state } = await createBoard(w, { name: '  Rocket roadmap ' });
    expect(state?.board).toMatchObject({ name: 'Rocket roadmap', shareSetting: 'public' });
    expect(state?.sections.map((s) => s.name)).toEqual([
      'Under consideration',
      'Planned',
      'In progress',
      'Released',
    ]);
    expect(state?.sections.filter((s) => s.isDefault).map((s) => s.key)).toEqual(['consideration']);
    expect(state?.categories.map((c) => c.name)).toEqual(['General']);
    expect(state?.abilities).toEqual({ manage: true, publish: true });
    const again = await createBoard(w);
    expect(again.answer.errors?.[0]?.message).toContain('already has a public portal');
  });

  it('refuses a link in use anywhere, with ref 53, on create and on update', async () => {
    const first = await setup();
    const link = uniqueLink();
    await createBoard(first, { link });
    const second = await setup();
    const taken = await createBoard(second, { link });
    expect(taken.answer.errors?.[0]?.message).toBe(
      `statusCode:409;message:${ERRORS.publicLinkInUse.message};ref:53;path:createPublicBoard`,
    );
    expect(taken.answer.errors?.[0]?.message).toContain(
      'The link you have chosen is already in use. Please choose a different link.',
    );
    const { state } = await createBoard(second);
    const update = await second.run(
      second.owner,
      'mutation($i: JSON!) { updatePublicBoard(input: $i) { board { link } } }',
      { i: { boardId: state?.board.id, link: link.toUpperCase() } },
    );
    expect(update.errors?.[0]?.message).toContain('ref:53');
    const bad = await createBoard(await setup(), { link: 'no spaces allowed' });
    expect(bad.answer.errors?.[0]?.message).toContain(PORTAL_MESSAGES.linkFormat);
  });

  it('deletes the half-made board when initialising fails, and says so', async () => {
    const w = await setup();
    vi.spyOn(boardSteps, 'initialize').mockRejectedValueOnce(new Error('disk full'));
    const link = uniqueLink();
    const failed = await createBoard(w, { link });
    expect(failed.answer.errors?.[0]?.message).toContain(MESSAGES.publicBoardCreateFailed);
    expect(MESSAGES.publicBoardCreateFailed).toBe(
      "Something went wrong. We couldn't create your public board. Please try again",
    );
    const left = await built.services.database.db
      .select()
      .from(publicBoards)
      .where(eq(publicBoards.projectId, w.projectId));
    expect(left).toEqual([]);
    expect((await visit(link)).status).toBe(404);
    // The link is free again and a second try works.
    expect((await createBoard(w, { link })).state?.board.link).toBe(link);
  });

  it('keeps the board hidden from visitors until it is shared, then on request', async () => {
    const w = await setup();
    const link = uniqueLink();
    const { state } = await createBoard(w, { link, shareSetting: 'hidden' });
    expect((await visit(link)).status).toBe(404);
    await w.run(w.owner, 'mutation($i: JSON!) { updatePublicBoard(input: $i) { board { id } } }', {
      i: { boardId: state?.board.id, shareSetting: 'public', name: 'Renamed' },
    });
    const seen = await visit(link);
    expect(seen.status).toBe(200);
    expect(seen.board.name).toBe('Renamed');
  });
});

describe('categories and sections', () => {
  it('creates, renames, reorders and deletes categories; the last one stays', async () => {
    const w = await setup();
    const { state } = await createBoard(w);
    const boardId = state!.board.id;
    const general = state!.categories[0]!.id;
    const created = await w.run(
      w.owner,
      `mutation($i: JSON!) { createPublicCategory(input: $i) { ${STATE} } }`,
      { i: { boardId, name: 'Mobile', color: 'teal' } },
    );
    const mobile = (created.data?.createPublicCategory as State).categories[1]!;
    expect(mobile).toMatchObject({ name: 'Mobile', color: 'teal' });
    const renamed = await w.run(
      w.owner,
      `mutation($i: JSON!) { updatePublicCategory(input: $i) { categories { name color } } }`,
      { i: { categoryId: mobile.id, name: 'Apps', color: 'pink' } },
    );
    expect(renamed.data?.updatePublicCategory).toEqual({
      categories: [
        { name: 'General', color: 'indigo' },
        { name: 'Apps', color: 'pink' },
      ],
    });
    const badColour = await w.run(
      w.owner,
      `mutation($i: JSON!) { updatePublicCategory(input: $i) { categories { name } } }`,
      { i: { categoryId: mobile.id, color: 'plaid' } },
    );
    expect(badColour.errors?.[0]?.message).toContain('Please choose one of the colours.');
    const reordered = await w.run(
      w.owner,
      'mutation($b: ID!, $ids: [ID!]!) { reorderPublicCategories(boardId: $b, categoryIds: $ids) { categories { name } } }',
      { b: boardId, ids: [mobile.id, general] },
    );
    expect(reordered.data?.reorderPublicCategories).toEqual({
      categories: [{ name: 'Apps' }, { name: 'General' }],
    });
    const partial = await w.run(
      w.owner,
      'mutation($b: ID!, $ids: [ID!]!) { reorderPublicCategories(boardId: $b, categoryIds: $ids) { categories { name } } }',
      { b: boardId, ids: [mobile.id] },
    );
    expect(partial.errors?.[0]?.message).toContain('statusCode:409');

    // A card in Apps moves to the first remaining category when Apps goes.
    const hypothesis = await publishedHypothesis(w.owner, w.org.slug, w.projectId, 'Launch pad');
    await saveCard(w, { cardId: hypothesis.id, categoryId: mobile.id });
    const deleted = await w.run(
      w.owner,
      `mutation($id: ID!) { deletePublicCategory(categoryId: $id) { ${STATE} } }`,
      { id: mobile.id },
    );
    const after = deleted.data?.deletePublicCategory as State;
    expect(after.categories.map((c) => c.id)).toEqual([general]);
    expect(after.cards[0]?.categoryId).toBe(general);
    const last = await w.run(
      w.owner,
      'mutation($id: ID!) { deletePublicCategory(categoryId: $id) { board { id } } }',
      { id: general },
    );
    expect(last.errors?.[0]?.message).toContain(PORTAL_MESSAGES.lastCategory);
  });

  it('runs roadmap sections: default swap, protection, deletion moving cards, reorder', async () => {
    const w = await setup();
    const { state } = await createBoard(w);
    const boardId = state!.board.id;
    const made = await w.run(
      w.owner,
      `mutation($i: JSON!) { createPublicSection(input: $i) { ${STATE} } }`,
      { i: { boardId, name: 'Beta', color: 'grape' } },
    );
    const beta = (made.data?.createPublicSection as State).sections[4]!;
    expect(beta).toMatchObject({ name: 'Beta', isDefault: false, isProtected: false });

    const hypothesis = await publishedHypothesis(w.owner, w.org.slug, w.projectId, 'Booster');
    const placed = await saveCard(w, { cardId: hypothesis.id, section: beta.key });
    expect(placed.card?.section).toBe(beta.key);
    const withCard = (await boardOf(w)).state!;
    expect(withCard.sections.find((s) => s.key === beta.key)?.cardTotal).toBe(1);

    const protectedDelete = await w.run(
      w.owner,
      'mutation($b: ID!, $k: String!) { deletePublicSection(boardId: $b, key: $k) { board { id } } }',
      { b: boardId, k: 'consideration' },
    );
    expect(protectedDelete.errors?.[0]?.message).toContain(PORTAL_MESSAGES.protectedSection);

    // Planned becomes the default (and protected); the old default stays protected.
    const swapped = await w.run(
      w.owner,
      `mutation($i: JSON!) { updatePublicSection(input: $i) { ${STATE} } }`,
      { i: { boardId, key: 'planned', isDefault: true, name: 'Next up' } },
    );
    const sections = (swapped.data?.updatePublicSection as State).sections;
    expect(sections.filter((s) => s.isDefault).map((s) => s.key)).toEqual(['planned']);
    expect(sections.find((s) => s.key === 'planned')).toMatchObject({
      name: 'Next up',
      isProtected: true,
    });

    const removed = await w.run(
      w.owner,
      `mutation($b: ID!, $k: String!) { deletePublicSection(boardId: $b, key: $k) { ${STATE} } }`,
      { b: boardId, k: beta.key },
    );
    const afterDelete = removed.data?.deletePublicSection as State;
    expect(afterDelete.sections.map((s) => s.key)).not.toContain(beta.key);
    expect(afterDelete.cards[0]?.section).toBe('planned');
    expect(afterDelete.sections.find((s) => s.key === 'planned')?.cardTotal).toBe(1);

    const keys = afterDelete.sections.map((s) => s.key).reverse();
    const reordered = await w.run(
      w.owner,
      'mutation($b: ID!, $k: [String!]!) { reorderPublicSections(boardId: $b, keys: $k) { sections { key } } }',
      { b: boardId, k: keys },
    );
    expect(
      (reordered.data?.reorderPublicSections as { sections: { key: string }[] }).sections.map(
        (s) => s.key,
      ),
    ).toEqual(keys);
  });
});

describe('public cards', () => {
  it('keeps a draft beside the live copy; publish, edit, republish, unpublish', async () => {
    const w = await setup();
    const link = uniqueLink();
    await createBoard(w, { link });
    const hypothesis = await publishedHypothesis(w.owner, w.org.slug, w.projectId, 'Private title');

    const draft = await saveCard(w, {
      cardId: hypothesis.id,
      content: { title: 'Reusable rockets', summary: 'Land and fly again' },
    });
    expect(draft.card).toMatchObject({ isLive: false, hasDraftChanges: true, live: null });
    expect((await visit(link)).board.cards).toEqual([]);

    const published = await saveCard(w, {
      cardId: hypothesis.id,
      version: draft.card!.version,
      action: 'publish',
    });
    expect(published.card).toMatchObject({ isLive: true, hasDraftChanges: false });
    expect((await visit(link)).board.cards.map((c) => c.title)).toEqual(['Reusable rockets']);

    const edited = await saveCard(w, {
      cardId: hypothesis.id,
      version: published.card!.version,
      content: { title: 'Reusable rockets, v2' },
    });
    expect(edited.card).toMatchObject({ isLive: true, hasDraftChanges: true });
    expect(edited.card?.live?.title).toBe('Reusable rockets');
    // Visitors still see the live copy, never the draft.
    const seen = await visit(link);
    expect(seen.board.cards.map((c) => c.title)).toEqual(['Reusable rockets']);
    expect(seen.raw).not.toContain('rockets, v2');

    const stale = await saveCard(w, {
      cardId: hypothesis.id,
      version: published.card!.version,
      content: { title: 'Lost edit' },
    });
    expect(stale.answer.errors?.[0]?.message).toContain(ERRORS.staleVersion.message);

    const republished = await saveCard(w, {
      cardId: hypothesis.id,
      version: edited.card!.version,
      action: 'publish',
    });
    expect(republished.card?.live?.title).toBe('Reusable rockets, v2');
    expect((await visit(link)).board.cards.map((c) => c.title)).toEqual(['Reusable rockets, v2']);

    const unpublished = await saveCard(w, {
      cardId: hypothesis.id,
      version: republished.card!.version,
      action: 'unpublish',
    });
    expect(unpublished.card).toMatchObject({ isLive: false, live: null });
    expect(unpublished.card?.draft.title).toBe('Reusable rockets, v2');
    expect((await visit(link)).board.cards).toEqual([]);

    const blank = await saveCard(w, { cardId: hypothesis.id, content: { title: '  ' } });
    expect(blank.answer.errors?.[0]?.message).toContain('The title can not be left blank.');
  });

  it('moves cards between sections with totals moving by one, then deletes them', async () => {
    const w = await setup();
    const link = uniqueLink();
    await createBoard(w, { link });
    const a = await publishedHypothesis(w.owner, w.org.slug, w.projectId, 'A');
    const b = await publishedHypothesis(w.owner, w.org.slug, w.projectId, 'B');
    await saveCard(w, { cardId: a.id, action: 'publish' });
    await saveCard(w, { cardId: b.id, action: 'publish' });
    const totals = async () =>
      Object.fromEntries((await boardOf(w)).state!.sections.map((s) => [s.key, s.cardTotal]));
    expect(await totals()).toEqual({ consideration: 2, planned: 0, inProgress: 0, released: 0 });

    const moved = await w.run(
      w.owner,
      `mutation($i: JSON!) { movePublicCard(input: $i) { ${CARD} } }`,
      { i: { cardId: a.id, section: 'planned' } },
    );
    expect((moved.data?.movePublicCard as PublicCard).section).toBe('planned');
    expect(await totals()).toEqual({ consideration: 1, planned: 1, inProgress: 0, released: 0 });
    const visitor = await visit(link);
    expect(visitor.board.sections.map((s) => s.cardTotal)).toEqual([1, 1, 0, 0]);

    // Ordering within a section: B goes after A, then first.
    await w.run(w.owner, `mutation($i: JSON!) { movePublicCard(input: $i) { id } }`, {
      i: { cardId: b.id, section: 'planned', afterCardId: a.id },
    });
    const order = async () =>
      (await boardOf(w)).state!.cards.filter((c) => c.section === 'planned').map((c) => c.cardId);
    expect(await order()).toEqual([a.id, b.id]);
    await w.run(w.owner, `mutation($i: JSON!) { movePublicCard(input: $i) { id } }`, {
      i: { cardId: b.id, afterCardId: null },
    });
    expect(await order()).toEqual([b.id, a.id]);

    const badSection = await w.run(
      w.owner,
      `mutation($i: JSON!) { movePublicCard(input: $i) { id } }`,
      {
        i: { cardId: b.id, section: 'nowhere' },
      },
    );
    expect(badSection.errors?.[0]?.message).toContain('roadmap');

    const deleted = await w.run(w.owner, 'mutation($id: ID!) { deletePublicCard(cardId: $id) }', {
      id: a.id,
    });
    expect(deleted.data?.deletePublicCard).toBe(true);
    expect(await totals()).toEqual({ consideration: 0, planned: 1, inProgress: 0, released: 0 });
    expect((await visit(link)).board.cards.map((c) => c.title)).toEqual(['B']);
  });

  it('publishes only published hypotheses', async () => {
    const w = await setup();
    await createBoard(w);
    const evidence = await publishedHypothesis(w.owner, w.org.slug, w.projectId, 'Notes', {
      type: 'evidenceOther',
    });
    const refused = await saveCard(w, { cardId: evidence.id, action: 'publish' });
    expect(refused.answer.errors?.[0]?.message).toContain(PORTAL_MESSAGES.notPublishable);
  });
});

describe('who may do what', () => {
  it('lets collaborators publish but not run the board; others only read or nothing', async () => {
    const w = await setup();
    const { state } = await createBoard(w);
    const collaborator = (await addMember(built, w.owner, w.org, 'collaborator')).agent;
    const limited = (await addMember(built, w.owner, w.org, 'limitedContributor')).agent;
    const other = await ownerWithOrganization(built, { license: 'team' });
    const hypothesis = await publishedHypothesis(w.owner, w.org.slug, w.projectId, 'Shared');

    expect((await boardOf(w, collaborator)).state?.abilities).toEqual({
      manage: false,
      publish: true,
    });
    expect(
      (await saveCard(w, { cardId: hypothesis.id, action: 'publish' }, collaborator)).card?.isLive,
    ).toBe(true);
    const rename = await w.run(
      collaborator,
      'mutation($i: JSON!) { updatePublicBoard(input: $i) { board { id } } }',
      { i: { boardId: state!.board.id, name: 'Mine' } },
    );
    expect(rename.errors?.[0]?.message).toContain('statusCode:403');

    expect((await boardOf(w, limited)).state?.abilities).toEqual({ manage: false, publish: false });
    const limitedPublish = await saveCard(
      w,
      { cardId: hypothesis.id, action: 'unpublish' },
      limited,
    );
    expect(limitedPublish.answer.errors?.[0]?.message).toContain('statusCode:403');

    // Another organisation finds nothing, whatever id it tries.
    const foreign = await onOrg(
      other.owner.agent,
      other.org.slug,
      `query($p: ID!) { publicBoard(projectId: $p) { board { id } } }`,
      { p: w.projectId },
    );
    expect(foreign.errors?.[0]?.message).toContain('statusCode:404');
    const foreignCard = await onOrg(
      other.owner.agent,
      other.org.slug,
      `mutation($i: JSON!) { updatePublicCard(input: $i) { id } }`,
      { i: { cardId: hypothesis.id, action: 'unpublish' } },
    );
    expect(foreignCard.errors?.[0]?.message).toContain('statusCode:404');
    const foreignBoard = await onOrg(
      other.owner.agent,
      other.org.slug,
      'mutation($id: ID!) { deletePublicBoard(boardId: $id) }',
      { id: state!.board.id },
    );
    expect(foreignBoard.errors?.[0]?.message).toContain('statusCode:404');
  });
});

describe('visitors', () => {
  it('see only live copies of published cards and nothing else of the project', async () => {
    const w = await setup();
    const link = uniqueLink();
    await createBoard(w, { link });
    const live = await publishedHypothesis(w.owner, w.org.slug, w.projectId, 'Secret internal A');
    await built.services.database.db
      .update(hypotheses)
      .set({ summary: 'confidential-summary' })
      .where(eq(hypotheses.cardId, live.id));
    const draftOnly = await publishedHypothesis(
      w.owner,
      w.org.slug,
      w.projectId,
      'Secret internal B',
    );
    const unpublished = await publishedHypothesis(w.owner, w.org.slug, w.projectId, 'Secret C');
    await saveCard(w, {
      cardId: live.id,
      content: { title: 'Public A', summary: 'Shown' },
      action: 'publish',
    });
    await saveCard(w, { cardId: draftOnly.id, content: { title: 'Draft B' } });
    await saveCard(w, { cardId: unpublished.id, content: { title: 'Gone C' }, action: 'publish' });
    await saveCard(w, { cardId: unpublished.id, action: 'unpublish' });

    // Another project of another organisation, with its own portal and a live card.
    const other = await setup();
    const otherLink = uniqueLink();
    await createBoard(other, { link: otherLink });
    const otherCard = await publishedHypothesis(other.owner, other.org.slug, other.projectId, 'X');
    const otherPublished = await saveCard(other, {
      cardId: otherCard.id,
      content: { title: 'Other org card' },
      action: 'publish',
    });

    const seen = await visit(link);
    expect(seen.status).toBe(200);
    expect(Object.keys(seen.board).sort()).toEqual(
      ['cards', 'categories', 'image', 'link', 'name', 'sections', 'signature'].sort(),
    );
    expect(seen.board.cards).toHaveLength(1);
    expect(Object.keys(seen.board.cards[0]!).sort()).toEqual(
      [
        'categoryId',
        'connectionCount',
        'description',
        'figma',
        'id',
        'images',
        'publishedAt',
        'section',
        'summary',
        'title',
      ].sort(),
    );
    expect(seen.board.cards[0]).toMatchObject({
      title: 'Public A',
      summary: 'Shown',
      connectionCount: 0,
    });
    // A new connection shows at once (the visitors' cached board follows it).
    const linked = await w.owner.post(
      `/api/canvas/cards/${live.id}/connections`,
      { cardId: draftOnly.id },
      { host: `${w.org.slug}.assay.test` },
    );
    expect(linked.statusCode).toBe(200);
    expect((await visit(link)).board.cards[0]?.connectionCount).toBe(1);
    for (const hidden of [
      'Secret',
      'confidential-summary',
      'Draft B',
      'Gone C',
      'Other org card',
      live.id,
      w.projectId,
      w.org.id,
      otherPublished.card!.id,
    ]) {
      expect(seen.raw).not.toContain(hidden);
    }
    // The other organisation's card is not reachable through this link either.
    const category = seen.board.categories[0]!.id;
    const page = await renderPortalPage(
      built.services,
      '<html><head><title>Assay</title></head><body><div id="root"></div></body></html>',
      { link, categoryId: category, cardId: otherPublished.card!.id },
      'http://assay.test',
    );
    expect(page.html).not.toContain('Other org card');

    // A deleted hypothesis leaves the portal; switching the portal off hides it all.
    await w.run(w.owner, 'mutation($id: ID!) { deleteCard(cardId: $id) }', { id: live.id });
    expect((await visit(link)).board.cards).toEqual([]);
    await w.run(
      w.owner,
      'mutation($id: ID!, $s: JSON!) { updateProjectSettings(id: $id, settings: $s) { id } }',
      { id: w.projectId, s: { publicPortal: false } },
    );
    expect((await visit(link)).status).toBe(404);
    expect((await visit('../etc')).status).toBe(404);
    expect((await visit(otherLink)).status).toBe(200);
  });

  it('get images only when a live copy shows them', async () => {
    const w = await setup();
    const link = uniqueLink();
    await createBoard(w, { link });
    const hypothesis = await publishedHypothesis(w.owner, w.org.slug, w.projectId, 'Pictured');
    const host = { host: `${w.org.slug}.assay.test` };
    const key = await uploadAs(built, w.owner, {
      host: host.host,
      collection: 'cards',
      locationId: hypothesis.id,
    });
    const recorded = await w.owner.post(`/api/canvas/cards/${hypothesis.id}/media`, { key }, host);
    const mediaId = (recorded.json() as { id: string }).id;
    expect(mediaId).toBeTruthy();

    await saveCard(w, { cardId: hypothesis.id, content: { images: [mediaId] } });
    expect((await anonymous.get(`/api/public/portals/${link}/media/${mediaId}`)).statusCode).toBe(
      404,
    );
    await saveCard(w, { cardId: hypothesis.id, action: 'publish' });
    const seen = await visit(link);
    const url = seen.board.cards[0]!.images[0]!.url;
    const image = await anonymous.get(url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    // The board's own image is public too, and goes when it is removed.
    const { state } = await boardOf(w);
    const boardKey = await uploadAs(built, w.owner, {
      host: host.host,
      collection: 'publicBoard',
      locationId: state!.board.id,
      filename: 'logo.png',
    });
    const boardImage = await w.owner.post(
      `/api/org/public-boards/${state!.board.id}/media`,
      { key: boardKey },
      host,
    );
    const boardImageId = (boardImage.json() as { id: string }).id;
    const withImage = await visit(link);
    expect(withImage.board.image).toBe(`/api/public/portals/${link}/media/${boardImageId}`);
    expect((await anonymous.get(withImage.board.image!)).statusCode).toBe(200);
    await w.owner.delete(
      `/api/org/public-boards/${state!.board.id}/media/${boardImageId}`,
      undefined,
      host,
    );
    expect((await visit(link)).board.image).toBeNull();
    expect((await anonymous.get(withImage.board.image!)).statusCode).toBe(404);

    // An image of the project not shown on the portal stays private.
    const other = await publishedHypothesis(w.owner, w.org.slug, w.projectId, 'Unshown');
    const unshown = await saveCard(w, { cardId: other.id, content: { images: [mediaId] } });
    expect(unshown.card?.draft).toMatchObject({ title: 'Unshown' });
    expect((unshown.card?.draft as unknown as { images: string[] }).images).toEqual([]);
  });
});

describe('portal pages', () => {
  it('parses the three visitor paths', () => {
    expect(parsePortalPath('/portal/acme')).toEqual({
      link: 'acme',
      categoryId: null,
      cardId: null,
    });
    expect(parsePortalPath('/portal/acme/category/c1/card/k1')).toEqual({
      link: 'acme',
      categoryId: 'c1',
      cardId: 'k1',
    });
    expect(parsePortalPath('/portals/acme')).toBeNull();
  });

  it('carry the title, social-preview tags and the board, escaped', async () => {
    const w = await setup();
    const link = uniqueLink();
    await createBoard(w, { link, name: 'Rockets <b>&</b> co' });
    const hypothesis = await publishedHypothesis(w.owner, w.org.slug, w.projectId, 'H');
    const saved = await saveCard(w, {
      cardId: hypothesis.id,
      content: { title: 'Landing legs', summary: '</script><script>alert(1)</script>' },
      action: 'publish',
    });
    // As the web build leaves it: the root holds the header's first paint.
    const index =
      '<html><head><meta name="description" content="x" /><title>Assay</title><link rel="preload" as="style" crossorigin href="/assets/shell-1.css" data-app-style></head><body>\n<div id="root"><div class="first-paint" aria-hidden="true"><svg viewBox="0 0 32 32"><rect width="32" height="32" /></svg></div></div>\n  </body></html>';
    const board = await renderPortalPage(
      built.services,
      index,
      { link, categoryId: null, cardId: null },
      'https://assay.test',
      'n0nce',
    );
    expect(board.status).toBe(200);
    // The inlined board runs under the page's Content-Security-Policy nonce.
    expect(board.html).toMatch(/<script nonce="n0nce">window\./);
    expect(board.html).toContain('<title>Rockets &lt;b&gt;&amp;&lt;/b&gt; co</title>');
    expect(board.html).toContain('property="og:title"');
    expect(board.html).toContain(
      `<link rel="canonical" href="https://assay.test/portal/${link}" />`,
    );
    expect(board.html).not.toContain('<script>alert(1)</script>');
    expect(board.html).toContain('Landing legs');
    // The board's first paint takes the header frame's place (the portal has no app header).
    expect(board.html).not.toContain('first-paint');
    expect(board.html).toMatch(/<div id="root"><main[^>]*><h1>Rockets/);
    // The board paints before the app's stylesheets are in (they come as on every page, #28), in
    // the app's font, size and line height, so nothing moves when they arrive.
    expect(board.html).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/shell-1.css" data-app-style>',
    );
    expect(board.html).not.toContain('rel="stylesheet"');
    expect(board.html).toMatch(
      /<main style="font-family:Inter,system-ui,[^"]*;font-size:1rem;line-height:1\.55;/,
    );
    const card = await renderPortalPage(
      built.services,
      index,
      { link, categoryId: saved.card!.categoryId, cardId: saved.card!.id },
      'https://assay.test',
    );
    expect(card.html).toContain('<title>Landing legs · Rockets');
    const missing = await renderPortalPage(
      built.services,
      index,
      { link: 'no-such-portal', categoryId: null, cardId: null },
      'https://assay.test',
    );
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('noindex');
  });
});
