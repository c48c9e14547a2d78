/**
 * Seeds the connections benchmark through the real routes: an enterprise organisation, its owner,
 * one project of 1,000 published cards (600 hypotheses, 300 evidence posts, 100 experiments) and
 * 3,000 rated connections between them.
 */
import { SESSION_COOKIE } from '@assay/domain';
import type { BuiltApp } from '../apps/server/src/app.ts';
import { ownerWithOrganization } from '../apps/server/test/organization.ts';

export interface ConnectionSeed {
  cookie: string;
  token: string;
  organizationId: string;
  slug: string;
  projectId: string;
  /** Pairs left unconnected, one per load worker. */
  freePairs: [string, string][];
}

export async function seedConnections(
  built: BuiltApp,
  options: { cards: number; connections: number },
): Promise<ConnectionSeed> {
  const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
  const headers = { 'x-organization-id': org.id };
  const gateway = async (query: string, variables: Record<string, unknown> = {}) => {
    const answer = (
      await owner.agent.post('/api/gateway/query', { query, variables }, headers)
    ).json() as {
      data?: Record<string, { id: string; version: number }>;
      errors?: unknown;
    };
    if (answer.errors || !answer.data) throw new Error(JSON.stringify(answer.errors));
    return answer.data;
  };
  const projectId = (await gateway('mutation { createProject(input: { name: "Bench" }) { id } }'))
    .createProject!.id;
  const create = async (input: Record<string, unknown>) =>
    (
      await gateway('mutation($i: JSON!) { createCard(input: $i) { id version } }', {
        i: { projectId, ...input },
      })
    ).createCard!;
  const publish = async (card: { id: string; version: number }) =>
    gateway(
      'mutation($id: ID!, $v: Int!) { publishCard(cardId: $id, version: $v) { id version } }',
      {
        id: card.id,
        v: card.version,
      },
    );

  const hypothesisCount = Math.round(options.cards * 0.6);
  const evidenceCount = Math.round(options.cards * 0.3);
  const experimentCount = options.cards - hypothesisCount - evidenceCount;
  const hypotheses: string[] = [];
  const evidence: string[] = [];
  const experiments: string[] = [];
  for (let i = 0; i < hypothesisCount; i += 1) {
    hypotheses.push(
      (
        await create({
          type: 'hypothesis',
          title: `Hypothesis ${i}`,
          draft: false,
          section: 'channels',
        })
      ).id,
    );
  }
  for (let i = 0; i < evidenceCount; i += 1) {
    const post = await create({ type: 'post', title: `Evidence ${i}` });
    const summarised = await gateway(
      'mutation($i: JSON!) { updatePost(input: $i) { id version } }',
      {
        i: { cardId: post.id, version: post.version, summary: `What customer ${i} said` },
      },
    );
    await publish(summarised.updatePost!);
    evidence.push(post.id);
  }
  for (let i = 0; i < experimentCount; i += 1) {
    const experiment = await create({ type: 'experiment', title: `Experiment ${i}` });
    await publish(experiment);
    experiments.push(experiment.id);
  }

  // Deterministic distinct pairs: evidence ↔ hypothesis, then experiment ↔ hypothesis and evidence.
  const pairs: [string, string][] = [];
  const seen = new Set<string>();
  const add = (a: string, b: string) => {
    const key = a < b ? `${a}${b}` : `${b}${a}`;
    if (seen.has(key)) return;
    seen.add(key);
    pairs.push([a, b]);
  };
  // Round-robin over the evidence, each time with the next hypothesis: every pair is new.
  for (let k = 0; pairs.length < options.connections * 0.7 && k < hypotheses.length; k += 1)
    for (let j = 0; j < evidence.length && pairs.length < options.connections * 0.7; j += 1)
      add(evidence[j]!, hypotheses[(j * 7 + k) % hypotheses.length]!);
  const others = [...hypotheses, ...evidence];
  for (let k = 0; pairs.length < options.connections && k < others.length; k += 1)
    for (let j = 0; j < experiments.length && pairs.length < options.connections; j += 1)
      add(experiments[j]!, others[(j * 13 + k) % others.length]!);
  for (const [i, [a, b]] of pairs.entries()) {
    const response = await owner.agent.post(
      `/api/canvas/cards/${a}/connections`,
      { cardId: b, rating: (i % 5) - 2 },
      headers,
    );
    if (response.statusCode !== 200) throw new Error(`connect: ${response.body}`);
  }
  // Pairs no seed connection uses: hypotheses with the last evidence cards, one per worker.
  const freePairs: [string, string][] = [];
  for (let i = 0; freePairs.length < 32 && i < hypotheses.length; i += 1) {
    const a = hypotheses[hypotheses.length - 1 - i]!;
    const b = experiments[(i * 3) % experiments.length]!;
    const key = a < b ? `${a}${b}` : `${b}${a}`;
    if (!seen.has(key)) freePairs.push([b, a]);
  }
  const token = owner.agent.cookies.get(SESSION_COOKIE);
  if (!token) throw new Error('no session cookie');
  return {
    cookie: `${SESSION_COOKIE}=${token}`,
    token,
    organizationId: org.id,
    slug: org.slug,
    projectId,
    freePairs,
  };
}
