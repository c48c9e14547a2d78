import { describe, expect, it } from 'vitest';
import { ERRORS, EXPERIMENT_MESSAGES } from '@assay/domain';
import type { Agent } from '../../../test/agent.ts';
import { buildTestApp } from '../../../test/app.ts';
import { createCardAs, createProjectIn, publishedHypothesis } from '../../../test/cards.ts';
import { addMember, onOrg, ownerWithOrganization } from '../../../test/organization.ts';

const built = await buildTestApp();

const EXPERIMENT = `id version draft title
  associations { evidence { connectionId cardId } hypothesis { connectionId cardId } }
  metrics { evidence hypothesis experiments activeExperiments completeExperiments }
  experiment { experimentType dueDate timing success keyLearnings members { profileId }
    phase { phase phaseReady planDuration testDuration completedAt rank }
    successCriteria { id measurement expectation achieved evidence }
    analyze { market investment details hypothesisChanged hypothesis { id value reason } } }`;

interface Experiment {
  id: string;
  version: number;
  draft: boolean;
  associations: { evidence: { connectionId: string; cardId: string }[] };
  metrics: Record<string, number>;
  experiment: {
    experimentType: string;
    dueDate: string | null;
    timing: string;
    keyLearnings: string;
    phase: { phase: string; phaseReady: boolean; completedAt: string | null; rank: string };
    successCriteria: { id: string; evidence: string[] }[];
    analyze: { hypothesis: { id: string }[] };
  };
}

/** The message of a gateway error ("statusCode:…;message:…;ref:…"). */
function messageOf(error: string | undefined) {
  return error?.match(/message:(.*?);ref:/)?.[1] ?? error;
}

async function gateway(agent: Agent, slug: string, query: string, variables = {}) {
  return onOrg(agent, slug, query, variables);
}

function makeHelpers(agent: Agent, slug: string) {
  const update = async (input: Record<string, unknown>) => {
    const answer = await gateway(
      agent,
      slug,
      `mutation($i: JSON!) { updateExperiment(input: $i) { ${EXPERIMENT} } }`,
      { i: input },
    );
    return {
      card: answer.data?.updateExperiment as Experiment | undefined,
      error: messageOf(answer.errors?.[0]?.message),
    };
  };
  const text = async (card: { id: string; version: number }, field: string, value: string) => {
    const answer = await gateway(
      agent,
      slug,
      'mutation($i: JSON!) { updateText(input: $i) { version } }',
      {
        i: {
          cardId: card.id,
          version: card.version,
          field,
          text: `<p>${value}</p>`,
          rawText: value,
        },
      },
    );
    const version = (answer.data?.updateText as { version: number } | undefined)?.version;
    if (!version) throw new Error(JSON.stringify(answer.errors));
    return { id: card.id, version };
  };
  const publish = async (card: { id: string; version: number }) => {
    const answer = await gateway(
      agent,
      slug,
      'mutation($id: ID!, $v: Int!) { publishCard(cardId: $id, version: $v) { version } }',
      { id: card.id, v: card.version },
    );
    const version = (answer.data?.publishCard as { version: number } | undefined)?.version;
    if (!version) throw new Error(JSON.stringify(answer.errors));
    return { id: card.id, version };
  };
  const read = async (id: string) =>
    (await gateway(agent, slug, `query($id: ID!) { card(cardId: $id) { ${EXPERIMENT} } }`, { id }))
      .data?.card as Experiment;
  return { update, text, publish, read };
}

/** A published evidence post with a summary. */
async function publishedPost(agent: Agent, slug: string, projectId: string, title: string) {
  const post = (await createCardAs(agent, slug, { projectId, type: 'post', title })).card!;
  const summarised = await onOrg(
    agent,
    slug,
    'mutation($i: JSON!) { updatePost(input: $i) { version } }',
    { i: { cardId: post.id, version: post.version, summary: 'They said yes' } },
  );
  const version = (summarised.data?.updatePost as { version: number }).version;
  await onOrg(
    agent,
    slug,
    'mutation($id: ID!, $v: Int!) { publishCard(cardId: $id, version: $v) { version } }',
    { id: post.id, v: version },
  );
  return post.id;
}

