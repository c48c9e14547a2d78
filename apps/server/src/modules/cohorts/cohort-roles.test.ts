/**
 * What a cohort's roles give in its teams (part 2 §6), changing and removing members, the comments
 * reports, instructor comments on presentations, the organisation's cohort limit and the
 * subscription flag.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '@assay/domain';
import { buildTestApp } from '../../../test/app.ts';
import type { Agent } from '../../../test/agent.ts';
import {
  academicWorld,
  cohortPerson,
  makeCohort,
  makeTeam,
  type AcademicWorld,
} from '../../../test/cohorts.ts';
import { addMember, onOrg } from '../../../test/organization.ts';
import { organizations } from '../organizations/schema.ts';
import { projects } from '../projects/schema.ts';
import { cohorts } from './schema.ts';

const built = await buildTestApp();

const FIELDS = `id subscriptionExpired teams { id name isSample members { profileId role } }
  members { profileId role }`;
interface Cohort {
  id: string;
  subscriptionExpired: boolean;
  teams: {
    id: string;
    name: string;
    isSample: boolean;
    members: { profileId: string; role: string }[];
  }[];
  members: { profileId: string; role: string }[];
}

/** A cohort with two teams, the Sample Team, a student in each team and staff of every kind. */
async function classroom() {
  const w = await academicWorld(built);
  const { cohort } = await makeCohort<Cohort>(w, FIELDS);
  await makeTeam(w, FIELDS, cohort!.id, 'Rocket Team');
  const { cohort: full } = await makeTeam<Cohort>(w, FIELDS, cohort!.id, 'Ocean Team');
  const team = (name: string) => full!.teams.find((t) => t.name === name)!.id;
  const teams = {
    rocket: team('Rocket Team'),
    ocean: team('Ocean Team'),
    sample: team('Sample Team'),
  };
  const join = (invitation: Parameters<typeof cohortPerson>[3]) =>
    cohortPerson(built, w, cohort!.id, invitation);
  const people = {
    rocketStudent: await join({
      cohortRole: null,
      team: { id: teams.rocket, role: 'collaborator' },
    }),
    oceanStudent: await join({ cohortRole: null, team: { id: teams.ocean, role: 'collaborator' } }),
    instructor: await join({ cohortRole: 'instructor', team: null }),
    mentor: await join({ cohortRole: 'mentor', team: null }),
    observer: await join({ cohortRole: 'observer', team: null }),
    cohortAdmin: await join({ cohortRole: 'admin', team: null }),
    outsider: await addMember(built, w.owner, w.org, 'collaborator'),
  };
  return { w, cohortId: cohort!.id, teams, people };
}

/** A published hypothesis card made by the agent in the team (refused: no id). */
async function createCard(w: AcademicWorld, agent: Agent, projectId: string, title: string) {
  const answer = await w.run(
    agent,
    'mutation($i: JSON!) { createCard(input: $i) { id version } }',
    {
      i: { projectId, type: 'hypothesis', title },
    },
  );
  const made = answer.data?.createCard as { id: string; version: number } | null;
  if (made)
    await w.run(
      agent,
      'mutation($id: ID!, $v: Int!) { publishCard(cardId: $id, version: $v) { id } }',
      {
        id: made.id,
        v: made.version,
      },
    );
  return { id: made?.id, answer };
}

async function comment(
  w: AcademicWorld,
  agent: Agent,
  subjectType: string,
  subjectId: string,
  body: string,
) {
  return w.run(agent, 'mutation($i: JSON!) { addComment(input: $i) { id engagementType } }', {
    i: { subjectType, subjectId, body },
  });
}

const status = (answer: { errors?: { message: string }[] }) =>
  answer.errors?.[0]?.message.match(/statusCode:(\d+)/)?.[1] ?? 'ok';

