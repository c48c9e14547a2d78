/**
 * Who opens a project's workspace (part 1 §2.5, #30): organization:write, its members, or the
 * academic license. Everyone else sees its dashboard: the canvas, its cards, experiments and
 * lists are refused on the server with the catalogue's message, and the project's abilities say
 * where it opens. A project open to its organisation (membership on) makes everyone a member.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '@assay/domain';
import { buildTestApp } from '../../../test/app.ts';
import { createProjectIn, publishedHypothesis } from '../../../test/cards.ts';
import { addMember, onOrg, ownerWithOrganization } from '../../../test/organization.ts';
import { projects } from './schema.ts';

const built = await buildTestApp();
const db = built.services.database.db;

const setMembership = (projectId: string, open: boolean) =>
  db
    .update(projects)
    .set({ settings: sql`${projects.settings} || ${JSON.stringify({ membership: open })}::jsonb` })
    .where(eq(projects.id, projectId));

describe('opening a project’s workspace', () => {
  it('opens it to members and organisation admins; others see the dashboard', async () => {
    const { owner, org } = await ownerWithOrganization(built);
    const projectId = await createProjectIn(owner.agent, org.slug, 'Closed doors');
    const card = await publishedHypothesis(owner.agent, org.slug, projectId, 'Teams pay');
    const outsider = await addMember(built, owner.agent, org, 'collaborator');
    const admin = await addMember(built, owner.agent, org, 'admin');

    const canvas = (agent: typeof owner.agent) =>
      onOrg(agent, org.slug, 'query($p: ID!) { canvas(projectId: $p) { cards { title } } }', {
        p: projectId,
      });
    const abilities = async (agent: typeof owner.agent) => {
      const dashboard = await onOrg(
        agent,
        org.slug,
        'query($p: ID!) { dashboard(projectId: $p) { abilities { openWorkspace } } }',
        { p: projectId },
      );
      const list = await onOrg(
        agent,
        org.slug,
        '{ projects { projects { id abilities { openWorkspace } } } }',
      );
      const listed = (
        list.data?.projects as { projects: { id: string; abilities: { openWorkspace: boolean } }[] }
      ).projects.find((p) => p.id === projectId);
      return {
        dashboard: (dashboard.data?.dashboard as { abilities: { openWorkspace: boolean } })
          .abilities.openWorkspace,
        list: listed?.abilities.openWorkspace,
      };
    };

    // Open to the organisation (the default): everyone in it works in the workspace.
    expect((await canvas(outsider.agent)).errors).toBeUndefined();
    expect(await abilities(outsider.agent)).toEqual({ dashboard: true, list: true });

    // Closed: a collaborator who is not a member sees the dashboard, and only the dashboard.
    await setMembership(projectId, false);
    expect(await abilities(outsider.agent)).toEqual({ dashboard: false, list: false });
    // Every link to it says so: the projects list and the side navigation open the dashboard.
    const links = await onOrg(
      outsider.agent,
      org.slug,
      '{ projects { projects { id openPath } } sideNavigation { projects { id path } } }',
    );
    const dashboardPath = `/project-dashboard/${projectId}/overview`;
    expect(links.data).toMatchObject({
      projects: { projects: [{ id: projectId, openPath: dashboardPath }] },
      sideNavigation: { projects: [{ id: projectId, path: dashboardPath }] },
    });
    // The dashboard's own reads go on: what to test next, the assumptions map, the timeline.
    const dashboardReads = await onOrg(
      outsider.agent,
      org.slug,
      `query($p: ID!) { testNext(projectId: $p) { id } assumptionsMap(projectId: $p) { points { id } }
        projectTimeline(projectId: $p) { id } projectGeneration(projectId: $p) { projectId } }`,
      { p: projectId },
    );
    expect(dashboardReads.errors).toBeUndefined();
    const refused = await canvas(outsider.agent);
    expect(refused.errors?.[0]?.message).toContain(ERRORS.workspaceClosed.message);
    const readCard = await onOrg(
      outsider.agent,
      org.slug,
      'query($id: ID!) { card(cardId: $id) { title } }',
      { id: card.id },
    );
    expect(readCard.errors?.[0]?.message).toContain(ERRORS.workspaceClosed.message);
    const write = await onOrg(
      outsider.agent,
      org.slug,
      'mutation($i: JSON!) { createCard(input: $i) { id } }',
      { i: { projectId, type: 'hypothesis', title: 'Sneaked in', section: 'channels' } },
    );
    expect(write.errors?.[0]?.message).toContain(ERRORS.workspaceClosed.message);
    const exported = await outsider.agent.get(`/api/graph/cards/${card.id}/export`, {
      host: `${org.slug}.assay.test`,
    });
    expect(exported.statusCode).toBe(403);
    expect(exported.json()).toMatchObject({ ref: ERRORS.workspaceClosed.ref });
    // The cards as CSV are the workspace's too; the dashboard's own PDF is theirs to take.
    const host = { host: `${org.slug}.assay.test` };
    const csv = await outsider.agent.get(`/api/proj/projects/${projectId}/export/cards.csv`, host);
    expect(csv.json()).toMatchObject({ ref: ERRORS.workspaceClosed.ref });
    const pdf = await outsider.agent.get(
      `/api/proj/projects/${projectId}/export/dashboard.pdf`,
      host,
    );
    expect(pdf.statusCode).toBe(200);

    // Organisation admins and the project's own members open it.
    expect((await canvas(admin.agent)).errors).toBeUndefined();
    expect(await abilities(admin.agent)).toEqual({ dashboard: true, list: true });
    const added = await onOrg(
      owner.agent,
      org.slug,
      'mutation($p: ID!, $m: ID!) { setProjectMember(projectId: $p, profileId: $m, role: "viewer") { role } }',
      { p: projectId, m: outsider.profileId },
    );
    expect(added.errors).toBeUndefined();
    expect((await canvas(outsider.agent)).data).toEqual({
      canvas: { cards: [{ title: 'Teams pay' }] },
    });
    expect(await abilities(outsider.agent)).toEqual({ dashboard: true, list: true });
    const rest = await outsider.agent.get(`/api/proj/projects/${projectId}`, {
      host: `${org.slug}.assay.test`,
    });
    expect(rest.json()).toMatchObject({ openPath: `/workspace/${projectId}/canvas/business` });
  });

  it('opens every project on the academic license', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'academic' });
    const projectId = await createProjectIn(owner.agent, org.slug, 'Course work');
    await setMembership(projectId, false);
    const student = await addMember(built, owner.agent, org, 'collaborator');
    const answer = await onOrg(
      student.agent,
      org.slug,
      'query($p: ID!) { canvas(projectId: $p) { cards { title } } }',
      { p: projectId },
    );
    expect(answer.errors).toBeUndefined();
  });
});
