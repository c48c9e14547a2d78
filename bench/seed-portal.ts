/**
 * Seeds the portal benchmark through the real routes: an enterprise organisation, a project with
 * the public portal on, its board at a fixed link, and `cards` hypotheses published to it (live
 * copies with a summary and a description) spread over the roadmap sections.
 */
import { DEFAULT_ROADMAP_SECTIONS } from '@assay/domain';
import type { BuiltApp } from '../apps/server/src/app.ts';
import { CREATE_INVITES, ownerWithOrganization } from '../apps/server/test/organization.ts';
import { signUpUser } from '../apps/server/test/factories.ts';

export interface PortalSeed {
  link: string;
  cards: number;
  /** The organisation's address, and its owner's session cookie (for pages behind sign-in). */
  slug: string;
  cookie: string;
  /** A member past the set-up questions: their home is the projects list. */
  memberCookie: string;
  /** The project of the portal's cards (its dashboard is measured too). */
  projectId: string;
}

export async function seedPortal(built: BuiltApp, cards: number): Promise<PortalSeed> {
  const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
  const run = async (query: string, variables: Record<string, unknown> = {}) => {
    const answer = (
      await owner.agent.post(
        '/api/gateway/query',
        { query, variables },
        { 'x-organization-id': org.id },
      )
    ).json() as { data?: Record<string, unknown>; errors?: unknown };
    if (answer.errors) throw new Error(JSON.stringify(answer.errors));
    return answer.data ?? {};
  };
  const created = await run('mutation { createProject(input: { name: "Bench portal" }) { id } }');
  const projectId = (created.createProject as { id: string }).id;
  await run(
    'mutation($id: ID!) { updateProjectSettings(id: $id, settings: { publicPortal: true }) { id } }',
    {
      id: projectId,
    },
  );
  const link = 'bench-portal';
  await run('mutation($i: JSON!) { createPublicBoard(input: $i) { board { id } } }', {
    i: { projectId, name: 'Bench roadmap', link },
  });
  for (let i = 0; i < cards; i += 1) {
    const made = await run('mutation($i: JSON!) { createCard(input: $i) { id } }', {
      i: { projectId, type: 'hypothesis', title: `Hypothesis ${i}`, draft: false },
    });
    const cardId = (made.createCard as { id: string }).id;
    await run('mutation($i: JSON!) { updatePublicCard(input: $i) { id } }', {
      i: {
        cardId,
        section: DEFAULT_ROADMAP_SECTIONS[i % DEFAULT_ROADMAP_SECTIONS.length]?.key,
        content: {
          title: `Idea ${i}: customers in segment ${i % 37} get answers twice as fast`,
          summary: 'A short summary of what changes for the customer and why it matters to them.',
          description: 'A longer description. '.repeat(20),
        },
        action: 'publish',
      },
    });
  }
  const member = await signUpUser(built);
  await run(CREATE_INVITES, { invites: [{ email: member.email, role: 'collaborator' }] });
  const joined = await member.agent.post(
    '/api/users/profiles',
    {},
    { 'x-organization-id': org.id },
  );
  const profileId = (joined.json() as { profileId?: string }).profileId;
  if (!profileId) throw new Error(`join failed: ${joined.body}`);
  const done = await member.agent.post(
    '/api/gateway/query',
    {
      query: 'mutation($id: ID!, $p: JSON!) { updateProfileOnboarding(profileId: $id, patch: $p) }',
      variables: { id: profileId, p: { status: 'complete' } },
    },
    { 'x-organization-id': org.id },
  );
  if ((done.json() as { errors?: unknown }).errors) throw new Error(done.body);
  const cookieOf = (agent: typeof owner.agent) =>
    [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return {
    link,
    cards,
    slug: org.slug,
    cookie: cookieOf(owner.agent),
    memberCookie: cookieOf(member.agent),
    projectId,
  };
}