describe('cohort roles in the teams', () => {
  it('let students edit their own team and read the others, staff comment, observers read, outsiders see nothing', async () => {
    const { w, teams, people } = await classroom();
    const seeProject = async (agent: Agent, id: string) =>
      status(await w.run(agent, 'query($id: ID!) { project(id: $id) { id } }', { id }));
    const listed = async (agent: Agent) =>
      (
        (await w.run(agent, '{ projects { projects { id } } }')).data?.projects as {
          projects: { id: string }[];
        }
      ).projects.map((p) => p.id);

    // Students: their own team is theirs to edit; the others' they read but do not write to.
    expect((await createCard(w, people.rocketStudent.agent, teams.rocket, 'Ours')).id).toBeTruthy();
    expect(await seeProject(people.rocketStudent.agent, teams.ocean)).toBe('ok');
    expect(
      status((await createCard(w, people.rocketStudent.agent, teams.ocean, 'Theirs')).answer),
    ).toBe('403');
    const { id: oceanCard } = await createCard(
      w,
      people.oceanStudent.agent,
      teams.ocean,
      'Ocean idea',
    );
    expect(status(await comment(w, people.rocketStudent.agent, 'card', oceanCard!, 'Nice'))).toBe(
      '403',
    );

    // Mentors and instructors comment on every team, and add no cards.
    expect(status(await comment(w, people.mentor.agent, 'card', oceanCard!, 'Try pricing'))).toBe(
      'ok',
    );
    expect(status(await comment(w, people.instructor.agent, 'card', oceanCard!, 'Good'))).toBe(
      'ok',
    );
    expect(status((await createCard(w, people.mentor.agent, teams.ocean, 'No')).answer)).toBe(
      '403',
    );
    // Observers read; they do not comment.
    expect(await seeProject(people.observer.agent, teams.rocket)).toBe('ok');
    expect(status(await comment(w, people.observer.agent, 'card', oceanCard!, 'Hm'))).toBe('403');
    // Cohort admins run the teams.
    expect(
      (await createCard(w, people.cohortAdmin.agent, teams.ocean, 'Admin card')).id,
    ).toBeTruthy();

    // A member of the organisation with no part in the cohort neither finds nor lists its teams.
    expect(await seeProject(people.outsider.agent, teams.rocket)).toBe('404');
    expect(await listed(people.outsider.agent)).not.toContain(teams.rocket);
    expect(await listed(people.rocketStudent.agent)).toEqual(
      expect.arrayContaining([teams.rocket, teams.ocean]),
    );

    // The Sample Team: admins and instructors work in it like members; everyone else observes.
    expect((await createCard(w, people.instructor.agent, teams.sample, 'Example')).id).toBeTruthy();
    expect(status((await createCard(w, people.mentor.agent, teams.sample, 'No')).answer)).toBe(
      '403',
    );
    expect(
      status((await createCard(w, people.rocketStudent.agent, teams.sample, 'No')).answer),
    ).toBe('403');
    expect(await seeProject(people.rocketStudent.agent, teams.sample)).toBe('ok');
  });

  it('change cohort roles, move people between teams and take them out of the cohort', async () => {
    const { w, cohortId, teams, people } = await classroom();
    const set = (input: Record<string, unknown>) =>
      w.run(w.owner, `mutation($i: JSON!) { setCohortRole(input: $i) { ${FIELDS} } }`, {
        i: { cohortId, ...input },
      });
    const promoted = await set({ profileId: people.mentor.profileId, role: 'instructor' });
    expect((promoted.data?.setCohortRole as Cohort).members).toContainEqual({
      profileId: people.mentor.profileId,
      role: 'instructor',
    });
    // Coach needs the cohortGuests feature; other organisations' people are not found.
    const coach = await set({ profileId: people.mentor.profileId, role: 'guest' });
    expect(coach.errors?.[0]?.message).toContain('guest is not a valid role');
    const other = await academicWorld(built);
    const stranger = await addMember(built, other.owner, other.org, 'collaborator');
    expect(status(await set({ profileId: stranger.profileId, role: 'mentor' }))).toBe('404');
    // "default" takes the person off the cohort's list.
    const defaulted = await set({ profileId: people.observer.profileId, role: 'default' });
    expect((defaulted.data?.setCohortRole as Cohort).members.map((m) => m.profileId)).not.toContain(
      people.observer.profileId,
    );
    // Only the cohort's admins and the organisation's may change roles.
    expect(
      status(
        await w.run(
          people.instructor.agent,
          'mutation($i: JSON!) { setCohortRole(input: $i) { id } }',
          {
            i: { cohortId, profileId: people.mentor.profileId, role: 'observer' },
          },
        ),
      ),
    ).toBe('403');

    const team = (input: Record<string, unknown>) =>
      w.run(w.owner, `mutation($i: JSON!) { setCohortTeamRole(input: $i) { ${FIELDS} } }`, {
        i: { cohortId, profileId: people.rocketStudent.profileId, ...input },
      });
    const moved = await team({ teamId: teams.ocean, role: 'admin' });
    const ocean = (moved.data?.setCohortTeamRole as Cohort).teams.find(
      (t) => t.id === teams.ocean,
    )!;
    expect(ocean.members).toContainEqual({
      profileId: people.rocketStudent.profileId,
      role: 'admin',
    });
    const refused = await team({ teamId: teams.sample, role: 'collaborator' });
    expect(refused.errors?.[0]?.message).toContain('members cannot be added to the Sample Team');
    await team({ teamId: teams.rocket, role: null });
    expect(
      status((await createCard(w, people.rocketStudent.agent, teams.rocket, 'x')).answer),
    ).toBe('403');
    expect((await createCard(w, people.rocketStudent.agent, teams.ocean, 'y')).id).toBeTruthy();

    // Taken out: no team, no cohort.
    const removed = await w.run(
      w.owner,
      `mutation($c: ID!, $p: ID!) { removeFromCohort(cohortId: $c, profileId: $p) { ${FIELDS} } }`,
      { c: cohortId, p: people.rocketStudent.profileId },
    );
    const after = removed.data?.removeFromCohort as Cohort;
    expect(after.teams.flatMap((t) => t.members.map((m) => m.profileId))).not.toContain(
      people.rocketStudent.profileId,
    );
    expect(
      status(
        await w.run(people.rocketStudent.agent, 'query($id: ID!) { cohort(id: $id) { id } }', {
          id: cohortId,
        }),
      ),
    ).toBe('404');
    expect(
      status(
        await w.run(people.rocketStudent.agent, 'query($id: ID!) { project(id: $id) { id } }', {
          id: teams.ocean,
        }),
      ),
    ).toBe('404');
  });
});

