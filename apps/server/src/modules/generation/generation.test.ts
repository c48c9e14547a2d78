import { and, asc, eq } from 'drizzle-orm';
import { events } from '../../platform/events/schema.ts';
import { describe, expect, it } from 'vitest';
import {
  ERRORS,
  GENERATED_SECTIONS,
  GENERATION_ALLOWANCE,
  PROJECT_GENERATION_STAGES,
} from '@assay/domain';
import { buildTestApp } from '../../../test/app.ts';
import { publishedHypothesis } from '../../../test/cards.ts';
import { addMember, onOrg, ownerWithOrganization } from '../../../test/organization.ts';
import { connections } from '../cards/schema.ts';
import { organizations } from '../organizations/schema.ts';
import { generations } from './schema.ts';
import { runGeneration } from './runner.ts';
import { until } from '../../../test/until.ts';

const built = await buildTestApp();

const DESCRIPTION =
  'Stockly is a mobile inventory app for independent restaurant owners who still count stock on paper. ' +
  'They waste hours every week and throw away food because they over-order. Our app scans invoices and ' +
  'predicts what to order. We sell it through a monthly subscription and reach owners through Instagram and food suppliers.';

const GENERATION = `id kind status stage totalStages stageLabel error provider fellBack startedAt endedAt modifiedByUser`;
const PROJECT_GENERATION = `query($p: ID!) { projectGeneration(projectId: $p) {
  generation { ${GENERATION} } projectData { status } marketData { status modifiedByUser } petalDiagram { status }
  limits { allowance count expiresAt frequencyTimeRemaining } abilities { generate regenerateMarket } } }`;

function messageOf(error: string | undefined) {
  return error?.match(/message:(.*?);ref:/)?.[1] ?? error;
}

type Gen = { status: string; stage: number; totalStages: number; error: string | null; id: string };

async function createGenerated(
  agent: Parameters<typeof onOrg>[0],
  slug: string,
  description = DESCRIPTION,
) {
  const answer = await onOrg(
    agent,
    slug,
    'mutation($input: CreateProjectInput!) { createProject(input: $input) { id } }',
    { input: { name: 'Stockly', description, language: 'en-US', generate: true } },
  );
  return {
    id: (answer.data?.createProject as { id: string } | undefined)?.id,
    error: messageOf(answer.errors?.[0]?.message),
  };
}

async function projectGen(agent: Parameters<typeof onOrg>[0], slug: string, projectId: string) {
  const answer = await onOrg(agent, slug, PROJECT_GENERATION, { p: projectId });
  return answer.data?.projectGeneration as {
    generation: Gen | null;
    projectData: { status: string } | null;
    marketData: { status: string; modifiedByUser: boolean } | null;
    petalDiagram: { status: string } | null;
    limits: {
      allowance: number | null;
      count: number;
      expiresAt: string | null;
      frequencyTimeRemaining: number;
    };
    abilities: { generate: boolean; regenerateMarket: boolean };
  };
}

