import { describe, expect, it } from 'vitest';
import { ERRORS } from '@assay/domain';
import type { Agent } from '../../../test/agent.ts';
import { buildTestApp } from '../../../test/app.ts';
import { createProjectIn, publishedHypothesis } from '../../../test/cards.ts';
import { addMember, onOrg, ownerWithOrganization } from '../../../test/organization.ts';

const built = await buildTestApp();
const COMMENT =
  'id body mentions likeCount likedByMe likedBy owner { profileId } abilities { edit }';

function messageOf(error: string | undefined) {
  return error?.match(/message:(.*?);ref:/)?.[1] ?? error;
}

interface Comment {
  id: string;
  body: string;
  likeCount: number;
  likedByMe: boolean;
  abilities: { edit: boolean };
}

async function call(agent: Agent, slug: string, query: string, variables: Record<string, unknown>) {
  const answer = await onOrg(agent, slug, query, variables);
  return { data: answer.data, error: messageOf(answer.errors?.[0]?.message) };
}

describe('comments', () => {
  it('adds, ignores empty text, edits, likes idempotently, deletes; mentions and card authors get notified', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const author = await addMember(built, owner.agent, org, 'collaborator');
    const mentioned = await addMember(built, owner.agent, org, 'collaborator');
    const projectId = await createProjectIn(owner.agent, org.slug, 'Talk');
    const card = await publishedHypothesis(author.agent, org.slug, projectId, 'Riders tip');
    const add = (agent: Agent, body: string, mentions: string[] = []) =>
      call(agent, org.slug, `mutation($i: JSON!) { addComment(input: $i) { ${COMMENT} } }`, {
        i: { subjectType: 'card', subjectId: card.id, body, mentions },
      });

    const empty = await add(owner.agent, '   \n ');
    expect(empty.error).toBeUndefined();
    expect(empty.data?.addComment).toBeNull();
    const made = await add(owner.agent, '  What do you think, @Mia?  ', [mentioned.profileId]);
    const comment = made.data?.addComment as Comment;
    expect(comment).toMatchObject({ body: 'What do you think, @Mia?', abilities: { edit: true } });

    const list = async (agent: Agent) =>
      (
        await call(
          agent,
          org.slug,
          `query($id: ID!) { comments(subjectType: "card", subjectId: $id) { ${COMMENT} } }`,
          {
            id: card.id,
          },
        )
      ).data?.comments as Comment[];
    expect(await list(author.agent)).toHaveLength(1);
    const counted = await call(
      author.agent,
      org.slug,
      'query($id: ID!) { card(cardId: $id) { commentsCount metrics { comments } } }',
      {
        id: card.id,
      },
    );
    expect(counted.data?.card).toEqual({ commentsCount: 1, metrics: { comments: 1 } });

    // Editing: the author only; empty text leaves it as it was.
    const edit = (agent: Agent, body: string) =>
      call(agent, org.slug, `mutation($i: JSON!) { updateComment(input: $i) { ${COMMENT} } }`, {
        i: { commentId: comment.id, body },
      });
    expect((await edit(owner.agent, ' ')).data?.updateComment).toMatchObject({
      body: 'What do you think, @Mia?',
    });
    expect((await edit(author.agent, 'Hijack')).error).toBe(ERRORS.forbidden.message);
    expect((await edit(owner.agent, 'Edited')).data?.updateComment).toMatchObject({
      body: 'Edited',
    });

    // Likes are idempotent per profile.
    const like = (agent: Agent, value: boolean) =>
      call(
        agent,
        org.slug,
        `mutation($id: ID!, $l: Boolean!) { likeComment(commentId: $id, like: $l) { ${COMMENT} } }`,
        {
          id: comment.id,
          l: value,
        },
      );
    await like(author.agent, true);
    const twice = (await like(author.agent, true)).data?.likeComment as Comment;
    expect(twice).toMatchObject({ likeCount: 1, likedByMe: true });
    await like(mentioned.agent, true);
    const unliked = (await like(author.agent, false)).data?.likeComment as Comment;
    expect(unliked).toMatchObject({ likeCount: 1, likedByMe: false });

    // The mentioned member has it in the inbox, the card's author in notifications.
    const inbox = async (agent: Agent, section: string) =>
      (
        await call(
          agent,
          org.slug,
          'query($s: String) { notifications(section: $s) { unreadCount notifications { id action title read } } }',
          {
            s: section,
          },
        )
      ).data?.notifications as {
        unreadCount: number;
        notifications: { id: string; action: string; title: string }[];
      };
    const mention = await inbox(mentioned.agent, 'inbox');
    expect(mention.notifications).toMatchObject([{ action: 'mention', title: 'Riders tip' }]);
    const news = await inbox(author.agent, 'notifications');
    expect(news.notifications).toMatchObject([{ action: 'comment' }]);
    expect(news.unreadCount).toBe(1);
    const host = { host: `${org.slug}.assay.test` };
    const read = await author.agent.put(
      `/api/notification/glance/${news.notifications[0]!.id}`,
      {},
      host,
    );
    expect(read.json()).toEqual({ unreadCount: 0 });
    // Another member's notification is not theirs to mark.
    const foreign = await author.agent.put(
      `/api/notification/glance/${mention.notifications[0]!.id}`,
      {},
      host,
    );
    expect(foreign.statusCode).toBe(404);
    await add(author.agent, 'Thanks', [mentioned.profileId]);
    expect((await inbox(mentioned.agent, 'inbox')).unreadCount).toBe(2);
    const all = await mentioned.agent.put('/api/notification/glance', {}, host);
    expect(all.json()).toEqual({ unreadCount: 0 });

    // Deleting: not someone else's (without admin rights); the owner (project admin) may.
    const theirs = (await add(author.agent, 'Mine')).data?.addComment as Comment;
    const refused = await call(
      mentioned.agent,
      org.slug,
      'mutation($id: ID!) { deleteComment(commentId: $id) }',
      {
        id: theirs.id,
      },
    );
    expect(refused.error).toBe(ERRORS.forbidden.message);
    await call(owner.agent, org.slug, 'mutation($id: ID!) { deleteComment(commentId: $id) }', {
      id: theirs.id,
    });
    expect((await list(owner.agent)).map((c) => c.body)).toEqual(['Edited', 'Thanks']);

    // Another organisation cannot read or write them.
    const stranger = await ownerWithOrganization(built, { license: 'enterprise' });
    const outside = await call(
      stranger.owner.agent,
      stranger.org.slug,
      `query($id: ID!) { comments(subjectType: "card", subjectId: $id) { id } }`,
      { id: card.id },
    );
    expect(outside.data).toBeNull();
  });

  it('keeps preferences per organisation and per project, the project falling back to the organisation', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const host = { host: `${org.slug}.assay.test` };
    const projectId = await createProjectIn(owner.agent, org.slug, 'Prefs');
    expect((await owner.agent.get('/api/notification/preferences', host)).json()).toMatchObject({
      frequency: 'immediately',
      inherited: true,
    });
    await owner.agent.put('/api/notification/preferences', { frequency: 'daily' }, host);
    const project = await owner.agent.get(
      `/api/notification/projects/${projectId}/preferences`,
      host,
    );
    expect(project.json()).toMatchObject({ frequency: 'daily', inherited: true });
    await owner.agent.put(
      `/api/notification/projects/${projectId}/preferences`,
      { frequency: 'immediately', email: false },
      host,
    );
    expect(
      (await owner.agent.get(`/api/notification/projects/${projectId}/preferences`, host)).json(),
    ).toMatchObject({ frequency: 'immediately', email: false, inherited: false });
    const wrong = await owner.agent.put(
      '/api/notification/preferences',
      { frequency: 'hourly' },
      host,
    );
    expect(wrong.statusCode).toBe(400);
  });
});