describe('deactivated cohorts', () => {
  it('leave students their teams to read once their access has ended; staff keep theirs', async () => {
    const { w, cohortId, teams, people } = await classroom();
    const { id: card } = await createCard(w, people.rocketStudent.agent, teams.rocket, 'Before');
    expect(card).toBeTruthy();
    // Instruction ended long ago: the six weeks of access are over.
    const ended = await w.run(
      w.owner,
      'mutation($i: JSON!) { updateCohort(input: $i) { deactivatesAt deactivated } }',
      {
        i: { cohortId, endsAt: '2026-01-01T00:00:00Z' },
      },
    );
    expect(ended.data?.updateCohort).toEqual({
      deactivatesAt: '2026-02-12T00:00:00.000Z',
      deactivated: true,
    });
    expect(
      status((await createCard(w, people.rocketStudent.agent, teams.rocket, 'After')).answer),
    ).toBe('403');
    expect(
      status(
        await w.run(people.rocketStudent.agent, 'query($id: ID!) { card(cardId: $id) { id } }', {
          id: card!,
        }),
      ),
    ).toBe('ok');
    expect(status(await comment(w, people.mentor.agent, 'card', card!, 'Still here'))).toBe('ok');
    // A later deactivation date gives the access back.
    await w.run(w.owner, 'mutation($i: JSON!) { updateCohort(input: $i) { id } }', {
      i: { cohortId, deactivatesAt: '2099-01-01T00:00:00Z' },
    });
    expect(
      (await createCard(w, people.rocketStudent.agent, teams.rocket, 'Again')).id,
    ).toBeTruthy();
  });
});