describe('project generation', () => {
  it('creates a project, runs the stages, and puts generated hypotheses in every canvas section', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'garage' });
    const created = await createGenerated(owner.agent, org.slug);
    expect(created.error).toBeUndefined();
    const projectId = created.id!;
    const done = await until(
      () => projectGen(owner.agent, org.slug, projectId),
      (g) => g.generation?.status === 'success',
    );
    expect(done.generation).toMatchObject({
      kind: 'project',
      status: 'success',
      stage: PROJECT_GENERATION_STAGES.length,
      totalStages: PROJECT_GENERATION_STAGES.length,
      provider: 'builtin',
      fellBack: false,
      modifiedByUser: false,
    });
    expect(done.projectData?.status).toBe('success');
    expect(done.marketData?.status).toBe('success');
    expect(done.petalDiagram?.status).toBe('success');
    expect(done.limits).toMatchObject({ allowance: GENERATION_ALLOWANCE.garage, count: 1 });
    expect(done.limits.expiresAt).not.toBeNull();

    // Every stage reached the project's channel as an event, in order.
    const stages = (
      await built.services.database.db
        .select({ changes: events.changes })
        .from(events)
        .where(and(eq(events.name, 'generation.progress'), eq(events.projectId, projectId)))
        .orderBy(asc(events.createdAt), asc(events.id))
    ).map((r) => Number((r.changes as { stage: number }).stage));
    expect(stages).toEqual([1, 2, 3, 4, 5, 6]);

    const canvas = await onOrg(
      owner.agent,
      org.slug,
      'query($p: ID!) { canvas(projectId: $p) { cards { id title section } } }',
      { p: projectId },
    );
    const cards = (
      canvas.data?.canvas as { cards: { id: string; title: string; section: string }[] }
    ).cards;
    for (const section of GENERATED_SECTIONS) {
      expect(
        cards.some((c) => c.section === section),
        section,
      ).toBe(true);
    }
    expect(cards.some((c) => /independent restaurant owners/i.test(c.title))).toBe(true);

    // Generated cards say so, and stay untested (no result) until evidence is connected.
    const card = await onOrg(
      owner.agent,
      org.slug,
      'query($id: ID!) { card(cardId: $id) { origin texts { field rawText } hypothesis { result { result } } } }',
      { id: cards[0]!.id },
    );
    const detail = card.data?.card as {
      origin: string;
      texts: { field: string; rawText: string }[];
      hypothesis: { result: { result: string } };
    };
    expect(detail.origin).toBe('generated');
    expect(detail.hypothesis.result.result).toBe('none');
    expect(detail.texts.find((t) => t.field === 'description')?.rawText).toMatch(
      /Generated by the Assay agent/,
    );

    // The dashboard, market worksheet (no invented numbers) and petal diagram were written.
    const dashboard = await onOrg(
      owner.agent,
      org.slug,
      'query($p: ID!) { dashboard(projectId: $p) { statements { whoFor problemStatement solutionStatement } generatedStatements { whoFor } market { target served total notes analysis } petal { categories { title generated companies { name } } } } }',
      { p: projectId },
    );
    const d = dashboard.data?.dashboard as {
      statements: Record<string, string>;
      generatedStatements: { whoFor: string };
      market: { target: number | null; served: number | null; total: number | null; notes: string };
      petal: { categories: { title: string; generated: boolean; companies: unknown[] }[] };
    };
    expect(d.statements.problemStatement).toMatch(/waste hours/);
    expect(d.statements.whoFor).toBe(d.generatedStatements.whoFor);
    expect(d.market).toMatchObject({ target: null, served: null, total: null });
    expect(d.market.notes).toMatch(/TAM/);
    expect(d.petal.categories.length).toBeGreaterThanOrEqual(3);
    expect(d.petal.categories.every((c) => c.generated && c.companies.length === 0)).toBe(true);

    // First experiments are planned, connected to the hypotheses they test.
    const experiments = await onOrg(
      owner.agent,
      org.slug,
      'query($p: ID!) { experiments(projectId: $p) { id title } }',
      { p: projectId },
    );
    expect((experiments.data?.experiments as unknown[]).length).toBe(3);
  });

  it('refuses generation without a description, and without the agent on the plan', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'garage' });
    const empty = await createGenerated(owner.agent, org.slug, '   ');
    expect(empty.error).toBe(ERRORS.generationNeedsDescription.message);

    const team = await ownerWithOrganization(built, { license: 'team' });
    const refused = await createGenerated(team.owner.agent, team.org.slug);
    expect(refused.error).toBe(ERRORS.generationNotAllowed.message);

    // The organisation's generation flag turns the agent off.
    await built.services.database.db
      .update(organizations)
      .set({ generation: false })
      .where(eq(organizations.id, org.id));
    expect((await createGenerated(owner.agent, org.slug)).error).toBe(
      ERRORS.generationNotAllowed.message,
    );
  });

  it('keeps what a person edited when the market is regenerated, and counts against the allowance', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const created = await createGenerated(owner.agent, org.slug);
    const projectId = created.id!;
    await until(
      () => projectGen(owner.agent, org.slug, projectId),
      (g) => g.generation?.status === 'success',
    );
    // The person rewrites the market notes.
    await onOrg(
      owner.agent,
      org.slug,
      'mutation($i: JSON!) { updateProjectMarket(input: $i) { market { notes } } }',
      {
        i: { projectId, notes: 'Our own estimate from the census: 30,000 restaurants.' },
      },
    );
    const modified = await projectGen(owner.agent, org.slug, projectId);
    expect(modified.marketData?.modifiedByUser).toBe(true);
    // Too soon after the project's generation? Market is a different subject: it may run now.
    const regen = await onOrg(
      owner.agent,
      org.slug,
      'mutation($p: ID!) { regenerateMarketData(projectId: $p) { marketData { status } } }',
      { p: projectId },
    );
    expect(regen.errors).toBeUndefined();
    await until(
      () => projectGen(owner.agent, org.slug, projectId),
      (g) => g.marketData?.status === 'success',
    );
    const dashboard = await onOrg(
      owner.agent,
      org.slug,
      'query($p: ID!) { dashboard(projectId: $p) { market { notes analysis } } }',
      { p: projectId },
    );
    const market = (dashboard.data?.dashboard as { market: { notes: string; analysis: string } })
      .market;
    expect(market.notes).toBe('Our own estimate from the census: 30,000 restaurants.');
    expect(market.analysis).toMatch(/What to find out/);
    const limits = await projectGen(owner.agent, org.slug, projectId);
    expect(limits.limits.count).toBe(2);

    // A second project generation right away is refused as too soon.
    const again = await onOrg(
      owner.agent,
      org.slug,
      'mutation($p: ID!) { generateProjectData(projectId: $p) { generation { status } } }',
      { p: projectId },
    );
    expect(messageOf(again.errors?.[0]?.message)).toBe(ERRORS.generationTooSoon.message);

    // Market regeneration is an enterprise feature.
    const garage = await ownerWithOrganization(built, { license: 'garage' });
    const other = await createGenerated(garage.owner.agent, garage.org.slug);
    const refused = await onOrg(
      garage.owner.agent,
      garage.org.slug,
      'mutation($p: ID!) { regenerateMarketData(projectId: $p) { marketData { status } } }',
      { p: other.id },
    );
    expect(messageOf(refused.errors?.[0]?.message)).toBe(ERRORS.featureUnavailable.message);
  });

  it('stops at the allowance and marks a failed generation so it can be retried', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'garage' });
    const created = await createGenerated(owner.agent, org.slug);
    const projectId = created.id!;
    await until(
      () => projectGen(owner.agent, org.slug, projectId),
      (g) => g.generation?.status === 'success',
    );
    // Fill the allowance.
    const db = built.services.database.db;
    const rows = Array.from({ length: GENERATION_ALLOWANCE.garage! - 1 }, () => ({
      organizationId: org.id,
      projectId,
      kind: 'interviewQuestions',
      status: 'success',
    }));
    await db.insert(generations).values(rows);
    const used = await onOrg(
      owner.agent,
      org.slug,
      'query { generationLimits { allowance count enabled provider } }',
    );
    expect(used.data?.generationLimits).toMatchObject({
      allowance: GENERATION_ALLOWANCE.garage,
      count: GENERATION_ALLOWANCE.garage,
      enabled: true,
      provider: 'builtin',
    });
    const refused = await createGenerated(owner.agent, org.slug);
    expect(refused.error).toBe(ERRORS.generationAllowanceUsed.message);

    // A failing generation (its project lost its description) fails with a message and retries.
    const [row] = await db
      .insert(generations)
      .values({
        organizationId: org.id,
        projectId,
        kind: 'interviewQuestions',
        status: 'queued',
        cardId: null,
      })
      .returning();
    await runGeneration(built.services, row!.id);
    const failed = await onOrg(
      owner.agent,
      org.slug,
      `query($id: ID!) { generation(id: $id) { ${GENERATION} } }`,
      { id: row!.id },
    );
    expect(failed.data?.generation).toMatchObject({
      status: 'fail',
      error: ERRORS.cardNotFound.message,
    });
    const retried = await onOrg(
      owner.agent,
      org.slug,
      'mutation($id: ID!) { retryGeneration(id: $id) { status } }',
      { id: row!.id },
    );
    expect(retried.data?.retryGeneration).toMatchObject({ status: 'queued' });
    // Only a failed generation is retried.
    const success = (
      await db.select().from(generations).where(eq(generations.projectId, projectId))
    ).find((g) => g.kind === 'project')!;
    const notAgain = await onOrg(
      owner.agent,
      org.slug,
      'mutation($id: ID!) { retryGeneration(id: $id) { status } }',
      { id: success.id },
    );
    expect(messageOf(notAgain.errors?.[0]?.message)).toBe(ERRORS.generationNotRetryable.message);
  });
});

