/**
 * A project with one of everything an export carries (#29): a hypothesis with a description in
 * three languages' letters, a post connected to it with a rating, a published experiment, a liked
 * comment, a file on the hypothesis; plus a draft and a card in the trash that stay behind.
 */
import type { BuiltApp } from '../src/app.ts';
import type { Agent } from './agent.ts';
import {
  cardMutation,
  createCardAs,
  createProjectIn,
  publishedEvidence,
  publishedHypothesis,
} from './cards.ts';
import { onOrg } from './organization.ts';
import { uploadAs } from './uploads.ts';

export async function richProject(
  built: BuiltApp,
  owner: { agent: Agent },
  org: { slug: string },
  name = 'Laveries à Lisboa',
) {
  const host = { host: `${org.slug}.assay.test` };
  const projectId = await createProjectIn(owner.agent, org.slug, name);
  const idea = await publishedHypothesis(
    owner.agent,
    org.slug,
    projectId,
    'Estudantes odeiam a lavandaria',
    { section: 'customerSegments' },
  );
  await cardMutation(owner.agent, org.slug, 'updateText', {
    cardId: idea.id,
    version: idea.version,
    field: 'description',
    text: '<p>Perché? Façade of convenience.</p>',
    rawText: 'Perché? Façade of convenience.',
    mentions: [],
  });
  const post = await publishedEvidence(owner.agent, org.slug, projectId, 'post', 'Forum thread');
  await owner.agent.post(
    `/api/canvas/cards/${idea.id}/connections`,
    { cardId: post.id, rating: 2 },
    host,
  );
  const test = (
    await createCardAs(owner.agent, org.slug, {
      projectId,
      type: 'experiment',
      title: 'Pickup pilot',
    })
  ).card!;
  const published = await onOrg(
    owner.agent,
    org.slug,
    'mutation($id: ID!, $v: Int!) { publishCard(cardId: $id, version: $v) { version } }',
    { id: test.id, v: test.version },
  );
  if (published.errors) throw new Error(JSON.stringify(published.errors));
  const comment = await onOrg(
    owner.agent,
    org.slug,
    'mutation($i: JSON!) { addComment(input: $i) { id } }',
    { i: { subjectType: 'card', subjectId: idea.id, body: 'Ask five more students.' } },
  );
  const commentId = (comment.data?.addComment as { id: string }).id;
  await onOrg(
    owner.agent,
    org.slug,
    'mutation($id: ID!) { likeComment(commentId: $id, like: true) { id } }',
    { id: commentId },
  );
  const key = await uploadAs(built, owner.agent, {
    host: host.host,
    collection: 'cards',
    locationId: idea.id,
    filename: 'mapa da cidade.png',
  });
  await owner.agent.post(`/api/canvas/cards/${idea.id}/media`, { key }, host);
  // A draft and a card in the trash stay behind.
  await createCardAs(owner.agent, org.slug, { projectId, title: 'Half a thought' });
  const binned = await publishedHypothesis(owner.agent, org.slug, projectId, 'Wrong idea');
  await onOrg(owner.agent, org.slug, 'mutation($id: ID!) { deleteCard(cardId: $id) }', {
    id: binned.id,
  });
  return { projectId, host, idea, post, test, commentId, key };
}