describe('comments reports', () => {
  const REPORT = `teams { id name } staff { name role kind total counts { teamId count } }
    peer { name role kind total counts { teamId count } }`;
  interface Row {
    name: string;
    role: string;
    kind: string;
    total: number;
    counts: { teamId: string; count: number }[];
  }
  interface Report {
    teams: { id: string; name: string }[];
    staff: Row[] | null;
    peer: Row[] | null;
  }

  it('count staff comments per team, and peer comments once the cohort turns them on', async () => {
    const { w, cohortId, teams, people } = await classroom();
    const { id: rocketCard } = await createCard(w, people.rocketStudent.agent, teams.rocket, 'R');
    const { id: oceanCard } = await createCard(w, people.oceanStudent.agent, teams.ocean, 'O');
    await comment(w, people.instructor.agent, 'card', rocketCard!, 'One');
    await comment(w, people.instructor.agent, 'card', oceanCard!, 'Two');
    await comment(w, people.mentor.agent, 'project', teams.ocean, 'Three');
    await comment(w, people.rocketStudent.agent, 'card', rocketCard!, 'Own team: not counted');
    // A student on another team comments through a presentation.
    const made = await w.run(
      w.owner,
      'mutation($i: JSON!) { createPresentation(input: $i) { teams { id name } } }',
      { i: { cohortId, name: 'Demo day' } },
    );
    const rocketPresentation = (
      made.data?.createPresentation as { teams: { id: string; name: string }[] }
    ).teams.find((t) => t.name === 'Rocket Team')!.id;
    expect(
      status(
        await comment(w, people.oceanStudent.agent, 'presentation', rocketPresentation, 'Cool'),
      ),
    ).toBe('ok');

    const report = async (agent: Agent, period = 'all') => {
      const answer = await w.run(
        agent,
        `query($c: ID!, $p: String) { cohortCommentsReport(cohortId: $c, period: $p) { ${REPORT} } }`,
        { c: cohortId, p: period },
      );
      return { report: answer.data?.cohortCommentsReport as Report | undefined, answer };
    };
    const { report: staffView } = await report(people.instructor.agent);
    expect(staffView!.teams.map((t) => t.name)).toEqual(['Ocean Team', 'Rocket Team']);
    const byName = (rows: Row[] | null, id: string) => rows!.find((r) => r.name === id) ?? null;
    const instructorName = staffView!.staff!.find((r) => r.role === 'instructor')!;
    expect(instructorName).toMatchObject({ kind: 'staff', total: 2 });
    expect(instructorName.counts).toEqual([
      { teamId: teams.ocean, count: 1 },
      { teamId: teams.rocket, count: 1 },
    ]);
    expect(staffView!.staff!.find((r) => r.role === 'mentor')).toMatchObject({ total: 1 });
    expect(staffView!.staff).toHaveLength(2);
    expect(staffView!.peer).toBeNull();
    expect(byName(staffView!.staff, 'nobody')).toBeNull();
    expect(status((await report(people.rocketStudent.agent)).answer)).toBe('403');
    expect((await report(people.instructor.agent, 'week')).report!.staff).toHaveLength(2);

    await w.run(w.owner, 'mutation($i: JSON!) { updateCohort(input: $i) { id } }', {
      i: { cohortId, settings: { peerCommentsReport: true } },
    });
    const { report: studentView } = await report(people.rocketStudent.agent);
    expect(studentView!.staff).toBeNull();
    expect(studentView!.peer).toEqual([
      expect.objectContaining({
        kind: 'peer',
        role: 'student',
        total: 1,
        counts: [
          { teamId: teams.ocean, count: 0 },
          { teamId: teams.rocket, count: 1 },
        ],
      }),
    ]);
    expect((await report(w.owner)).report!.peer).toHaveLength(1);
  });

  it('keep instructor comments on a presentation to staff and the team unless they are public', async () => {
    const { w, cohortId, people } = await classroom();
    const made = await w.run(
      w.owner,
      'mutation($i: JSON!) { createPresentation(input: $i) { id teams { id name commentCount } } }',
      { i: { cohortId, name: 'Demo day' } },
    );
    const rocket = (
      made.data?.createPresentation as { teams: { id: string; name: string }[] }
    ).teams.find((t) => t.name === 'Rocket Team')!.id;
    // The team titles what it presents; another team may not.
    const title = (agent: Agent) =>
      w.run(
        agent,
        'mutation($i: JSON!) { updateTeamPresentation(input: $i) { teams { id title } } }',
        {
          i: { teamPresentationId: rocket, name: 'From labs to clinics' },
        },
      );
    expect(status(await title(people.oceanStudent.agent))).toBe('403');
    const titled = await title(people.rocketStudent.agent);
    expect(
      (
        titled.data?.updateTeamPresentation as { teams: { id: string; title: string }[] }
      ).teams.find((t) => t.id === rocket)?.title,
    ).toBe('From labs to clinics');
    const critique = await comment(
      w,
      people.instructor.agent,
      'presentation',
      rocket,
      'Sharpen the ask',
    );
    expect(critique.data?.addComment).toMatchObject({ engagementType: 'instructor' });
    const byMentor = await comment(w, people.mentor.agent, 'presentation', rocket, 'Nice deck');
    expect(byMentor.data?.addComment).toMatchObject({ engagementType: 'mentor' });

    const read = async (agent: Agent) => {
      const answer = await onOrg(
        agent,
        w.org.slug,
        'query($id: ID!) { comments(subjectType: "presentation", subjectId: $id) { body } }',
        { id: rocket },
      );
      return (answer.data?.comments as { body: string }[]).map((c) => c.body).sort();
    };
    const counted = async (agent: Agent) => {
      const answer = await w.run(
        agent,
        'query($c: ID!) { cohortPresentations(cohortId: $c) { teams { id commentCount } } }',
        { c: cohortId },
      );
      const list = answer.data?.cohortPresentations as {
        teams: { id: string; commentCount: number }[];
      }[];
      return list[0]!.teams.find((t) => t.id === rocket)!.commentCount;
    };
    expect(await read(people.rocketStudent.agent)).toEqual(['Nice deck', 'Sharpen the ask']);
    expect(await read(people.mentor.agent)).toEqual(['Nice deck', 'Sharpen the ask']);
    expect(await read(people.oceanStudent.agent)).toEqual(['Nice deck']);
    expect(await counted(people.oceanStudent.agent)).toBe(1);
    expect(await counted(people.rocketStudent.agent)).toBe(2);

    await w.run(w.owner, 'mutation($i: JSON!) { updateCohort(input: $i) { id } }', {
      i: { cohortId, settings: { publicInstructorComments: true } },
    });
    expect(await read(people.oceanStudent.agent)).toEqual(['Nice deck', 'Sharpen the ask']);
    expect(await counted(people.oceanStudent.agent)).toBe(2);
  });
});