describe('card completions, pickers and suggestions', () => {
  it('writes interview questions, key insights, a value proposition canvas; suggests connections to accept or dismiss', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'garage' });
    const created = await createGenerated(owner.agent, org.slug);
    const projectId = created.id!;
    await until(
      () => projectGen(owner.agent, org.slug, projectId),
      (g) => g.generation?.status === 'success',
    );
    const hypothesis = await publishedHypothesis(
      owner.agent,
      org.slug,
      projectId,
      'Restaurant owners will pay a monthly subscription for automatic ordering',
    );

    const CARD_GEN = `cardId completions { interviewQuestions { status result } valuePropositionCanvas { status result } keyInsights { status result modifiedByUser } connectionSuggestions { status } }
      suggestions { id hypothesisId title } abilities { generate completions }`;
    const readCard = async (cardId: string) =>
      (
        await onOrg(
          owner.agent,
          org.slug,
          `query($c: ID!) { cardGeneration(cardId: $c) { ${CARD_GEN} } }`,
          { c: cardId },
        )
      ).data?.cardGeneration as {
        completions: Record<
          string,
          { status: string; result: Record<string, unknown>; modifiedByUser?: boolean } | null
        >;
        suggestions: { id: string; hypothesisId: string; title: string }[];
        abilities: { generate: boolean; completions: string[] };
      };
    const complete = async (cardId: string, completion: string) =>
      onOrg(
        owner.agent,
        org.slug,
        `mutation($c: ID!, $k: String!) { generateCardCompletion(cardId: $c, completion: $k) { cardId } }`,
        { c: cardId, k: completion },
      );

    expect((await readCard(hypothesis.id)).abilities).toEqual({
      generate: true,
      completions: ['interviewQuestions', 'valuePropositionCanvas'],
    });
    await complete(hypothesis.id, 'interviewQuestions');
    const questions = await until(
      () => readCard(hypothesis.id),
      (c) => c.completions.interviewQuestions?.status === 'success',
    );
    expect(
      (questions.completions.interviewQuestions!.result.questions as string[]).length,
    ).toBeGreaterThanOrEqual(5);
    await complete(hypothesis.id, 'valuePropositionCanvas');
    const vpc = await until(
      () => readCard(hypothesis.id),
      (c) => c.completions.valuePropositionCanvas?.status === 'success',
    );
    expect(vpc.completions.valuePropositionCanvas!.result).toHaveProperty('pains');
    // Key insights belong to evidence, not hypotheses.
    expect(messageOf((await complete(hypothesis.id, 'keyInsights')).errors?.[0]?.message)).toBe(
      'This card cannot have that completion.',
    );

    // AI evidence: a card from pasted notes, whose key insights the agent writes.
    const notes =
      'I talked to Maria, who owns two pizzerias. She spends about 4 hours every Sunday counting stock. ' +
      'She tried an app once but it was too expensive at $120 per month. She would pay for something that orders automatically every week.';
    const evidence = await onOrg(
      owner.agent,
      org.slug,
      'mutation($p: ID!, $n: String!) { generateEvidence(projectId: $p, notes: $n) { cardId path generation { status } } }',
      { p: projectId, n: notes },
    );
    const evidenceId = (evidence.data?.generateEvidence as { cardId: string }).cardId;
    const insights = await until(
      () => readCard(evidenceId),
      (c) => c.completions.keyInsights?.status === 'success',
    );
    expect(insights.completions.keyInsights!.result.written).toBe(true);
    const evidenceCard = await onOrg(
      owner.agent,
      org.slug,
      'query($id: ID!) { card(cardId: $id) { draft version texts { field rawText } } }',
      { id: evidenceId },
    );
    const texts = (evidenceCard.data?.card as { texts: { field: string; rawText: string }[] })
      .texts;
    expect(texts.find((t) => t.field === 'keyInsights')?.rawText).toMatch(/4 hours every Sunday/);

    // Suggestions (#49): the agent reads the evidence against the published hypotheses; each
    // suggestion carries a rating, a quote found in the evidence, and a reason.
    const hours = await publishedHypothesis(
      owner.agent,
      org.slug,
      projectId,
      'Restaurant owners spend hours every week counting stock',
    );
    const suggest = () =>
      onOrg(
        owner.agent,
        org.slug,
        'mutation($c: ID!) { suggestConnections(cardId: $c) { cardId } }',
        { c: evidenceId },
      );
    const SUGGESTED = `query($c: ID!) { cardGeneration(cardId: $c) { completions { connectionSuggestions { status endedAt } }
      suggestions { id hypothesisId title rating quote reason before after } } }`;
    type Suggested = {
      completions: { connectionSuggestions: { status: string; endedAt: string | null } | null };
      suggestions: {
        id: string;
        hypothesisId: string;
        title: string;
        rating: number | null;
        quote: string | null;
        reason: string | null;
        before: string | null;
        after: string | null;
      }[];
    };
    const readSuggested = async () =>
      (await onOrg(owner.agent, org.slug, SUGGESTED, { c: evidenceId })).data
        ?.cardGeneration as Suggested;
    await suggest();
    const suggested = await until(
      readSuggested,
      (c) => c.completions.connectionSuggestions?.status === 'success',
    );
    const forHours = suggested.suggestions.find((s) => s.hypothesisId === hours.id);
    expect(forHours).toMatchObject({
      rating: 2,
      quote: 'She spends about 4 hours every Sunday counting stock.',
    });
    expect(forHours!.reason!.length).toBeGreaterThan(10);
    // Shown within the evidence's own words (#49 item 4): what comes before and after it.
    expect(forHours).toMatchObject({
      before: 'I talked to Maria, who owns two pizzerias. ',
      after:
        ' She tried an app once but it was too expensive at $120 per month. She would pay for something that orders automatically every week.',
    });
    for (const s of suggested.suggestions) expect(notes).toContain(s.quote);

    // Accepted with another rating, forty clicks at once: one connection, with the quote.
    const clicks = await Promise.all(
      Array.from({ length: 40 }, () =>
        onOrg(
          owner.agent,
          org.slug,
          'mutation($id: ID!) { acceptConnectionSuggestion(id: $id, rating: 1) { cardId } }',
          { id: forHours!.id },
        ),
      ),
    );
    expect(clicks.filter((c) => !c.errors).length).toBe(1);
    for (const c of clicks.filter((c) => c.errors))
      expect(messageOf(c.errors?.[0]?.message)).toBe('This suggestion was already handled.');
    const linked = await built.services.database.db
      .select()
      .from(connections)
      .where(eq(connections.projectId, projectId));
    const made = linked.filter((l) => [l.firstCardId, l.secondCardId].includes(hours.id));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      rating: 1,
      quote: 'She spends about 4 hours every Sunday counting stock.',
    });
    const associations = await onOrg(
      owner.agent,
      org.slug,
      'query($id: ID!) { card(cardId: $id) { associations { evidence { cardId rating quote } } } }',
      { id: hours.id },
    );
    expect(JSON.stringify(associations.data)).toContain('She spends about 4 hours every Sunday');

    // A dismissed suggestion does not come back for the same evidence; nor does the accepted one.
    const ordering = await publishedHypothesis(
      owner.agent,
      org.slug,
      projectId,
      'Owners spend hours counting stock on Sundays',
    );
    const before = (await readSuggested()).completions.connectionSuggestions!.endedAt;
    await suggest();
    const again = await until(
      readSuggested,
      (c) =>
        c.completions.connectionSuggestions?.status === 'success' &&
        c.completions.connectionSuggestions.endedAt !== before,
    );
    const toDismiss = again.suggestions.find((s) => s.hypothesisId === ordering.id);
    expect(toDismiss).toBeDefined();
    expect(again.suggestions.map((s) => s.hypothesisId)).not.toContain(hours.id);
    await onOrg(
      owner.agent,
      org.slug,
      'mutation($id: ID!) { dismissConnectionSuggestion(id: $id) { cardId } }',
      { id: toDismiss!.id },
    );
    const before2 = (await readSuggested()).completions.connectionSuggestions!.endedAt;
    await suggest();
    const third = await until(
      readSuggested,
      (c) =>
        c.completions.connectionSuggestions?.status === 'success' &&
        c.completions.connectionSuggestions.endedAt !== before2,
    );
    expect(third.suggestions.map((s) => s.hypothesisId)).not.toContain(ordering.id);

    // AI hypotheses for a section, and an AI experiment for a hypothesis.
    const more = await onOrg(
      owner.agent,
      org.slug,
      'mutation($p: ID!) { generateHypotheses(projectId: $p, section: "channels") { id status } }',
      { p: projectId },
    );
    const hypothesesGen = more.data?.generateHypotheses as { id: string };
    const readGen = async (id: string) =>
      (
        await onOrg(
          owner.agent,
          org.slug,
          'query($id: ID!) { generation(id: $id) { status result } }',
          { id },
        )
      ).data?.generation as { status: string; result: { cardIds?: string[]; cardId?: string } };
    expect(
      (
        await until(
          () => readGen(hypothesesGen.id),
          (g) => g.status === 'success',
        )
      ).result.cardIds!.length,
    ).toBeGreaterThan(0);
    const experiment = await onOrg(
      owner.agent,
      org.slug,
      'mutation($h: ID!) { generateExperiment(hypothesisId: $h) { id } }',
      { h: hypothesis.id },
    );
    const planned = await until(
      () => readGen((experiment.data?.generateExperiment as { id: string }).id),
      (g) => g.status === 'success',
    );
    expect(planned.result.cardId).toBeTruthy();
  });

  it('lets only members who may write generate, and never reaches another organisation', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'garage' });
    const created = await createGenerated(owner.agent, org.slug);
    const projectId = created.id!;
    await until(
      () => projectGen(owner.agent, org.slug, projectId),
      (g) => g.generation?.status === 'success',
    );
    const viewer = await addMember(built, owner.agent, org, 'limitedContributor');
    const refused = await onOrg(
      viewer.agent,
      org.slug,
      'mutation($p: ID!) { generateHypotheses(projectId: $p, section: "channels") { id } }',
      { p: projectId },
    );
    expect(refused.errors?.[0]?.message).toBeTruthy();

    const stranger = await ownerWithOrganization(built, { license: 'garage' });
    const peek = await onOrg(stranger.owner.agent, stranger.org.slug, PROJECT_GENERATION, {
      p: projectId,
    });
    expect(peek.data).toBeNull();
    const row = (
      await built.services.database.db
        .select()
        .from(generations)
        .where(eq(generations.projectId, projectId))
    )[0]!;
    const other = await onOrg(
      stranger.owner.agent,
      stranger.org.slug,
      'query($id: ID!) { generation(id: $id) { status } }',
      { id: row.id },
    );
    expect(messageOf(other.errors?.[0]?.message)).toBe(ERRORS.notFound.message);
  });
});

