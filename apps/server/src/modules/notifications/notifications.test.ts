import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import {
  cardMutation,
  createCardAs,
  createProjectIn,
  publishedHypothesis,
} from '../../../test/cards.ts';
import { addMember, onOrg, ownerWithOrganization } from '../../../test/organization.ts';
import { mailOutbox } from '../../platform/mail/schema.ts';
import { profiles } from '../organizations/schema.ts';
import { sendDailyDigests } from './delivery.ts';

const built = await buildTestApp();

/** Notification mail to a member (sign-up and invitation mail left out). */
async function mailTo(profileId: string) {
  const db = built.services.database.db;
  const [person] = await db.select().from(profiles).where(eq(profiles.id, profileId));
  const all = await db.select().from(mailOutbox).where(eq(mailOutbox.to, person!.email));
  return all.filter((m) => /mentioned you|digest/.test(m.subject));
}

describe('notification emails', () => {
  it('emails at once by default, and once a day to those who chose the daily digest', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const host = { host: `${org.slug}.assay.test` };
    const eager = await addMember(built, owner.agent, org, 'collaborator');
    const daily = await addMember(built, owner.agent, org, 'collaborator');
    await daily.agent.put('/api/notification/preferences', { frequency: 'daily' }, host);
    const projectId = await createProjectIn(owner.agent, org.slug, 'Mail');
    const card = await publishedHypothesis(owner.agent, org.slug, projectId, 'Vets want reminders');
    const comment = (body: string) =>
      onOrg(owner.agent, org.slug, 'mutation($i: JSON!) { addComment(input: $i) { id } }', {
        i: {
          subjectType: 'card',
          subjectId: card.id,
          body,
          mentions: [eager.profileId, daily.profileId],
        },
      });
    await comment('First look');
    const eagerMail = await mailTo(eager.profileId);
    expect(eagerMail).toHaveLength(1);
    expect(eagerMail.at(-1)?.subject).toContain('mentioned you on Vets want reminders');
    expect(await mailTo(daily.profileId)).toHaveLength(0);

    await comment('Second look');
    const now = new Date();
    expect(await sendDailyDigests(built.services, now)).toBeGreaterThanOrEqual(1);
    const digest = await mailTo(daily.profileId);
    expect(digest).toHaveLength(1);
    expect(digest[0]?.subject).toMatch(/^Your daily Assay digest: 2 new/);
    expect(digest[0]?.text).toContain('mentioned you on Vets want reminders');
    // Not twice in a day, and nothing is carried twice.
    await sendDailyDigests(built.services, new Date(now.getTime() + 60_000));
    expect(await mailTo(daily.profileId)).toHaveLength(1);
  });

  it("tells members when they are named on a card, and an experiment's people when it changes phase", async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const member = await addMember(built, owner.agent, org, 'collaborator');
    const projectId = await createProjectIn(owner.agent, org.slug, 'Assign');
    const card = await publishedHypothesis(owner.agent, org.slug, projectId, 'Gyms want data');
    await cardMutation(owner.agent, org.slug, 'updateHypothesis', {
      cardId: card.id,
      version: card.version,
      members: [member.profileId],
    });
    const inbox = async () =>
      (await onOrg(member.agent, org.slug, '{ notifications { notifications { action title } } }'))
        .data?.notifications as { notifications: { action: string; title: string }[] };
    expect((await inbox()).notifications).toMatchObject([
      { action: 'assignment', title: 'Gyms want data' },
    ]);

    const experiment = (
      await createCardAs(owner.agent, org.slug, {
        projectId,
        type: 'experiment',
        title: 'Trial week',
      })
    ).card!;
    const update = async (input: Record<string, unknown>) =>
      (
        await onOrg(
          owner.agent,
          org.slug,
          'mutation($i: JSON!) { updateExperiment(input: $i) { version } }',
          {
            i: input,
          },
        )
      ).data?.updateExperiment as { version: number };
    const named = await update({
      cardId: experiment.id,
      version: experiment.version,
      members: [member.profileId],
    });
    const published = (
      await onOrg(
        owner.agent,
        org.slug,
        'mutation($id: ID!, $v: Int!) { publishCard(cardId: $id, version: $v) { version } }',
        {
          id: experiment.id,
          v: named.version,
        },
      )
    ).data?.publishCard as { version: number };
    let version = published.version;
    for (const field of ['statement', 'description']) {
      const saved = await onOrg(
        owner.agent,
        org.slug,
        'mutation($i: JSON!) { updateText(input: $i) { version } }',
        {
          i: { cardId: experiment.id, version, field, text: '<p>x</p>', rawText: 'x' },
        },
      );
      version = (saved.data?.updateText as { version: number }).version;
    }
    await update({ cardId: experiment.id, version, phase: 'test' });
    const actions = (await inbox()).notifications.map((n) => `${n.action}:${n.title}`);
    expect(actions).toEqual([
      'phase:Trial week',
      'assignment:Trial week',
      'assignment:Gyms want data',
    ]);
  });

  it('keeps favourites: marked and unmarked by their owner alone, listed on their own (part 2 §4)', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const member = await addMember(built, owner.agent, org, 'collaborator');
    const projectId = await createProjectIn(owner.agent, org.slug, 'Favourites');
    for (const title of ['First news', 'Second news']) {
      const card = await publishedHypothesis(owner.agent, org.slug, projectId, title);
      await cardMutation(owner.agent, org.slug, 'updateHypothesis', {
        cardId: card.id,
        version: card.version,
        members: [member.profileId],
      });
    }
    const LIST =
      'query($f: Boolean) { notifications(favorites: $f) { notifications { id title isFavorite } } }';
    const list = async (agent: typeof owner.agent, favorites: boolean) =>
      (
        (await onOrg(agent, org.slug, LIST, { f: favorites })).data?.notifications as {
          notifications: { id: string; title: string; isFavorite: boolean }[];
        }
      ).notifications;
    const all = await list(member.agent, false);
    expect(all.map((n) => n.title).sort()).toEqual(['First news', 'Second news']);
    expect(await list(member.agent, true)).toEqual([]);
    const first = all.find((n) => n.title === 'First news')!;
    const FAVORITE =
      'mutation($id: ID!, $f: Boolean!) { favoriteNotification(id: $id, favorite: $f) { id isFavorite } }';
    const marked = await onOrg(member.agent, org.slug, FAVORITE, { id: first.id, f: true });
    expect(marked.data?.favoriteNotification).toEqual({ id: first.id, isFavorite: true });
    expect(await list(member.agent, true)).toEqual([
      { id: first.id, title: 'First news', isFavorite: true },
    ]);
    // Someone else's notification is not theirs to mark: not found, and nothing changes.
    const byOwner = await onOrg(owner.agent, org.slug, FAVORITE, { id: first.id, f: false });
    expect(byOwner.errors?.[0]?.message).toMatch(/^statusCode:404;/);
    expect((await list(member.agent, true)).map((n) => n.id)).toEqual([first.id]);
    await onOrg(member.agent, org.slug, FAVORITE, { id: first.id, f: false });
    expect(await list(member.agent, true)).toEqual([]);
  });
});
