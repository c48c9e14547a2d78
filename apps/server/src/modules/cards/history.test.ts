import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import {
  cardMutation,
  createCardAs,
  createProjectIn,
  publishedEvidence,
} from '../../../test/cards.ts';
import { addMember, onOrg, ownerWithOrganization } from '../../../test/organization.ts';
import { purgeTrash, TRASH_DAYS } from './trash.ts';

const built = await buildTestApp();

const HISTORY = `query($id: ID!) { cardHistory(cardId: $id) {
  version action at actor { firstName } changes { field before after } } }`;
const TIMELINE = `query($p: ID!, $since: String) { projectTimeline(projectId: $p, since: $since) {
  kind detail card { id title } actor { firstName } } }`;

interface Version {
  version: number;
  action: string;
  changes: { field: string; before: string | null; after: string | null }[];
}

describe('history, trash and timeline (#24)', () => {
  it('keeps who changed what on a card, notes what the team learned, and restores a deleted card once', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const host = { host: `${org.slug}.assay.test` };
    const projectId = await createProjectIn(owner.agent, org.slug, 'History');
    const made = (
      await createCardAs(owner.agent, org.slug, {
        projectId,
        title: 'Vets want reminders',
        section: 'customerSegments',
      })
    ).card!;
    const version = async (id: string) =>
      (
        (
          await onOrg(owner.agent, org.slug, 'query($id: ID!) { card(cardId: $id) { version } }', {
            id,
          })
        ).data?.card as { version: number }
      ).version;
    const update = async (patch: Record<string, unknown>) => {
      const answer = await cardMutation(owner.agent, org.slug, 'updateHypothesis', {
        cardId: made.id,
        version: await version(made.id),
        ...patch,
      });
      expect(answer.error).toBeUndefined();
    };
    await update({ title: 'Vets want SMS reminders' });
    const published = await onOrg(
      owner.agent,
      org.slug,
      'mutation($id: ID!, $v: Int!) { publishCard(cardId: $id, version: $v) { version } }',
      { id: made.id, v: await version(made.id) },
    );
    expect(published.errors).toBeUndefined();
    const text = await cardMutation(owner.agent, org.slug, 'updateText', {
      cardId: made.id,
      version: await version(made.id),
      field: 'description',
      text: '<p>Clinics lose a fifth of appointments.</p>',
      rawText: 'Clinics lose a fifth of appointments.',
      mentions: [],
    });
    expect(text.error).toBeUndefined();

    // Evidence that confirms it strongly moves it across the map: a learning event.
    const deposit = await publishedEvidence(owner.agent, org.slug, projectId, 'post', 'Deposits');
    const kind = await onOrg(
      owner.agent,
      org.slug,
      'mutation($i: JSON!) { updatePost(input: $i) { id } }',
      { i: { cardId: deposit.id, version: deposit.version, evidenceKind: 'pay' } },
    );
    expect(kind.errors).toBeUndefined();
    const connected = await owner.agent.post(
      `/api/canvas/cards/${made.id}/connections`,
      { connection: { cardId: deposit.id, rating: 2 } },
      host,
    );
    expect(connected.statusCode).toBe(200);
    await update({ result: 'validated', resultReason: 'Twelve clinics paid deposits' });

    const history = (await onOrg(owner.agent, org.slug, HISTORY, { id: made.id })).data
      ?.cardHistory as Version[];
    const changed = (field: string) =>
      history
        .find((v) => v.changes.some((c) => c.field === field))
        ?.changes.find((c) => c.field === field);
    expect(history[0]!.action).toBe('update');
    expect(changed('result')).toEqual({ field: 'result', before: 'none', after: 'validated' });
    expect(changed('description')).toEqual({
      field: 'description',
      before: '',
      after: 'Clinics lose a fifth of appointments.',
    });
    expect(
      history.find((v) => v.changes.some((c) => c.field === 'title' && c.before !== null))
        ?.changes[0],
    ).toEqual({ field: 'title', before: 'Vets want reminders', after: 'Vets want SMS reminders' });
    expect(history.find((v) => v.changes.some((c) => c.field === 'published'))).toMatchObject({
      action: 'publish',
      changes: [{ field: 'published', before: 'false', after: 'true' }],
    });
    expect(history.at(-1)).toMatchObject({
      action: 'create',
      changes: [
        { field: 'title', before: null, after: 'Vets want reminders' },
        { field: 'section', before: null, after: 'customerSegments' },
      ],
    });

    const timeline = (await onOrg(owner.agent, org.slug, TIMELINE, { p: projectId })).data
      ?.projectTimeline as { kind: string; detail: Record<string, string>; card: { id: string } }[];
    expect(timeline.map((e) => e.kind)).toEqual(['validated', 'quadrant']);
    expect(timeline[1]!.detail).toEqual({ from: 'testNow', to: 'validated' });
    expect(timeline[0]!.detail).toEqual({ reason: 'Twelve clinics paid deposits' });
    const later = await onOrg(owner.agent, org.slug, TIMELINE, {
      p: projectId,
      since: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(later.data?.projectTimeline).toEqual([]);
    const bad = await onOrg(owner.agent, org.slug, TIMELINE, { p: projectId, since: 'soon' });
    expect(bad.errors?.[0]?.message).toMatch(/Pick a date to look back from\./);

    // Deleted: in the trash for those who may restore it, not for a viewer; restored once.
    const DELETE = 'mutation($id: ID!) { deleteCard(cardId: $id) }';
    expect((await onOrg(owner.agent, org.slug, DELETE, { id: made.id })).errors).toBeUndefined();
    const viewer = await addMember(built, owner.agent, org, 'collaborator');
    const role = await onOrg(
      owner.agent,
      org.slug,
      'mutation($p: ID!, $m: ID!) { setProjectMember(projectId: $p, profileId: $m, role: "viewer") { role } }',
      { p: projectId, m: viewer.profileId },
    );
    expect(role.errors).toBeUndefined();
    const TRASH =
      'query($p: ID!) { trash(projectId: $p) { id title deletedBy { firstName } purgeAt } }';
    const trash = (await onOrg(owner.agent, org.slug, TRASH, { p: projectId })).data?.trash as {
      id: string;
      purgeAt: string;
    }[];
    expect(trash.map((t) => t.id)).toEqual([made.id]);
    expect(new Date(trash[0]!.purgeAt).getTime()).toBeGreaterThan(
      Date.now() + (TRASH_DAYS - 1) * 24 * 60 * 60 * 1000,
    );
    expect((await onOrg(viewer.agent, org.slug, TRASH, { p: projectId })).data?.trash).toEqual([]);
    const RESTORE = 'mutation($id: ID!) { restoreCard(cardId: $id) { id version } }';
    const refused = await onOrg(viewer.agent, org.slug, RESTORE, { id: made.id });
    expect(refused.errors?.[0]?.message).toMatch(/statusCode:403/);
    const attempts = await Promise.all(
      Array.from({ length: 40 }, () => onOrg(owner.agent, org.slug, RESTORE, { id: made.id })),
    );
    expect(attempts.filter((a) => !a.errors)).toHaveLength(1);
    const back = await onOrg(
      owner.agent,
      org.slug,
      `query($id: ID!) { card(cardId: $id) { title texts { field rawText } displayText
        resurfacedAt changes(limit: 2) { action actor { firstName } } } }`,
      {
        id: made.id,
      },
    );
    expect(back.data?.card).toMatchObject({
      title: 'Vets want SMS reminders',
      // The card's own fields (part 2 §3): its text in a line, when it came back, its changes.
      displayText: 'Clinics lose a fifth of appointments.',
      changes: [
        { action: 'restore', actor: { firstName: 'Ada' } },
        { action: 'delete', actor: { firstName: 'Ada' } },
      ],
    });
    const resurfaced = (back.data?.card as { resurfacedAt: string }).resurfacedAt;
    expect(Date.now() - new Date(resurfaced).getTime()).toBeLessThan(60_000);
    const fresh = await onOrg(
      owner.agent,
      org.slug,
      'query($id: ID!) { card(cardId: $id) { resurfacedAt changes(limit: 500) { action } } }',
      { id: deposit.id },
    );
    expect(fresh.data?.card).toMatchObject({ resurfacedAt: null });
    // Deleting and restoring taught nothing: the timeline is as it was.
    const after = (await onOrg(owner.agent, org.slug, TIMELINE, { p: projectId })).data
      ?.projectTimeline as { kind: string }[];
    expect(after.map((e) => e.kind)).toEqual(['validated', 'quadrant']);
    const actions = (
      (await onOrg(owner.agent, org.slug, HISTORY, { id: made.id })).data?.cardHistory as Version[]
    ).map((v) => v.action);
    expect(actions.slice(0, 2)).toEqual(['restore', 'delete']);

    // After 30 days in the trash, it is gone for good.
    expect((await onOrg(owner.agent, org.slug, DELETE, { id: made.id })).errors).toBeUndefined();
    expect(await purgeTrash(built.services.database.db, new Date(), { projectId })).toBe(0);
    const purged = await purgeTrash(
      built.services.database.db,
      new Date(Date.now() + (TRASH_DAYS + 1) * 24 * 60 * 60 * 1000),
      { projectId },
    );
    expect(purged).toBe(1);
    const gone = await onOrg(owner.agent, org.slug, RESTORE, { id: made.id });
    expect(gone.errors?.[0]?.message).toMatch(/statusCode:404/);
  });

  it('notes an experiment completed on the timeline', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const projectId = await createProjectIn(owner.agent, org.slug, 'Experiments');
    const experiment = (
      await createCardAs(owner.agent, org.slug, { projectId, type: 'experiment', title: 'Pilot' })
    ).card!;
    const version = async () =>
      (
        (
          await onOrg(owner.agent, org.slug, 'query($id: ID!) { card(cardId: $id) { version } }', {
            id: experiment.id,
          })
        ).data?.card as { version: number }
      ).version;
    for (const [field, value] of [
      ['statement', 'We believe clinics run a pilot'],
      ['description', 'Two clinics for a month'],
    ] as const) {
      const written = await cardMutation(owner.agent, org.slug, 'updateText', {
        cardId: experiment.id,
        version: await version(),
        field,
        text: `<p>${value}</p>`,
        rawText: value,
        mentions: [],
      });
      expect(written.error).toBeUndefined();
    }
    const published = await onOrg(
      owner.agent,
      org.slug,
      'mutation($id: ID!, $v: Int!) { publishCard(cardId: $id, version: $v) { version } }',
      { id: experiment.id, v: await version() },
    );
    expect(published.errors).toBeUndefined();
    for (const phase of ['test', 'analyze', 'complete']) {
      const moved = await onOrg(
        owner.agent,
        org.slug,
        'mutation($i: JSON!) { updateExperiment(input: $i) { id } }',
        { i: { cardId: experiment.id, version: await version(), phase } },
      );
      expect(moved.errors).toBeUndefined();
    }
    const timeline = (await onOrg(owner.agent, org.slug, TIMELINE, { p: projectId })).data
      ?.projectTimeline as { kind: string; card: { id: string } }[];
    expect(timeline).toMatchObject([{ kind: 'experimentCompleted', card: { id: experiment.id } }]);
  });
});
