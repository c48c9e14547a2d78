/**
 * Issue #48 item 1, no way around the checkout (part 1 §2.4, §4.3): saving a card through the
 * billing API without subscribing unlocked project creation, and opening another page during
 * onboarding made the checkout disappear. An AI-tier organisation with neither a subscription nor
 * manual billing now gets no project, no evidence locker and no agent — through REST and the
 * gateway alike — and its owner's bootstrap keeps the checkout until the plan is paid.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_PROJECT_SETTINGS, ERRORS } from '@assay/domain';
import { buildTestApp } from '../../../test/app.ts';
import type { Agent } from '../../../test/agent.ts';
import { addMember, onOrg, ownerWithOrganization } from '../../../test/organization.ts';

const built = await buildTestApp();

const cardToken = async (agent: Agent) =>
  (
    (
      await agent.post('/api/payments/sandbox/js/v1/token', {
        first_name: 'Ada',
        last_name: 'Lovelace',
        number: '4111111111111111',
        month: '12',
        year: String(new Date().getFullYear() + 2),
        cvv: '123',
      })
    ).json() as { id: string }
  ).id;

const refusedForPlan = (message: string | undefined) =>
  expect(message).toContain(`ref:${ERRORS.planRequired.ref}`);

describe('no way around the checkout', () => {
  it('a card saved without subscribing unlocks nothing, by REST or the gateway; subscribing does', async () => {
    const { owner, org } = await ownerWithOrganization(built, { paid: false }); // Garage AI
    const host = { host: `${org.slug}.assay.test` };
    const boot = async (agent: Agent) =>
      (
        (await agent.get('/api/bootstrap', host)).json() as {
          membership: { onboarding: boolean; awaitingCheckout: boolean };
        }
      ).membership;

    // The way around: the billing API saves a card, and nothing is subscribed.
    const card = await owner.agent.put(`/api/org/organizations/${org.id}/billing`, {
      token: await cardToken(owner.agent),
    });
    expect(card.statusCode, card.body).toBe(200);
    expect(await boot(owner.agent)).toMatchObject({ onboarding: true, awaitingCheckout: true });

    // The gateway: no project, forty at once; no evidence locker (not Garage AI's at all).
    const creates = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        onOrg(
          owner.agent,
          org.slug,
          'mutation($i: CreateProjectInput!) { createProject(input: $i) { id } }',
          {
            i: { name: `Skipped ${i}` },
          },
        ),
      ),
    );
    for (const created of creates) refusedForPlan(created.errors?.[0]?.message);
    const locker = await onOrg(owner.agent, org.slug, '{ evidenceLocker { project { id } } }');
    expect(locker.errors?.[0]?.message).toContain(`ref:${ERRORS.featureUnavailable.ref}`);
    // REST: an import is a project too (refused before its archive is read).
    const imported = await built.app.inject({
      method: 'POST',
      url: '/api/proj/projects/import',
      headers: {
        ...host,
        'content-type': 'application/zip',
        cookie: [...owner.agent.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      payload: Buffer.from('PK'),
    });
    expect(imported.statusCode).toBe(402);
    expect(imported.json()).toMatchObject({ ref: ERRORS.planRequired.ref });
    // A project made before checkout was enforced: the agent waits for the plan.
    const [made0] = (
      await built.services.database.executeSql(
        `insert into projects (organization_id, name, settings) values ($1, 'Made earlier', $2)
         returning id`,
        [org.id, JSON.stringify(DEFAULT_PROJECT_SETTINGS)],
      )
    ).rows as { id: string }[];
    const projectId = made0!.id;
    const asked = await onOrg(
      owner.agent,
      org.slug,
      'mutation($p: ID!) { askAssistant(projectId: $p, question: "Which is riskiest?") { answer } }',
      { p: projectId },
    );
    refusedForPlan(asked.errors?.[0]?.message);
    // The checkout stays, for the owner; another member is told to wait.
    expect(await boot(owner.agent)).toMatchObject({ onboarding: true, awaitingCheckout: true });
    const member = await addMember(built, owner.agent, org, 'admin');
    expect(await boot(member.agent)).toMatchObject({ onboarding: false, awaitingCheckout: true });

    // Through checkout: the plan is paid, and everything opens.
    const paid = await owner.agent.post(`/api/org/organizations/${org.id}/subscription`, {
      planCode: 'aiMonthly',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(await boot(owner.agent)).toMatchObject({ onboarding: false, awaitingCheckout: false });
    const made = await onOrg(
      owner.agent,
      org.slug,
      'mutation($i: CreateProjectInput!) { createProject(input: $i) { id } }',
      { i: { name: 'After checkout' } },
    );
    expect(made.errors).toBeUndefined();
    // Checkout sells the evidence locker with Business AI (#48 item 4): paying for Garage AI
    // does not bring it, and the refusal names the feature for the alert that names the plan.
    const lockerPaid = await onOrg(owner.agent, org.slug, '{ evidenceLocker { project { id } } }');
    expect(lockerPaid.errors?.[0]?.message).toContain(`ref:${ERRORS.featureUnavailable.ref}`);
    const count = await built.services.database.executeSql(
      `select count(*)::int as n from projects where organization_id = $1 and kind <> 'locker'`,
      [org.id],
    );
    expect((count.rows[0] as { n: number }).n).toBe(2);
  });

  it('a Business AI organisation gets its evidence locker only once its plan is paid', async () => {
    const { owner, org } = await ownerWithOrganization(built, {
      license: 'businessAI',
      paid: false,
    });
    const LOCKER = '{ evidenceLocker { project { id } } }';
    const tries = await Promise.all(
      Array.from({ length: 40 }, () => onOrg(owner.agent, org.slug, LOCKER)),
    );
    for (const tried of tries) refusedForPlan(tried.errors?.[0]?.message);
    const lockers = await built.services.database.executeSql(
      `select count(*)::int as n from projects where organization_id = $1 and kind = 'locker'`,
      [org.id],
    );
    expect((lockers.rows[0] as { n: number }).n).toBe(0);
    const paid = await owner.agent.post(`/api/org/organizations/${org.id}/subscription`, {
      planCode: 'aiBusinessMonthly',
      paymentToken: await cardToken(owner.agent),
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await onOrg(owner.agent, org.slug, LOCKER)).errors).toBeUndefined();
  });
});
