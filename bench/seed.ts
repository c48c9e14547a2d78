/**
 * Seeds the benchmark's workspace through the real routes: an enterprise organisation, its owner
 * (signed in), one project and `cards` published business hypotheses spread over the sections.
 */
import { CANVAS_SECTIONS, SESSION_COOKIE } from '@assay/domain';
import type { BuiltApp } from '../apps/server/src/app.ts';
import { ownerWithOrganization } from '../apps/server/test/organization.ts';
import { draftWriteUps } from './seed-draft.ts';

export interface Seed {
  cookie: string;
  token: string;
  organizationId: string;
  slug: string;
  projectId: string;
}

export async function seedCanvas(
  built: BuiltApp,
  cards: number,
  options: { drafted?: boolean } = {},
): Promise<Seed> {
  const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
  // The organisation by header, whatever the app's domain is.
  const onOrg = async (
    _agent: unknown,
    _slug: string,
    query: string,
    variables: Record<string, unknown> = {},
  ) =>
    (
      await owner.agent.post(
        '/api/gateway/query',
        { query, variables },
        { 'x-organization-id': org.id },
      )
    ).json() as { data?: Record<string, unknown>; errors?: unknown };
  const created = await onOrg(
    owner.agent,
    org.slug,
    'mutation { createProject(input: { name: "Bench" }) { id } }',
  );
  const projectId = (created.data?.createProject as { id: string }).id;
  if (options.drafted)
    await draftWriteUps(
      (query, variables) => onOrg(owner.agent, org.slug, query, variables),
      projectId,
    );
  const sections = CANVAS_SECTIONS;
  for (let i = 0; i < cards; i += 1) {
    const answer = await onOrg(
      owner.agent,
      org.slug,
      'mutation($i: JSON!) { createCard(input: $i) { id } }',
      {
        i: {
          projectId,
          type: 'hypothesis',
          title: `Hypothesis number ${i}: customers in segment ${i % 37} will pay for faster answers`,
          section: sections[i % sections.length],
          draft: false,
        },
      },
    );
    if (answer.errors) throw new Error(JSON.stringify(answer.errors));
  }
  const token = owner.agent.cookies.get(SESSION_COOKIE);
  if (!token) throw new Error('no session cookie');
  return {
    cookie: `${SESSION_COOKIE}=${token}`,
    token,
    organizationId: org.id,
    slug: org.slug,
    projectId,
  };
}
