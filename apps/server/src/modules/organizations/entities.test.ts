/**
 * The entities of part 1 §3 as the gateway answers them (#48 item 5): the profile's own details,
 * an access log entry's project, the organisation's scope (gating the set-up questions, §6) and
 * signed image link, and the operations REST alone had (§7.1).
 */
import { describe, expect, it } from 'vitest';
import { SANDBOX_TEST_CARDS } from '@assay/domain';
import { buildTestApp } from '../../../test/app.ts';
import { createAgent, uniqueEmail } from '../../../test/agent.ts';
import { createProjectIn } from '../../../test/cards.ts';
import { addMember, onOrg, ownerWithOrganization } from '../../../test/organization.ts';
import { uploadAs } from '../../../test/uploads.ts';
import { signedImageUrl } from '../media/ports.ts';

const built = await buildTestApp();

const PROFILE = `query($id: ID) { profile(profileId: $id) {
  id userId username email jobRole latestJobRole totalOrgCount projectRole
  onboarding { projectOnboarding { status currentOnboardingStep } showChecklist seen }
  projects { id name role isGuest private default cohortId status }
  cohorts { id role editorPay paidAt deactivatesAt }
  transcription { transcriptionSeconds updatedAt }
} }`;

describe('the profile of part 1 §3', () => {
  it('answers the person’s own details to them and to admins, and null to other members', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'business' });
    const projectId = await createProjectIn(owner.agent, org.slug, 'Zebra');
    await createProjectIn(owner.agent, org.slug, 'Aardvark');
    const member = await addMember(built, owner.agent, org, 'collaborator');
    const saved = await onOrg(
      member.agent,
      org.slug,
      'mutation($input: ProfileInput!) { updateProfile(input: $input) { jobRole } }',
      { input: { jobRole: 'Product manager' } },
    );
    expect(saved.data?.updateProfile).toEqual({ jobRole: 'Product manager' });

    // The owner's own profile, read in a project: its role there, its projects by name.
    const own = await owner.agent.post(
      '/api/gateway/query',
      { query: PROFILE, variables: {} },
      { host: `${org.slug}.assay.test`, 'x-project-id': projectId },
    );
    const mine = (own.json() as { data: { profile: Record<string, unknown> } }).data.profile;
    expect(mine).toMatchObject({
      username: owner.email,
      email: owner.email,
      jobRole: '',
      latestJobRole: '',
      totalOrgCount: 1,
      projectRole: 'owner',
      cohorts: [],
      transcription: { transcriptionSeconds: 0, updatedAt: null },
      onboarding: { showChecklist: true },
    });
    expect(mine.userId).toMatch(/^[0-9a-f-]{36}$/);
    expect(mine.projects).toEqual([
      expect.objectContaining({ name: 'Aardvark', role: 'owner', default: false }),
      expect.objectContaining({
        id: projectId,
        name: 'Zebra',
        role: 'owner',
        isGuest: false,
        private: false,
        default: true,
        cohortId: null,
        status: 'active',
      }),
    ]);

    // A collaborator reads another member's public fields only.
    const other = await onOrg(member.agent, org.slug, PROFILE, { id: mine.id });
    expect(other.data?.profile).toMatchObject({
      username: owner.email,
      jobRole: '',
      latestJobRole: null,
      totalOrgCount: null,
      onboarding: null,
      projects: null,
      cohorts: null,
      transcription: null,
      projectRole: null,
    });
    // The owner (an admin of the organisation) reads the collaborator's.
    const byOwner = await onOrg(owner.agent, org.slug, PROFILE, { id: member.profileId });
    expect(byOwner.data?.profile).toMatchObject({
      jobRole: 'Product manager',
      latestJobRole: 'Product manager',
      totalOrgCount: 1,
      projects: [],
    });

    // In a second organisation the job role given in the first is offered, and both count.
    const second = (
      await member.agent.post('/api/org/organizations', {
        name: 'Second',
        slug: `second${Date.now()}`,
      })
    ).json() as { slug: string };
    const there = await onOrg(member.agent, second.slug, PROFILE);
    expect(there.data?.profile).toMatchObject({
      jobRole: '',
      latestJobRole: 'Product manager',
      totalOrgCount: 2,
    });
  });

  it('names the project of each access log entry', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'business' });
    const projectId = await createProjectIn(owner.agent, org.slug, 'Logged');
    const logs = await onOrg(
      owner.agent,
      org.slug,
      '{ organizationAccessLogs { projectId project { id name } } }',
    );
    const entries = logs.data?.organizationAccessLogs as {
      projectId: string | null;
      project: { id: string; name: string } | null;
    }[];
    expect(entries).toContainEqual({ projectId, project: { id: projectId, name: 'Logged' } });
    for (const entry of entries.filter((e) => !e.projectId)) expect(entry.project).toBeNull();
  });
});