describe('assistant and petal diagram', () => {
  it('answers from the project cards with citations, and edits the petal diagram by hand', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'garage' });
    const created = await createGenerated(owner.agent, org.slug);
    const projectId = created.id!;
    await until(
      () => projectGen(owner.agent, org.slug, projectId),
      (g) => g.generation?.status === 'success',
    );
    const answer = await onOrg(
      owner.agent,
      org.slug,
      'mutation($p: ID!, $q: String!) { askAssistant(projectId: $p, question: $q) { answer provider citations { cardId title path } } }',
      { p: projectId, q: 'Who will pay for the subscription?' },
    );
    const a = answer.data?.askAssistant as {
      answer: string;
      citations: { title: string; path: string }[];
    };
    expect(a.citations.length).toBeGreaterThan(0);
    expect(a.citations.some((c) => /pay/i.test(c.title))).toBe(true);
    expect(a.answer).toMatch(/most relevant/);

    const petal = async (query: string, variables: Record<string, unknown>) => {
      const r = await onOrg(owner.agent, org.slug, query, variables);
      return {
        data: r.data as {
          [k: string]: {
            petal: {
              categories: {
                id: string;
                title: string;
                generated: boolean;
                companies: { id: string; name: string }[];
              }[];
            };
          };
        } | null,
        error: messageOf(r.errors?.[0]?.message),
      };
    };
    const PETAL = 'petal { categories { id title generated companies { id name } } }';
    const added = await petal(
      `mutation($p: ID!, $i: JSON!) { createPetal(projectId: $p, input: $i) { ${PETAL} } }`,
      { p: projectId, i: { title: 'Paper and spreadsheets' } },
    );
    const categories = added.data!.createPetal!.petal.categories;
    const mine = categories.find((c) => c.title === 'Paper and spreadsheets')!;
    expect(mine.generated).toBe(false);
    const company = await petal(
      `mutation($p: ID!, $c: ID!, $i: JSON!) { createPetalCompany(projectId: $p, petalId: $c, input: $i) { ${PETAL} } }`,
      { p: projectId, c: mine.id, i: { name: 'MarketMan', link: 'https://www.marketman.com' } },
    );
    expect(
      company.data!.createPetalCompany!.petal.categories.find((c) => c.id === mine.id)!
        .companies[0]!.name,
    ).toBe('MarketMan');
    const badLink = await petal(
      `mutation($p: ID!, $c: ID!, $i: JSON!) { createPetalCompany(projectId: $p, petalId: $c, input: $i) { ${PETAL} } }`,
      { p: projectId, c: mine.id, i: { name: 'X', link: 'not a url' } },
    );
    expect(badLink.error).toBe('Please enter a valid URL.');
    const generatedOne = categories.find((c) => c.generated)!;
    await petal(
      `mutation($p: ID!, $c: ID!, $i: JSON!) { updatePetal(projectId: $p, petalId: $c, input: $i) { ${PETAL} } }`,
      { p: projectId, c: generatedOne.id, i: { value: 'Cheap but slow' } },
    );
    // Regenerating keeps the two categories people touched.
    await built.services.database.db
      .update(generations)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(generations.projectId, projectId));
    await onOrg(
      owner.agent,
      org.slug,
      'mutation($p: ID!) { regeneratePetalDiagram(projectId: $p) { petalDiagram { status } } }',
      { p: projectId },
    );
    await until(
      () => projectGen(owner.agent, org.slug, projectId),
      (g) => g.petalDiagram?.status === 'success',
    );
    const after = await petal(`query($p: ID!) { dashboard(projectId: $p) { ${PETAL} } }`, {
      p: projectId,
    });
    const titles = after.data!.dashboard!.petal.categories.map((c) => c.title);
    expect(titles).toContain('Paper and spreadsheets');
    expect(titles).toContain(generatedOne.title);
    expect(titles.filter((t) => t === generatedOne.title)).toHaveLength(1);
    const removed = await petal(
      `mutation($p: ID!, $c: ID!) { deletePetal(projectId: $p, petalId: $c) { ${PETAL} } }`,
      { p: projectId, c: mine.id },
    );
    expect(removed.data!.deletePetal!.petal.categories.map((c) => c.id)).not.toContain(mine.id);
  });
});