describe('cohort canvas and limits', () => {
  it('starts new teams from the cohort’s canvas template; only the organisation gives hours', async () => {
    const { w, cohortId, people } = await classroom();
    await built.services.database.db
      .update(organizations)
      .set({
        canvasTemplates: {
          defaultTemplateId: null,
          templates: [
            { id: 'lean-launchpad', name: 'Lean LaunchPad', protected: true, sections: {} },
          ],
        },
      })
      .where(eq(organizations.id, w.org.id));
    const update = (agent: Agent, input: Record<string, unknown>) =>
      w.run(
        agent,
        'mutation($i: JSON!) { updateCohort(input: $i) { defaultCanvasId limits { transcriptionHours } } }',
        {
          i: { cohortId, ...input },
        },
      );
    const bogus = await update(w.owner, { defaultCanvasId: 'not-ours' });
    expect(bogus.errors?.[0]?.message).toContain(
      'That canvas template is not one of your organization’s.',
    );
    expect(
      (await update(w.owner, { defaultCanvasId: 'lean-launchpad' })).data?.updateCohort,
    ).toMatchObject({
      defaultCanvasId: 'lean-launchpad',
    });
    const { cohort } = await makeTeam<Cohort>(w, FIELDS, cohortId, 'Canvas Team');
    const teamId = cohort!.teams.find((t) => t.name === 'Canvas Team')!.id;
    const project = await w.run(
      w.owner,
      'query($id: ID!) { project(id: $id) { canvas { templateId } } }',
      {
        id: teamId,
      },
    );
    expect(project.data?.project).toEqual({ canvas: { templateId: 'lean-launchpad' } });

    // A cohort admin runs the cohort but does not give it transcription hours.
    expect(
      status(await update(people.cohortAdmin.agent, { limits: { transcriptionHours: 5 } })),
    ).toBe('403');
    expect(
      (await update(w.owner, { limits: { transcriptionHours: 5 } })).data?.updateCohort,
    ).toMatchObject({
      limits: { transcriptionHours: 5 },
    });
  });
});

