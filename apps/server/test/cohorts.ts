/** Test helpers for cohorts: an academic organisation, a cohort, its teams and people in them. */
import type { BuiltApp } from '../src/app.ts';
import type { Agent } from './agent.ts';
import { addMember, onOrg, ownerWithOrganization } from './organization.ts';

/** An academic organisation with its owner, and a way to run gateway operations in it. */
export async function academicWorld(built: BuiltApp) {
  const { owner, org } = await ownerWithOrganization(built, { license: 'academic' });
  const run = (agent: Agent, query: string, variables: Record<string, unknown> = {}) =>
    onOrg(agent, org.slug, query, variables);
  return { owner: owner.agent, org, run };
}
export type AcademicWorld = Awaited<ReturnType<typeof academicWorld>>;

/** A cohort made by the world's owner; `fields` are the gateway fields wanted back. */
export async function makeCohort<T = { id: string }>(
  w: AcademicWorld,
  fields: string,
  input: Record<string, unknown> = {},
) {
  const answer = await w.run(
    w.owner,
    `mutation($i: JSON!) { createCohort(input: $i) { ${fields} } }`,
    { i: { name: 'Spring I-Corps', startsAt: '2026-11-01T00:00:00Z', ...input } },
  );
  return { cohort: answer.data?.createCohort as T | undefined, answer };
}

/** A new team in the cohort; answers the cohort with the fields wanted. */
export async function makeTeam<T = { id: string }>(
  w: AcademicWorld,
  fields: string,
  cohortId: string,
  name: string,
) {
  const answer = await w.run(
    w.owner,
    `mutation($c: ID!, $n: String!) { createCohortTeam(cohortId: $c, name: $n) { ${fields} } }`,
    { c: cohortId, n: name },
  );
  return { cohort: answer.data?.createCohortTeam as T | undefined, answer };
}

/** A member of the organisation who joins the cohort with a cohort role or a team role. */
export async function cohortPerson(
  built: BuiltApp,
  w: AcademicWorld,
  cohortId: string,
  invitation: { cohortRole: string | null; team: { id: string; role: string } | null },
) {
  const added = await addMember(built, w.owner, w.org, 'collaborator');
  await w.run(
    w.owner,
    'mutation($c: ID!, $i: JSON!) { inviteToCohort(cohortId: $c, invitations: $i) { joined } }',
    { c: cohortId, i: [{ email: added.email, ...invitation }] },
  );
  return added;
}