describe('the organisation of part 1 §3', () => {
  it('gates the set-up questions by its scope: the introduction only without `onboarding` (§6)', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'team' });
    const host = { host: `${org.slug}.assay.test` };
    const full = await onOrg(owner.agent, org.slug, '{ fullOrganization { scope } }');
    expect(full.data?.fullOrganization).toEqual({ scope: ['default', 'onboarding'] });
    const me = (await owner.agent.get('/api/bootstrap', host)).json() as {
      organization: { scope: string[] };
      membership: { profileId: string };
    };
    expect(me.organization.scope).toEqual(['default', 'onboarding']);
    const step = (currentOnboardingStep: string) =>
      onOrg(
        owner.agent,
        org.slug,
        'mutation($id: ID!, $patch: JSON!) { updateProfileOnboarding(profileId: $id, patch: $patch) }',
        { id: me.membership.profileId, patch: { currentOnboardingStep } },
      );
    expect((await step('onboardingType')).errors).toBeUndefined();

    const off = await owner.agent.put(
      `/api/org/organizations/${org.id}`,
      { scope: ['default'] },
      host,
    );
    expect(off.json()).toMatchObject({ scope: ['default'] });
    const refused = await step('canvasType');
    expect(refused.errors?.[0]?.message).toContain('statusCode:403;');
    expect(refused.errors?.[0]?.message).toContain(
      'message:Your organization does not offer the set-up questions. Start from the introduction.',
    );
    expect((await step('introduction')).errors).toBeUndefined();
    const bad = await owner.agent.put(
      `/api/org/organizations/${org.id}`,
      { scope: ['everything'] },
      host,
    );
    expect(bad.statusCode).toBe(400);
    // Only owners and admins change it.
    const member = await addMember(built, owner.agent, org, 'collaborator');
    const byMember = await member.agent.put(
      `/api/org/organizations/${org.id}`,
      { scope: ['default', 'onboarding'] },
      host,
    );
    expect(byMember.statusCode).toBe(403);
  });

  it('shows its image by a signed link without a session, refusing a changed or expired one', async () => {
    const { owner, org } = await ownerWithOrganization(built);
    const host = `${org.slug}.assay.test`;
    const none = await onOrg(owner.agent, org.slug, '{ fullOrganization { signedURL } }');
    expect(none.data?.fullOrganization).toEqual({ signedURL: null });
    const key = await uploadAs(built, owner.agent, {
      host,
      collection: 'organizations',
      locationId: org.id,
    });
    const set = await owner.agent.post(`/api/org/organizations/${org.id}/media`, { key }, { host });
    expect(set.statusCode).toBe(200);
    const full = await onOrg(owner.agent, org.slug, '{ fullOrganization { image signedURL } }');
    const { image, signedURL } = full.data?.fullOrganization as {
      image: string;
      signedURL: string;
    };
    expect(signedURL).toMatch(/^\/api\/media\/image\?id=/);
    // A visitor of the sign-in page (no session) reads it from the bootstrap and sees the image.
    const visitor = createAgent(built.app);
    const boot = (await visitor.get('/api/bootstrap', { host })).json() as {
      organization: { signedURL: string | null };
    };
    expect(boot.organization.signedURL).toBe(signedURL);
    const shown = await built.app.inject({ method: 'GET', url: signedURL, headers: { host } });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toMatch(/^image\//);
    // The session-only link refuses the same visitor.
    expect((await visitor.get(image, { host })).statusCode).toBe(401);
    const changed = signedURL.replace(/signature=[^&]+/, 'signature=AAAA');
    expect((await built.app.inject({ method: 'GET', url: changed })).statusCode).toBe(403);
    const expired = signedImageUrl(built.services, image, Date.now() - 3 * 60 * 60 * 1000);
    expect((await built.app.inject({ method: 'GET', url: expired! })).statusCode).toBe(403);
  });
});

