/** Factories for projects and cards, through the gateway. */
import type { Agent } from './agent.ts';
import { onOrg } from './organization.ts';

export const CARD_FIELDS = `id type title draft version tags fields viewed reviewed publishedAt path unverifiedId
  abilities { edit delete comment }
  createdBy { profileId firstName }
  texts { field text rawText mentions }
  hypothesis { type businessStatus risky summary productScore
    canvas { section rank } timeline { section rank } productStatus { section rank } productTheme { section rank }
    result { result reason updatedBy { profileId } } members { profileId } }`;

export interface TestCard {
  id: string;
  type: string;
  title: string;
  draft: boolean;
  version: number;
  tags: string[];
  fields: Record<string, unknown>;
  path: string;
  unverifiedId: string | null;
  texts: { field: string; text: string; rawText: string; mentions: string[] }[];
  abilities: { edit: boolean; delete: boolean; comment: boolean };
  hypothesis: {
    type: string;
    businessStatus: string;
    risky: boolean;
    summary: string;
    productScore: Record<string, Record<string, unknown>>;
    canvas: { section: string; rank: string };
    timeline: { section: string | null; rank: string | null };
    productStatus: { section: string | null; rank: string | null };
    result: { result: string; reason: string | null };
    members: { profileId: string }[];
  };
}

export async function createProjectIn(agent: Agent, slug: string, name = 'Canvas project') {
  const answer = await onOrg(
    agent,
    slug,
    'mutation($input: CreateProjectInput!) { createProject(input: $input) { id } }',
    { input: { name } },
  );
  const project = answer.data?.createProject as { id: string } | undefined;
  if (!project) throw new Error(`project not created: ${JSON.stringify(answer.errors)}`);
  return project.id;
}

export async function createCardAs(
  agent: Agent,
  slug: string,
  input: Record<string, unknown>,
): Promise<{ card?: TestCard; error?: string }> {
  const answer = await onOrg(
    agent,
    slug,
    `mutation($input: JSON!) { createCard(input: $input) { ${CARD_FIELDS} } }`,
    { input: { type: 'hypothesis', ...input } },
  );
  return {
    card: answer.data?.createCard as TestCard | undefined,
    error: answer.errors?.[0]?.message,
  };
}

/** A published business hypothesis in a section. */
export async function publishedHypothesis(
  agent: Agent,
  slug: string,
  projectId: string,
  title: string,
  extra: Record<string, unknown> = {},
): Promise<TestCard> {
  const { card, error } = await createCardAs(agent, slug, {
    projectId,
    title,
    draft: false,
    ...extra,
  });
  if (!card) throw new Error(`card not created: ${error}`);
  return card;
}

export async function cardMutation(
  agent: Agent,
  slug: string,
  name: 'updateHypothesis' | 'updateText' | 'updateCardSection',
  input: Record<string, unknown>,
): Promise<{ card?: TestCard; error?: string }> {
  const answer = await onOrg(
    agent,
    slug,
    `mutation($input: JSON!) { ${name}(input: $input) { ${CARD_FIELDS} } }`,
    { input },
  );
  return { card: answer.data?.[name] as TestCard | undefined, error: answer.errors?.[0]?.message };
}

async function versionOf(agent: Agent, slug: string, cardId: string): Promise<number> {
  const answer = await onOrg(agent, slug, 'query($id: ID!) { card(cardId: $id) { version } }', {
    id: cardId,
  });
  return (answer.data?.card as { version: number }).version;
}

/**
 * Publishes an evidence card the way a person does: key insights (and a summary for a post or
 * other evidence) written, then Publish. An interview needs its person added first.
 */
export async function publishEvidence(
  agent: Agent,
  slug: string,
  card: { id: string; type: string },
) {
  const write = async (query: string, input: Record<string, unknown>) => {
    const answer = await onOrg(agent, slug, query, {
      i: { cardId: card.id, version: await versionOf(agent, slug, card.id), ...input },
    });
    if (answer.errors) throw new Error(JSON.stringify(answer.errors));
  };
  await write('mutation($i: JSON!) { updateText(input: $i) { version } }', {
    field: 'keyInsights',
    text: '<p>What we learned.</p>',
    rawText: 'What we learned.',
  });
  if (card.type !== 'interview')
    await write('mutation($i: JSON!) { updatePost(input: $i) { version } }', {
      summary: 'What we saw.',
    });
  const published = await onOrg(
    agent,
    slug,
    'mutation($id: ID!, $v: Int!) { publishCard(cardId: $id, version: $v) { version } }',
    { id: card.id, v: await versionOf(agent, slug, card.id) },
  );
  if (published.errors) throw new Error(JSON.stringify(published.errors));
}

/** A published evidence card (not an interview, which needs a person). */
export async function publishedEvidence(
  agent: Agent,
  slug: string,
  projectId: string,
  type: 'post' | 'evidenceOther',
  title: string,
) {
  const { card, error } = await createCardAs(agent, slug, { projectId, type, title });
  if (!card) throw new Error(`card not created: ${error}`);
  await publishEvidence(agent, slug, card);
  return { ...card, version: await versionOf(agent, slug, card.id) };
}