describe('cohort limits and subscription', () => {
  it('refuses a cohort over the organisation’s limit and flags an expired cohort subscription', async () => {
    const w = await academicWorld(built);
    await built.services.database.db
      .update(organizations)
      .set({ limits: { cohort: 1 } })
      .where(eq(organizations.id, w.org.id));
    const { cohort } = await makeCohort<Cohort>(w, FIELDS);
    expect(cohort?.subscriptionExpired).toBe(false);
    const { answer } = await makeCohort(w, 'id', { name: 'Second' });
    expect(answer.errors?.[0]?.message).toContain(ERRORS.cohortLimitReached.message);

    await built.services.database.db
      .update(cohorts)
      .set({ billing: { expirationDate: '2020-01-01T00:00:00Z' } })
      .where(eq(cohorts.id, cohort!.id));
    const expired = await w.run(
      w.owner,
      'query($id: ID!) { cohort(id: $id) { subscriptionExpired } }',
      {
        id: cohort!.id,
      },
    );
    expect(expired.data?.cohort).toEqual({ subscriptionExpired: true });
    await built.services.database.db
      .update(cohorts)
      .set({ billing: { expirationDate: '2020-01-01T00:00:00Z', manual: true } })
      .where(eq(cohorts.id, cohort!.id));
    const manual = await w.run(
      w.owner,
      'query($id: ID!) { cohort(id: $id) { subscriptionExpired } }',
      {
        id: cohort!.id,
      },
    );
    expect(manual.data?.cohort).toEqual({ subscriptionExpired: false });
  });

  it('opens an academic-private team only to its own people and the staff (part 1 §2.5)', async () => {
    const { w, cohortId, teams, people } = await classroom();
    await built.services.database.db
      .update(projects)
      .set({ settings: sql`${projects.settings} || '{"academicPrivate": true}'::jsonb` })
      .where(eq(projects.id, teams.ocean));
    const canvas = (agent: Agent) =>
      w.run(agent, 'query($p: ID!) { canvas(projectId: $p) { cards { title } } }', {
        p: teams.ocean,
      });
    const opens = async (agent: Agent) => {
      const answer = await w.run(
        agent,
        'query($id: ID!) { cohort(id: $id) { teams { id openPath } } }',
        {
          id: cohortId,
        },
      );
      const list = (answer.data?.cohort as { teams: { id: string; openPath: string }[] }).teams;
      const path = list.find((t) => t.id === teams.ocean)?.openPath;
      // The leaderboard's team links open the same place.
      const board = await w.run(
        agent,
        'query($id: ID!) { cohortLeaderboard(cohortId: $id) { teams { id openPath } } }',
        { id: cohortId },
      );
      const ranked = (
        board.data?.cohortLeaderboard as { teams: { id: string; openPath: string }[] }
      ).teams;
      expect(ranked.find((t) => t.id === teams.ocean)?.openPath).toBe(path);
      return path;
    };
    // Another team's student: the dashboard, and the canvas refused with the reason.
    expect(await opens(people.rocketStudent.agent)).toBe(
      `/project-dashboard/${teams.ocean}/overview`,
    );
    expect((await canvas(people.rocketStudent.agent)).errors?.[0]?.message).toContain(
      ERRORS.workspaceClosed.message,
    );
    // Its own student and the staff open its canvas.
    for (const agent of [people.oceanStudent.agent, people.instructor.agent, w.owner]) {
      expect(await opens(agent)).toBe(`/workspace/${teams.ocean}/canvas/business`);
      expect((await canvas(agent)).errors).toBeUndefined();
    }
    // A team that is not academic-private stays open to every team of the cohort.
    expect(
      (
        await w.run(
          people.rocketStudent.agent,
          'query($p: ID!) { canvas(projectId: $p) { cards { title } } }',
          { p: teams.sample },
        )
      ).errors,
    ).toBeUndefined();
  });
});
