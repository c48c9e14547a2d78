import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { createProjectIn, publishedHypothesis } from '../../../test/cards.ts';
import { addMember, onOrg, ownerWithOrganization } from '../../../test/organization.ts';
import { mailOutbox } from '../../platform/mail/schema.ts';
import { profiles } from '../organizations/schema.ts';
import { LEARNING_DIGEST_EVERY_MS, sendWeeklyLearningDigests } from './learning-digest.ts';

const built = await buildTestApp();

async function digestsTo(profileId: string) {
  const db = built.services.database.db;
  const [person] = await db.select().from(profiles).where(eq(profiles.id, profileId));
  const all = await db.select().from(mailOutbox).where(eq(mailOutbox.to, person!.email));
  return all.filter((m) => m.subject.startsWith('What to test next in '));
}

describe('the weekly "what to test next" mail (#24)', () => {
  it('goes once a week to those who work on a project with something to test, never twice even when sent in parallel', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const host = { host: `${org.slug}.assay.test` };
    const projectId = await createProjectIn(owner.agent, org.slug, 'Clinic app');
    const quiet = await createProjectIn(owner.agent, org.slug, 'Nothing open');
    await publishedHypothesis(owner.agent, org.slug, projectId, 'Clinics want reminders', {
      section: 'customerSegments',
    });
    await publishedHypothesis(owner.agent, org.slug, quiet, 'A lab is needed', {
      section: 'keyResources',
    });
    const setRole = async (profileId: string, role: string) => {
      const answer = await onOrg(
        owner.agent,
        org.slug,
        'mutation($p: ID!, $m: ID!, $r: String) { setProjectMember(projectId: $p, profileId: $m, role: $r) { role } }',
        { p: projectId, m: profileId, r: role },
      );
      expect(answer.errors).toBeUndefined();
    };
    const worker = await addMember(built, owner.agent, org, 'collaborator');
    const watcher = await addMember(built, owner.agent, org, 'collaborator');
    const muted = await addMember(built, owner.agent, org, 'collaborator');
    await setRole(worker.profileId, 'collaborator');
    await setRole(watcher.profileId, 'viewer');
    await setRole(muted.profileId, 'collaborator');
    expect(
      (
        await muted.agent.put(
          '/api/notification/preferences',
          { frequency: 'immediately', email: false },
          host,
        )
      ).statusCode,
    ).toBe(200);
    const ownerProfile = (await onOrg(owner.agent, org.slug, '{ profile { id } }')).data
      ?.profile as { id: string };

    // Forty senders at once (two instances on one timer, many times over): one mail each.
    const now = new Date();
    await Promise.all(
      Array.from({ length: 40 }, () =>
        sendWeeklyLearningDigests(built.services, now, { organizationId: org.id }),
      ),
    );
    const mail = await digestsTo(worker.profileId);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('What to test next in Clinic app');
    expect(mail[0]!.text).toContain(
      '1. Clinics want reminders\n   It matters and nothing is known about it yet.',
    );
    expect(mail[0]!.text).toContain(`/workspace/${projectId}/canvas/business`);
    expect(await digestsTo(ownerProfile.id)).toHaveLength(1);
    // A viewer watches, a muted member asked for no email, and the quiet project has nothing open.
    expect(await digestsTo(watcher.profileId)).toHaveLength(0);
    expect(await digestsTo(muted.profileId)).toHaveLength(0);
    expect((await digestsTo(ownerProfile.id)).some((m) => m.subject.endsWith('Nothing open'))).toBe(
      false,
    );

    // Not again within the week; again the week after.
    await sendWeeklyLearningDigests(built.services, new Date(now.getTime() + 60 * 60 * 1000), {
      organizationId: org.id,
    });
    expect(await digestsTo(worker.profileId)).toHaveLength(1);
    await sendWeeklyLearningDigests(
      built.services,
      new Date(now.getTime() + LEARNING_DIGEST_EVERY_MS + 60_000),
      { organizationId: org.id },
    );
    expect(await digestsTo(worker.profileId)).toHaveLength(2);
  });
});