async function setUp(license = 'enterprise') {
  const { owner, org } = await ownerWithOrganization(built, { license });
  const projectId = await createProjectIn(owner.agent, org.slug, 'Experiments');
  const created = await createCardAs(owner.agent, org.slug, {
    projectId,
    type: 'experiment',
    title: 'Pricing page test',
  });
  return { owner, org, projectId, created, ...makeHelpers(owner.agent, org.slug) };
}

describe('experiments', () => {
  it('follows the phase rules from plan to complete, with evidence and the dashboard counts', async () => {
    const { owner, org, projectId, created, update, text, publish, read } = await setUp();
    const host = { host: `${org.slug}.assay.test` };
    expect(created.error).toBeUndefined();
    let card = { id: created.card!.id, version: created.card!.version };
    const fresh = await read(card.id);
    expect(fresh.experiment).toMatchObject({
      experimentType: 'evaluative',
      timing: 'onTrack',
      phase: { phase: 'plan', phaseReady: false },
    });

    // A draft cannot run.
    const draftRun = await update({ cardId: card.id, version: card.version, phase: 'test' });
    expect(draftRun.error).toBe(EXPERIMENT_MESSAGES.publishFirst);
    card = await publish(card);
    // Published, but no statement or plan details yet.
    expect((await update({ cardId: card.id, version: card.version, phase: 'test' })).error).toBe(
      EXPERIMENT_MESSAGES.statementRequired,
    );
    card = await text(card, 'statement', 'We believe students will pay $10');
    expect((await update({ cardId: card.id, version: card.version, phase: 'analyze' })).error).toBe(
      EXPERIMENT_MESSAGES.planRequired,
    );
    card = await text(card, 'description', 'Show a pricing page to 50 students');
    const running = await update({
      cardId: card.id,
      version: card.version,
      phase: 'test',
      experimentType: 'generative',
    });
    expect(running.error).toBeUndefined();
    expect(running.card!.experiment.phase).toMatchObject({ phase: 'test', phaseReady: false });
    expect(running.card!.experiment.experimentType).toBe('generative');
    card = running.card!;

    // Connecting evidence makes it ready; the hypothesis counts it as an active experiment.
    const hypothesis = await publishedHypothesis(owner.agent, org.slug, projectId, 'Students pay');
    const postId = await publishedPost(owner.agent, org.slug, projectId, 'Survey');
    for (const other of [postId, hypothesis.id]) {
      const linked = await owner.agent.post(
        `/api/canvas/cards/${card.id}/connections`,
        { cardId: other, rating: 2 },
        host,
      );
      expect(linked.statusCode).toBe(200);
    }
    const ready = await read(card.id);
    expect(ready.experiment.phase.phaseReady).toBe(true);
    expect(ready.metrics).toMatchObject({ evidence: 1, hypothesis: 1 });
    const fromHypothesis = await read(hypothesis.id);
    expect(fromHypothesis.metrics).toMatchObject({ activeExperiments: 1, completeExperiments: 0 });

    const criteria = await update({
      cardId: card.id,
      version: ready.version,
      successCriteria: [
        {
          id: 'c1',
          measurement: 'Sign-ups',
          expectation: '10 of 50',
          achieved: true,
          evidence: [postId],
        },
      ],
      analyze: {
        details: 'Most said yes',
        hypothesisChanged: true,
        hypothesis: [{ id: hypothesis.id, value: 'Students pay $8', reason: 'Price anchoring' }],
      },
      keyLearnings: 'Price lower',
      dueDate: '2099-01-01',
      phase: 'analyze',
    });
    expect(criteria.error).toBeUndefined();
    expect(criteria.card!.experiment.successCriteria[0]!.evidence).toEqual([postId]);
    expect(criteria.card!.experiment.dueDate).toBe('2099-01-01T00:00:00.000Z');
    const done = await update({
      cardId: card.id,
      version: criteria.card!.version,
      phase: 'complete',
    });
    expect(done.card!.experiment).toMatchObject({ timing: 'achieved' });
    expect(done.card!.experiment.phase.completedAt).not.toBeNull();
    expect((await read(hypothesis.id)).metrics).toMatchObject({
      activeExperiments: 0,
      completeExperiments: 1,
    });

    const workspace = await onOrg(
      owner.agent,
      org.slug,
      'query($p: ID!) { experimentWorkspace(projectId: $p) { columns { phase cards { id phase { phase phaseReady } evidenceCount hypothesisCount } } } }',
      { p: projectId },
    );
    const columns = (
      workspace.data?.experimentWorkspace as {
        columns: { phase: string; cards: { id: string; evidenceCount: number }[] }[];
      }
    ).columns;
    expect(columns.map((c) => c.phase)).toEqual(['plan', 'test', 'analyze', 'complete']);
    expect(columns[3]!.cards).toMatchObject([{ id: card.id, evidenceCount: 1 }]);

    // Disconnecting the evidence and the hypothesis removes them from criteria and analysis.
    for (const association of ['evidence', 'hypothesis'] as const) {
      const current = await read(card.id);
      const link = (current.associations as Record<string, { connectionId: string }[]>)[
        association
      ]![0]!;
      const removed = await owner.agent.delete(
        `/api/canvas/cards/${card.id}/connections/${link.connectionId}`,
        undefined,
        host,
      );
      expect(removed.statusCode).toBe(200);
    }
    const after = await read(card.id);
    expect(after.experiment.successCriteria[0]!.evidence).toEqual([]);
    expect(after.experiment.analyze.hypothesis).toEqual([]);
    expect(after.version).toBeGreaterThan(done.card!.version);
  });

  it('refuses unconnected evidence, long key learnings, stale versions and draft connections', async () => {
    const { owner, org, projectId, created, update } = await setUp();
    const card = created.card!;
    const postId = await publishedPost(owner.agent, org.slug, projectId, 'Loose post');
    const loose = await update({
      cardId: card.id,
      version: card.version,
      successCriteria: [{ id: 'c1', measurement: 'm', expectation: 'e', evidence: [postId] }],
    });
    expect(loose.error).toBe(EXPERIMENT_MESSAGES.evidenceNotConnected);
    const long = await update({
      cardId: card.id,
      version: card.version,
      keyLearnings: 'x'.repeat(401),
    });
    expect(long.error).toBe(EXPERIMENT_MESSAGES.keyLearningsTooLong);
    const ok = await update({
      cardId: card.id,
      version: card.version,
      keyLearnings: 'x'.repeat(400),
    });
    expect(ok.card!.experiment.keyLearnings).toHaveLength(400);
    const stale = await update({ cardId: card.id, version: card.version, keyLearnings: 'again' });
    expect(stale.error).toBe(ERRORS.staleVersion.message);
    // A draft experiment is not connected (ref 32).
    const refused = await owner.agent.post(
      `/api/canvas/cards/${card.id}/connections`,
      { cardId: postId },
      { host: `${org.slug}.assay.test` },
    );
    expect(refused.json()).toMatchObject({ ref: 32 });
  });

  it('lists experiments soonest due first, filters by phase, and keeps drafts to their creator', async () => {
    const { owner, org, projectId, created, update, publish } = await setUp();
    const first = created.card!;
    const later = await publish({ id: first.id, version: first.version });
    await update({ cardId: later.id, version: later.version, dueDate: '2099-06-01' });
    const soon = (
      await createCardAs(owner.agent, org.slug, { projectId, type: 'experiment', title: 'Soon' })
    ).card!;
    const soonPublished = await publish({ id: soon.id, version: soon.version });
    await update({ cardId: soon.id, version: soonPublished.version, dueDate: '2098-01-01' });
    const list = await onOrg(
      owner.agent,
      org.slug,
      'query($p: ID!) { experiments(projectId: $p, phases: ["plan"]) { id title timing } }',
      { p: projectId },
    );
    expect((list.data?.experiments as { title: string }[]).map((e) => e.title)).toEqual([
      'Soon',
      'Pricing page test',
    ]);
    const collaborator = await addMember(built, owner.agent, org, 'collaborator');
    await createCardAs(owner.agent, org.slug, {
      projectId,
      type: 'experiment',
      title: 'Mine only',
    });
    const theirs = await onOrg(
      collaborator.agent,
      org.slug,
      'query($p: ID!) { experiments(projectId: $p) { title } }',
      { p: projectId },
    );
    expect((theirs.data?.experiments as { title: string }[]).map((e) => e.title)).not.toContain(
      'Mine only',
    );
  });

  it('is a plan feature: refused on the basic plan', async () => {
    const { created } = await setUp('basic');
    expect(messageOf(created.error)).toBe(ERRORS.featureUnavailable.message);
  });
});
