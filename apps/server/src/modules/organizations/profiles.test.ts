import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { addMember, onOrg, ownerWithOrganization } from '../../../test/organization.ts';

const built = await buildTestApp();

const UPDATE = `mutation($id: ID, $input: ProfileInput!) {
  updateProfile(profileId: $id, input: $input) { id firstName bgColor info { title aboutMe linkedin phone } }
}`;

describe('profiles', () => {
  it('lets members edit their own profile with the maxima of §5', async () => {
    const { owner, org } = await ownerWithOrganization(built);
    const member = await addMember(built, owner.agent, org, 'collaborator');
    const own = await onOrg(member.agent, org.slug, UPDATE, {
      input: {
        firstName: 'Grace',
        bgColor: 4,
        info: { title: 'Researcher', linkedin: 'https://linkedin.com/in/grace' },
      },
    });
    expect(own.data?.updateProfile).toEqual({
      id: member.profileId,
      firstName: 'Grace',
      bgColor: 4,
      info: {
        title: 'Researcher',
        aboutMe: '',
        linkedin: 'https://linkedin.com/in/grace',
        phone: '',
      },
    });
    const tooLong = await onOrg(member.agent, org.slug, UPDATE, {
      input: { info: { aboutMe: 'x'.repeat(2001) } },
    });
    expect(tooLong.errors?.[0]?.message).toContain(
      'message:The about me must be less than 2000 characters',
    );
    const kept = await onOrg(member.agent, org.slug, '{ profile { info { title } } }');
    expect(kept.data).toEqual({ profile: { info: { title: 'Researcher' } } });
  });

  it('lets admins edit anyone and grant portfolio access, and nobody else', async () => {
    const { owner, org } = await ownerWithOrganization(built);
    const admin = await addMember(built, owner.agent, org, 'admin');
    const member = await addMember(built, owner.agent, org, 'collaborator');
    const byAdmin = await onOrg(admin.agent, org.slug, UPDATE, {
      id: member.profileId,
      input: { info: { phone: '555-0100' } },
    });
    expect((byAdmin.data?.updateProfile as { info: { phone: string } }).info.phone).toBe(
      '555-0100',
    );
    const byMember = await onOrg(member.agent, org.slug, UPDATE, {
      id: admin.profileId,
      input: { firstName: 'Nope' },
    });
    expect(byMember.errors?.[0]?.message).toMatch(/^statusCode:403;/);
    const granted = await onOrg(
      admin.agent,
      org.slug,
      'mutation($id: ID!) { updatePortfolioAccess(profileId: $id, portfolioAccess: true) { portfolioAccess } }',
      {
        id: member.profileId,
      },
    );
    expect(granted.data).toEqual({ updatePortfolioAccess: { portfolioAccess: true } });
    const list = await onOrg(
      admin.agent,
      org.slug,
      '{ organizationMembers(filters: { role: "collaborator" }) { members { portfolioAccess mfaEnabled } } }',
    );
    expect(list.data).toEqual({
      organizationMembers: { members: [{ portfolioAccess: true, mfaEnabled: false }] },
    });
  });
});

describe('the project onboarding of a profile', () => {
  it('starts active for the creator of a non-AI organisation, keeps answers, and ends', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'business' });
    const host = { host: `${org.slug}.assay.test` };
    const boot = (await owner.agent.get('/api/bootstrap', host)).json() as {
      membership: {
        profileId: string;
        onboarding: boolean;
        projectOnboarding: { status: string; currentOnboardingStep: string } | null;
      };
    };
    expect(boot.membership.onboarding).toBe(false);
    expect(boot.membership.projectOnboarding).toMatchObject({
      status: 'active',
      currentOnboardingStep: 'introduction',
    });
    const id = boot.membership.profileId;
    const save = (patch: unknown) =>
      onOrg(
        owner.agent,
        org.slug,
        'mutation($id: ID!, $p: JSON!) { updateProfileOnboarding(profileId: $id, patch: $p) }',
        { id, p: patch },
      );
    const saved = await save({
      currentOnboardingStep: 'canvasType',
      onboardingType: 'basic',
      selectedOptions: { productCanvas: true },
    });
    expect(saved.data?.updateProfileOnboarding).toMatchObject({
      status: 'active',
      currentOnboardingStep: 'canvasType',
      onboardingType: 'basic',
      selectedOptions: { productCanvas: true },
    });
    // Answers saved at the same moment as step changes are all kept: forty patches at once, one
    // of them the answers, never undo each other (each reads and writes under the row's lock).
    const steps = ['workflow', 'experiments', 'publicPortal', 'canvasType'];
    await Promise.all([
      save({ selectedOptions: { productCanvas: true, experimentsNo: true } }),
      ...Array.from({ length: 39 }, (_, i) => save({ currentOnboardingStep: steps[i % 4] })),
    ]);
    const kept = await save({ onboardingType: 'basic' });
    expect(kept.data?.updateProfileOnboarding).toMatchObject({
      selectedOptions: { productCanvas: true, experimentsNo: true },
    });
    // Unknown answers are refused and nothing changes.
    const bad = await save({ selectedOptions: { crypto: true } });
    expect(bad.errors?.[0]?.message).toMatch(/statusCode:400/);
    await save({ status: 'complete' });
    const after = (await owner.agent.get('/api/bootstrap', host)).json() as {
      membership: { projectOnboarding: unknown };
    };
    expect(after.membership.projectOnboarding).toBeNull();
  });

  it('shows the AI onboarding, not the questions, to the owner of an unpaid Garage organisation', async () => {
    const { owner, org } = await ownerWithOrganization(built, { paid: false });
    const admin = await addMember(built, owner.agent, org, 'admin');
    const host = { host: `${org.slug}.assay.test` };
    const boot = (await owner.agent.get('/api/bootstrap', host)).json() as {
      membership: { onboarding: boolean; projectOnboarding: unknown };
    };
    expect(boot.membership).toMatchObject({ onboarding: true, projectOnboarding: null });
    const theirs = (await admin.agent.get('/api/bootstrap', host)).json() as {
      membership: { onboarding: boolean };
    };
    expect(theirs.membership.onboarding).toBe(false);
    // Someone else's onboarding cannot be changed.
    const ownerId = (
      (await owner.agent.get('/api/bootstrap', host)).json() as {
        membership: { profileId: string };
      }
    ).membership.profileId;
    const refused = await onOrg(
      admin.agent,
      org.slug,
      'mutation($id: ID!, $p: JSON!) { updateProfileOnboarding(profileId: $id, patch: $p) }',
      { id: ownerId, p: { status: 'complete' } },
    );
    expect(refused.errors?.[0]?.message).toMatch(/statusCode:403/);
  });
});
