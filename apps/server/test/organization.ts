/** Test helpers for work inside an organisation, through its subdomain. */
import { eq } from 'drizzle-orm';
import type { BuiltApp } from '../src/app.ts';
import { organizations } from '../src/modules/organizations/schema.ts';
import type { Agent } from './agent.ts';
import { signUpUser } from './factories.ts';

export type GatewayAnswer = {
  data?: Record<string, unknown> | null;
  errors?: { message: string }[];
};

/** Runs a gateway operation as the agent, on the organisation's subdomain. */
export async function onOrg(
  agent: Agent,
  slug: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<GatewayAnswer> {
  const response = await agent.post(
    '/api/gateway/query',
    { query, variables },
    { host: `${slug}.assay.test` },
  );
  return response.json() as GatewayAnswer;
}

export const CREATE_INVITES = `mutation($invites: [InviteInput!]!) {
  createInvites(invites: $invites) { invites { id email role status resent } errors { email message } }
}`;

export async function invite(agent: Agent, slug: string, email: string, role = 'collaborator') {
  const answer = await onOrg(agent, slug, CREATE_INVITES, { invites: [{ email, role }] });
  return answer.data?.createInvites as {
    invites: { id: string; status: string; resent: boolean }[];
    errors: { email: string; message: string }[];
  };
}

/** A new user who owns a new organisation. */
export async function ownerWithOrganization(
  built: BuiltApp,
  options: {
    license?: string;
    /** false: a Garage AI organisation that has not been through checkout (no projects yet). */
    paid?: boolean;
  } = {},
) {
  const owner = await signUpUser(built);
  const slug = `team${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
  const org = (await owner.agent.post('/api/org/organizations', { name: 'Team', slug })).json() as {
    id: string;
    slug: string;
  };
  // As if paid: the AI tiers need a subscription or manual billing before any project (#48);
  // here an operator's manual billing, with a card on file. Tests of checkout and of the
  // subscription's life pass `paid: false` and subscribe for real.
  const set = {
    ...(options.license ? { license: options.license } : {}),
    ...(options.paid === false ? {} : { billing: { cardOnFile: true, manual: true } }),
  };
  if (Object.keys(set).length > 0)
    await built.services.database.db
      .update(organizations)
      .set(set)
      .where(eq(organizations.id, org.id));
  return { owner, org };
}

/** Signs up a user, invites them with a role and has them join; returns their agent and profile id. */
export async function addMember(
  built: BuiltApp,
  owner: Agent,
  org: { id: string; slug: string },
  role: string,
) {
  const member = await signUpUser(built);
  await invite(owner, org.slug, member.email, role === 'disabled' ? 'collaborator' : role);
  const joined = await member.agent.post(
    '/api/users/profiles',
    {},
    { 'x-organization-id': org.id },
  );
  const profileId = (joined.json() as { profileId: string }).profileId;
  if (role === 'disabled') {
    await onOrg(owner, org.slug, 'mutation($id: ID!) { disableMember(profileId: $id) { id } }', {
      id: profileId,
    });
  }
  return { ...member, profileId };
}