describe('operations REST alone had (§7.1)', () => {
  it('lists one’s organisations and checks a subdomain through the gateway', async () => {
    const { owner, org } = await ownerWithOrganization(built);
    const list = await onOrg(
      owner.agent,
      org.slug,
      '{ organizationList { id slug role profileId } }',
    );
    expect(list.data?.organizationList).toEqual([
      { id: org.id, slug: org.slug, role: 'owner', profileId: expect.any(String) },
    ]);
    const rest = (await owner.agent.get('/api/org/organizations')).json() as { id: string }[];
    expect(rest.map((o) => o.id)).toEqual([org.id]);
    const visitor = createAgent(built.app);
    const check = async (slug: string) =>
      (
        (
          await visitor.post('/api/gateway/query', {
            query: 'query($slug: String!) { subdomainCheck(slug: $slug) { exists sso } }',
            variables: { slug },
          })
        ).json() as { data: { subdomainCheck: { exists: boolean } } }
      ).data.subdomainCheck;
    expect(await check(org.slug)).toEqual({ exists: true, sso: false });
    expect(await check(`free${Date.now()}`)).toEqual({ exists: false, sso: false });
    const anonymousList = await visitor.post('/api/gateway/query', {
      query: '{ organizationList { id } }',
    });
    expect((anonymousList.json() as { errors: { message: string }[] }).errors[0]?.message).toMatch(
      /^statusCode:401;/,
    );
  });

  it('checks a promotion code and subscribes through the gateway, owners only', async () => {
    const { owner, org } = await ownerWithOrganization(built, { paid: false });
    const coupon = await onOrg(
      owner.agent,
      org.slug,
      'query($code: String!) { couponCheck(code: $code) { discountType message } }',
      { code: 'NOPE-NOT-A-CODE' },
    );
    expect(coupon.errors?.[0]?.message).toContain('message:This promo is not valid');
    const token = (
      (
        await owner.agent.post('/api/payments/sandbox/js/v1/token', {
          first_name: 'Ada',
          last_name: 'Lovelace',
          number: SANDBOX_TEST_CARDS.success,
          month: '12',
          year: String(new Date().getFullYear() + 3),
          cvv: '123',
        })
      ).json() as { id: string }
    ).id;
    const SUBSCRIBE = `mutation($input: SubscribeInput!) { subscribe(input: $input) {
      subscription { planCode state } billingInfo { lastFour } adjustments { amountInCents } } }`;
    const member = await addMember(built, owner.agent, org, 'admin');
    const byAdmin = await onOrg(member.agent, org.slug, SUBSCRIBE, {
      input: { planCode: 'aiMonthly', paymentToken: token },
    });
    expect(byAdmin.errors?.[0]?.message).toMatch(/^statusCode:403;/);
    const done = await onOrg(owner.agent, org.slug, SUBSCRIBE, {
      input: { planCode: 'aiMonthly', paymentToken: token, couponCode: null },
    });
    expect(done.errors).toBeUndefined();
    expect(done.data?.subscribe).toMatchObject({
      subscription: { planCode: 'aiMonthly', state: 'active' },
      billingInfo: { lastFour: SANDBOX_TEST_CARDS.success.slice(-4) },
    });
  });
});

describe('ref 22 (part 1 §8)', () => {
  it('answers a mismatch when someone else than the invitation’s address joins by its link', async () => {
    const { owner, org } = await ownerWithOrganization(built);
    const invited = uniqueEmail('invited');
    await onOrg(
      owner.agent,
      org.slug,
      'mutation($i: [InviteInput!]!) { createInvites(invites: $i) { invites { id } } }',
      { i: [{ email: invited, role: 'collaborator' }] },
    );
    const { owner: someoneElse } = await ownerWithOrganization(built);
    const joined = await someoneElse.agent.post(
      '/api/users/profiles',
      { invitedEmail: invited },
      { 'x-organization-id': org.id },
    );
    expect(joined.statusCode).toBe(400);
    expect(joined.json()).toMatchObject({
      ref: 22,
      message: 'The values you entered do not match.',
    });
  });
});
