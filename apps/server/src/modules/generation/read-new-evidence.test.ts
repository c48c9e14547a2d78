/**
 * "Read new evidence" (#49 item 5): the agent reads every published evidence card of a project it
 * has not read yet, as a job with progress, and leaves one review list; a second run reads nothing
 * already read.
 */
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import {
  cardMutation,
  createCardAs,
  createProjectIn,
  publishedEvidence,
  publishedHypothesis,
} from '../../../test/cards.ts';
import { onOrg, ownerWithOrganization } from '../../../test/organization.ts';
import { until } from '../../../test/until.ts';

const built = await buildTestApp();

const NOTES = {
  'Forum thread on pickup times':
    'Six parents complained that the school pickup window ends at 3pm. One said she pays a neighbour $15 a day to collect her son because she never leaves work before 5.',
  'Call with a gym owner':
    'He already runs a free kids corner staffed by one trainer, so parents do not ask him for childcare at all.',
};

describe('read new evidence', () => {
  it('reads each unread evidence card once, with progress, and lists what it suggests', async () => {
    const { owner, org } = await ownerWithOrganization(built);
    const project = { id: await createProjectIn(owner.agent, org.slug, 'After School') };
    const pickup = await publishedHypothesis(
      owner.agent,
      org.slug,
      project.id,
      'Working parents pay someone to collect their children after school',
    );
    await publishedHypothesis(
      owner.agent,
      org.slug,
      project.id,
      'Gyms will offer childcare to their members',
    );
    for (const [title, text] of Object.entries(NOTES)) {
      const card = await publishedEvidence(owner.agent, org.slug, project.id, 'post', title);
      const written = await cardMutation(owner.agent, org.slug, 'updateText', {
        cardId: card.id,
        version: card.version,
        field: 'description',
        text: `<p>${text}</p>`,
        rawText: text,
      });
      expect(written.error).toBeUndefined();
    }

    const run = async () => {
      const started = await onOrg(
        owner.agent,
        org.slug,
        'mutation($p: ID!) { readNewEvidence(projectId: $p) { id status } }',
        { p: project.id },
      );
      expect(started.errors).toBeUndefined();
      const id = (started.data?.readNewEvidence as { id: string }).id;
      return until(
        async () =>
          (
            await onOrg(
              owner.agent,
              org.slug,
              'query($id: ID!) { generation(id: $id) { status stage totalStages result } }',
              { id },
            )
          ).data?.generation as {
            status: string;
            stage: number;
            totalStages: number;
            result: { read: number; suggested: number } | null;
          },
        (g) => g.status === 'success' || g.status === 'fail',
      );
    };
    const first = await run();
    expect(first).toMatchObject({ status: 'success', stage: 2, totalStages: 2 });
    expect(first.result?.read).toBe(2);

    const list = await onOrg(
      owner.agent,
      org.slug,
      `query($p: ID!) { projectSuggestions(projectId: $p) {
        id evidenceId evidenceTitle hypothesisId hypothesisTitle rating quote reason } }`,
      { p: project.id },
    );
    const suggestions = list.data?.projectSuggestions as {
      evidenceTitle: string;
      hypothesisId: string;
      rating: number;
      quote: string;
    }[];
    expect(suggestions.length).toBeGreaterThan(0);
    for (const s of suggestions)
      expect(NOTES[s.evidenceTitle as keyof typeof NOTES]).toContain(s.quote);
    const paying = suggestions.find((s) => s.hypothesisId === pickup.id);
    expect(paying?.rating).toBeGreaterThan(0);
    expect(paying?.quote).toContain('$15 a day');

    // Read already: a second run (once the pause between two runs is over) reads nothing again.
    await built.services.database.executeSql(
      `update generations set created_at = now() - interval '1 hour', queued_at = now() - interval '1 hour'
       where project_id = $1`,
      [project.id],
    );
    const second = await run();
    expect(second.result?.read ?? 0).toBe(0);
  });

  it('reads an experiment’s results against the hypotheses; accepted, the link keeps its quote (#49 item 1)', async () => {
    const { owner, org } = await ownerWithOrganization(built);
    const projectId = await createProjectIn(owner.agent, org.slug, 'Pickup');
    const pickup = await publishedHypothesis(
      owner.agent,
      org.slug,
      projectId,
      'Working parents pay someone to collect their children after school',
    );
    await publishedHypothesis(
      owner.agent,
      org.slug,
      projectId,
      'Gyms will offer childcare to their members',
    );
    const experiment = (
      await createCardAs(owner.agent, org.slug, {
        projectId,
        type: 'experiment',
        title: 'A paid pickup trial',
      })
    ).card!;
    const results =
      'We offered a paid pickup at $12 a day to 40 families. Nineteen parents paid for the first week and fourteen renewed for a month.';
    const written = await cardMutation(owner.agent, org.slug, 'updateText', {
      cardId: experiment.id,
      version: experiment.version,
      field: 'results',
      text: `<p>${results}</p>`,
      rawText: results,
    });
    expect(written.error).toBeUndefined();
    const published = await onOrg(
      owner.agent,
      org.slug,
      'mutation($id: ID!, $v: Int!) { publishCard(cardId: $id, version: $v) { version } }',
      { id: experiment.id, v: written.card!.version },
    );
    expect(published.errors).toBeUndefined();
    const started = await onOrg(
      owner.agent,
      org.slug,
      'mutation($c: ID!) { suggestConnections(cardId: $c) { cardId } }',
      { c: experiment.id },
    );
    expect(started.errors).toBeUndefined();
    const READ = `query($c: ID!) { cardGeneration(cardId: $c) {
      completions { connectionSuggestions { status } } abilities { completions }
      suggestions { id hypothesisId rating quote } } }`;
    type Read = {
      completions: { connectionSuggestions: { status: string } | null };
      abilities: { completions: string[] };
      suggestions: { id: string; hypothesisId: string; rating: number | null; quote: string }[];
    };
    const read = await until(
      async () =>
        (await onOrg(owner.agent, org.slug, READ, { c: experiment.id })).data
          ?.cardGeneration as Read,
      (r) => r.completions.connectionSuggestions?.status === 'success',
    );
    expect(read.abilities.completions).toContain('connectionSuggestions');
    const found = read.suggestions.find((x) => x.hypothesisId === pickup.id);
    expect(found?.rating).toBeGreaterThan(0);
    expect(results).toContain(found!.quote);
    const accepted = await onOrg(
      owner.agent,
      org.slug,
      'mutation($id: ID!) { acceptConnectionSuggestion(id: $id) { cardId } }',
      { id: found!.id },
    );
    expect(accepted.errors).toBeUndefined();
    const linked = await onOrg(
      owner.agent,
      org.slug,
      'query($id: ID!) { card(cardId: $id) { associations { experiments { cardId quote } } } }',
      { id: pickup.id },
    );
    expect(
      (linked.data?.card as { associations: { experiments: { cardId: string }[] } }).associations
        .experiments,
    ).toEqual([expect.objectContaining({ cardId: experiment.id, quote: found!.quote })]);
  });
});
