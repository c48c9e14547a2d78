import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { createCardAs, createProjectIn } from '../../../test/cards.ts';
import { addMember, invite, onOrg, ownerWithOrganization } from '../../../test/organization.ts';

const built = await buildTestApp();

const GETTING_STARTED = `{ gettingStarted { showChecklist seen items { key label done } progress { done total complete } } }`;

interface GettingStarted {
  showChecklist: boolean;
  seen: Record<string, boolean>;
  items: { key: string; label: string; done: boolean }[];
  progress: { done: number; total: number; complete: boolean };
}

describe('guidance: getting-started checklist and first-time tips', () => {
  it('starts with the checklist shown and no tip seen; steps tick as the member does them', async () => {
    const { owner, org } = await ownerWithOrganization(built);
    const read = async () =>
      (await onOrg(owner.agent, org.slug, GETTING_STARTED)).data?.gettingStarted as GettingStarted;
    const fresh = await read();
    expect(fresh.showChecklist).toBe(true);
    expect(fresh.seen).toEqual({
      hypothesis: false,
      research: false,
      experiment: false,
      evidence: false,
      interview: false,
      post: false,
    });
    expect(fresh.items.map((i) => i.label)).toEqual([
      'Create a project',
      'Add a hypothesis to the canvas',
      'Add evidence: an interview or a post',
      'Rate how evidence bears on a hypothesis',
      'Plan an experiment',
      'Invite a teammate',
    ]);
    expect(fresh.progress).toEqual({ done: 0, total: 6, complete: false });

    const projectId = await createProjectIn(owner.agent, org.slug, 'Guided');
    const { card: idea } = await createCardAs(owner.agent, org.slug, { projectId, title: 'Idea' });
    const { card: post } = await createCardAs(owner.agent, org.slug, {
      projectId,
      type: 'post',
      title: 'Thread',
    });
    const linked = await owner.agent.post(
      `/api/canvas/cards/${post!.id}/connections`,
      { cardId: idea!.id, rating: 1 },
      { host: `${org.slug}.assay.test` },
    );
    expect(linked.statusCode).toBe(200);
    const midway = await read();
    expect(midway.items.filter((i) => i.done).map((i) => i.key)).toEqual([
      'createProject',
      'addHypothesis',
      'addEvidence',
      'connectEvidence',
    ]);
    await createCardAs(owner.agent, org.slug, { projectId, type: 'experiment', title: 'Test' });
    await invite(owner.agent, org.slug, `teammate.${Date.now()}@example.com`);
    expect((await read()).progress).toEqual({ done: 6, total: 6, complete: true });

    // Someone else's steps are their own.
    const teammate = await addMember(built, owner.agent, org, 'collaborator');
    const theirs = (await onOrg(teammate.agent, org.slug, GETTING_STARTED)).data
      ?.gettingStarted as GettingStarted;
    expect(theirs.progress.done).toBe(0);
  });

  it('keeps every tip marked seen when many are marked at once (no "Got it" undone)', async () => {
    const { owner, org } = await ownerWithOrganization(built);
    const types = ['hypothesis', 'research', 'experiment', 'evidence', 'interview', 'post'];
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        onOrg(
          owner.agent,
          org.slug,
          'mutation($p: JSON!) { updateGuidance(patch: $p) { showChecklist } }',
          {
            p: n === 39 ? { showChecklist: false } : { seen: { [types[n % types.length]!]: true } },
          },
        ),
      ),
    );
    for (const answer of answers) expect(answer.errors).toBeUndefined();
    const after = (await onOrg(owner.agent, org.slug, GETTING_STARTED)).data
      ?.gettingStarted as GettingStarted;
    expect(after.showChecklist).toBe(false);
    expect(after.seen).toEqual(Object.fromEntries(types.map((t) => [t, true])));
  });

  it('keeps tips seen and the checklist hidden, per member, and refuses anything else', async () => {
    const { owner, org } = await ownerWithOrganization(built);
    const update = (patch: unknown) =>
      onOrg(
        owner.agent,
        org.slug,
        'mutation($p: JSON!) { updateGuidance(patch: $p) { showChecklist seen } }',
        { p: patch },
      );
    const seen = await update({ seen: { interview: true } });
    expect(seen.data?.updateGuidance).toMatchObject({
      showChecklist: true,
      seen: { interview: true, post: false },
    });
    const hidden = await update({ showChecklist: false, seen: { post: true } });
    expect(hidden.data?.updateGuidance).toMatchObject({
      showChecklist: false,
      seen: { interview: true, post: true },
    });
    // A tip cannot be "unseen", nor an unknown one marked.
    expect((await update({ seen: { interview: false } })).errors?.[0]?.message).toContain(
      'statusCode:400',
    );
    expect((await update({ seen: { canvas: true } })).errors?.[0]?.message).toContain(
      'statusCode:400',
    );
    const after = (await onOrg(owner.agent, org.slug, GETTING_STARTED)).data
      ?.gettingStarted as GettingStarted;
    expect(after).toMatchObject({ showChecklist: false, seen: { interview: true, post: true } });
  });
});
