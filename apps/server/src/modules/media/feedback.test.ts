import { describe, expect, it } from 'vitest';
import { ERRORS, MEDIA_FEEDBACK_MESSAGES } from '@assay/domain';
import { buildTestApp } from '../../../test/app.ts';
import { createProjectIn, publishedHypothesis } from '../../../test/cards.ts';
import { addMember, onOrg, ownerWithOrganization } from '../../../test/organization.ts';
import { until } from '../../../test/until.ts';
import { uploadAs } from '../../../test/uploads.ts';

const built = await buildTestApp();

const NOTES =
  'Maria counts stock every Sunday. It takes her about four hours every single week, she says.';

describe('feedback on the agent’s work on a file (POST /api/media/feedback)', () => {
  it('takes one answer a person — the last one, even sent forty times at once — from anyone who reads the card', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const host = { host: `${org.slug}.assay.test` };
    const projectId = await createProjectIn(owner.agent, org.slug, 'Kitchens');
    const card = await publishedHypothesis(owner.agent, org.slug, projectId, 'Owners waste food');
    const key = await uploadAs(
      built,
      owner.agent,
      { host: host.host, collection: 'cards', locationId: card.id, filename: 'notes.txt' },
      Buffer.from(NOTES),
    );
    const file = (
      await owner.agent.post(`/api/canvas/cards/${card.id}/media`, { key }, host)
    ).json() as { id: string };
    const send = (agent = owner.agent, body: Record<string, unknown> = {}) =>
      agent.post('/api/media/feedback', { mediaId: file.id, helpful: true, ...body }, host);

    // Nothing to rate before the summary is written, nor a transcription never made.
    const FILES = `query($id: ID!) { card(cardId: $id) { media { id summary
      summaryFeedback { helpful notHelpful mine } } } }`;
    const read = async () =>
      (await onOrg(owner.agent, org.slug, FILES, { id: card.id })).data?.card as {
        media: { summary: string | null; summaryFeedback: Record<string, unknown> }[];
      };
    await until(read, (c) => Boolean(c.media[0]?.summary));
    const early = await send(owner.agent, { subject: 'transcription' });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ message: MEDIA_FEEDBACK_MESSAGES.nothingToRate });

    // Forty answers at once from one person: one row, the tally counts them once.
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => send(owner.agent, { helpful: i % 2 === 0 })),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const after = (await send(owner.agent, { helpful: false, comment: 'Missed the hours' })).json();
    expect(after).toEqual({ helpful: 0, notHelpful: 1, mine: false });

    // A colleague who reads the card may say whether the summary helped them.
    const viewer = await addMember(built, owner.agent, org, 'collaborator');
    const theirs = await send(viewer.agent);
    expect(theirs.json()).toEqual({ helpful: 1, notHelpful: 1, mine: true });
    expect((await read()).media[0]?.summaryFeedback).toEqual({
      helpful: 1,
      notHelpful: 1,
      mine: false,
    });

    // Bad input gets the catalogue's 400; another organisation's file is not found.
    const bad = await owner.agent.post('/api/media/feedback', { mediaId: 'x', helpful: 1 }, host);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      ref: ERRORS.validation.ref,
      message: 'Pick a file to rate.',
    });
    const long = await send(owner.agent, { comment: 'x'.repeat(1001) });
    expect(long.json()).toMatchObject({ message: MEDIA_FEEDBACK_MESSAGES.commentTooLong });
    const stranger = await ownerWithOrganization(built, { license: 'enterprise' });
    const foreign = await stranger.owner.agent.post(
      '/api/media/feedback',
      { mediaId: file.id, helpful: true },
      { host: `${stranger.org.slug}.assay.test` },
    );
    expect(foreign.statusCode).toBe(404);
  });
});
