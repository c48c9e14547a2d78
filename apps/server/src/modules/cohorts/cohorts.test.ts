import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CSV_MESSAGES, ERRORS, weekStartOf } from '@assay/domain';
import { buildTestApp } from '../../../test/app.ts';
import { signUpUser } from '../../../test/factories.ts';
import type { Agent } from '../../../test/agent.ts';
import { addMember, onOrg, ownerWithOrganization } from '../../../test/organization.ts';
import { cards } from '../cards/schema.ts';
import { invites } from '../organizations/schema.ts';
import { uploadAs } from '../../../test/uploads.ts';
import {
  academicWorld,
  cohortPerson,
  makeCohort,
  makeTeam,
  type AcademicWorld,
} from '../../../test/cohorts.ts';

const built = await buildTestApp();

const COHORT = `id name draft started ended deactivated isEnding role
  settings { weeklyInterviewGoal customTeamCount publicInstructorComments peerCommentsReport }
  abilities { view manage commentOnTeams critiquePresentations seeAllTeams }
  teams { id name isSample members { profileId role email } }
  members { profileId email role }`;
const RESULT = 'joined invited rowErrors errors { email message }';

interface Cohort {
  id: string;
  name: string;
  draft: boolean;
  started: boolean;
  ended: boolean;
  isEnding: boolean;
  role: string;
  settings: { weeklyInterviewGoal: number; customTeamCount: number | null };
  abilities: { view: boolean; manage: boolean; commentOnTeams: boolean; seeAllTeams: boolean };
  teams: {
    id: string;
    name: string;
    isSample: boolean;
    members: { email: string; role: string }[];
  }[];
  members: { email: string; role: string }[];
}
interface InviteResult {
  joined: string[];
  invited: string[];
  rowErrors: string[];
  errors: { email: string; message: string }[];
}

const academic = () => academicWorld(built);
type World = AcademicWorld;

const createCohort = (w: World, input: Record<string, unknown> = {}) =>
  makeCohort<Cohort>(w, COHORT, input);
const addTeam = (w: World, cohortId: string, name: string) =>
  makeTeam<Cohort>(w, COHORT, cohortId, name);

async function importCsv(w: World, cohortId: string, text: string, filename = 'students.csv') {
  const answer = await w.run(
    w.owner,
    `mutation($c: ID!, $f: String!, $t: String!) { importCohortCsv(cohortId: $c, filename: $f, text: $t) { ${RESULT} } }`,
    { c: cohortId, f: filename, t: text },
  );
  return { result: answer.data?.importCohortCsv as InviteResult | undefined, answer };
}

describe('cohorts', () => {
  it('are made as drafts with a Sample Team on the academic license only', async () => {
    const w = await academic();
    const { cohort } = await createCohort(w);
    expect(cohort).toMatchObject({
      name: 'Spring I-Corps',
      draft: true,
      started: true,
      ended: false,
    });
    expect(cohort?.abilities).toMatchObject({ manage: true });
    expect(cohort?.role).toBe('Admin');
    expect(cohort?.teams.map((t) => [t.name, t.isSample])).toEqual([['Sample Team', true]]);
    expect(cohort?.settings).toMatchObject({ weeklyInterviewGoal: 10, customTeamCount: null });

    const { owner, org } = await ownerWithOrganization(built, { license: 'team' });
    const refused = await onOrg(
      owner.agent,
      org.slug,
      'mutation { createCohort(input: { name: "X" }) { id } }',
    );
    expect(refused.errors?.[0]?.message).toContain(ERRORS.featureUnavailable.message);

    const collaborator = (await addMember(built, w.owner, w.org, 'collaborator')).agent;
    const notAdmin = await w.run(
      collaborator,
      'mutation { createCohort(input: { name: "X" }) { id } }',
    );
    expect(notAdmin.errors?.[0]?.message).toContain('statusCode:403');
  });

  it('updates settings, dates and publishes; the timing flags follow the dates', async () => {
    const w = await academic();
    const { cohort } = await createCohort(w);
    const soon = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString();
    const answer = await w.run(
      w.owner,
      `mutation($i: JSON!) { updateCohort(input: $i) { ${COHORT} } }`,
      {
        i: {
          cohortId: cohort!.id,
          draft: false,
          endsAt: soon,
          settings: { weeklyInterviewGoal: 12, customTeamCount: 4 },
        },
      },
    );
    expect(answer.data?.updateCohort).toMatchObject({
      draft: false,
      isEnding: true,
      ended: false,
      settings: { weeklyInterviewGoal: 12, customTeamCount: 4 },
    });
    const bad = await w.run(w.owner, 'mutation($i: JSON!) { updateCohort(input: $i) { id } }', {
      i: { cohortId: cohort!.id, settings: { weeklyInterviewGoal: 0 } },
    });
    expect(bad.errors?.[0]?.message).toContain('The weekly interview goal must be at least 1.');
  });

  it('keeps every key of simultaneous partial updates (the fee and the switch saved at once)', async () => {
    const w = await academic();
    const { cohort } = await createCohort(w);
    const update = (i: Record<string, unknown>) =>
      w.run(w.owner, 'mutation($i: JSON!) { updateCohort(input: $i) { id } }', {
        i: { cohortId: cohort!.id, ...i },
      });
    // 40 writes at once, each to its own key of the same JSON columns.
    const answers = await Promise.all([
      update({ payment: { editorFeeInCents: 4900 } }),
      update({ payment: { editorPay: true } }),
      update({ settings: { weeklyInterviewGoal: 7 } }),
      update({ settings: { customTeamCount: 3 } }),
      update({ info: { university: 'Tech U' } }),
      update({ info: { hub: 'West' } }),
      ...Array.from({ length: 34 }, (_, n) => update({ info: { [`agency`]: `A${n}` } })),
    ]);
    for (const a of answers) expect(a.errors).toBeUndefined();
    const read = await w.run(
      w.owner,
      `query($id: ID!) { cohort(id: $id) { payment { editorPay editorFeeInCents } settings { weeklyInterviewGoal customTeamCount } info { university hub } } }`,
      { id: cohort!.id },
    );
    expect(read.data?.cohort).toMatchObject({
      payment: { editorPay: true, editorFeeInCents: 4900 },
      settings: { weeklyInterviewGoal: 7, customTeamCount: 3 },
      info: { university: 'Tech U', hub: 'West' },
    });
  });

  it('adds teams, refusing a second team of the same name with ref 58', async () => {
    const w = await academic();
    const { cohort } = await createCohort(w);
    const { cohort: withTeam } = await addTeam(w, cohort!.id, 'Rocket Team');
    // The Sample Team is sorted last.
    expect(withTeam?.teams.map((t) => t.name)).toEqual(['Rocket Team', 'Sample Team']);
    const again = await addTeam(w, cohort!.id, 'rocket team');
    expect(again.answer.errors?.[0]?.message).toBe(
      'statusCode:400;message:Unable to add team: rocket team is already a team in this cohort.;ref:58;path:createCohortTeam',
    );
  });
});

describe('CSV invitations', () => {
  it('accepts only CSV files', async () => {
    const w = await academic();
    const { cohort } = await createCohort(w);
    const { answer } = await importCsv(w, cohort!.id, 'email,role', 'students.xlsx');
    expect(answer.errors?.[0]?.message).toContain(CSV_MESSAGES.onlyCsv);
  });

  it('reports every bad row with its message and invites nobody', async () => {
    const w = await academic();
    const { cohort } = await createCohort(w);
    await addTeam(w, cohort!.id, 'Rocket Team');
    const csv = [
      'email,role,team',
      ',team member,Rocket Team',
      'nope,mentor,',
      'bo@example.com,,',
      'cy@example.com,janitor,',
      'di@example.com,team member,Sample Team',
      ',,',
      'ok@example.com,team member,Rocket Team',
    ].join('\n');
    const { result } = await importCsv(w, cohort!.id, csv);
    expect(result?.rowErrors).toEqual([
      'Row 2 - an email is required',
      'Row 3 - nope is not a valid email',
      'Row 4 - a role is required',
      'Row 5 - janitor is not a valid role',
      'members cannot be added to the Sample Team',
    ]);
    expect(result?.invited).toEqual([]);
    const sent = await built.services.database.db
      .select()
      .from(invites)
      .where(eq(invites.email, 'ok@example.com'));
    expect(sent.filter((i) => i.organizationId === w.org.id)).toEqual([]);
  });

  it('invites students into teams and staff into the cohort; they join when they accept', async () => {
    const w = await academic();
    const { cohort } = await createCohort(w);
    const { cohort: withTeams } = await addTeam(w, cohort!.id, 'Rocket Team');
    const team = withTeams!.teams.find((t) => t.name === 'Rocket Team')!;
    const student = await signUpUser(built);
    const mentor = await signUpUser(built);
    const existing = await addMember(built, w.owner, w.org, 'collaborator');
    const csv = [
      'Email,Role,Team,First name,Last name',
      `${student.email},Team Member,Rocket Team,Sam,Lee`,
      `${mentor.email},Mentor,,Mia,Ng`,
      `${existing.email},Team Admin,Rocket Team,,`,
      `lost@example.com,team member,No such team,,`,
    ].join('\r\n');
    const { result } = await importCsv(w, cohort!.id, csv);
    expect(result?.rowErrors).toEqual([]);
    expect(result?.joined).toEqual([existing.email]);
    expect(result?.invited.sort()).toEqual(
      [student.email, mentor.email, 'lost@example.com'].sort(),
    );
    const pendingNow = (
      await w.run(
        w.owner,
        'query($id: ID!) { cohort(id: $id) { pendingInvites { email role team } } }',
        {
          id: cohort!.id,
        },
      )
    ).data?.cohort as { pendingInvites: { email: string; role: string; team: string | null }[] };
    expect(pendingNow.pendingInvites).toContainEqual({
      email: student.email,
      role: 'collaborator',
      team: 'Rocket Team',
    });
    expect(pendingNow.pendingInvites).toContainEqual({
      email: mentor.email,
      role: 'mentor',
      team: null,
    });
    // Importing again skips the pending invitations.
    expect((await importCsv(w, cohort!.id, csv)).result?.invited).toEqual([]);

    for (const person of [student, mentor]) {
      const joined = await person.agent.post(
        '/api/users/profiles',
        {},
        { 'x-organization-id': w.org.id },
      );
      expect(joined.statusCode).toBe(201);
    }
    const after = (
      await w.run(w.owner, `query($id: ID!) { cohort(id: $id) { ${COHORT} } }`, { id: cohort!.id })
    ).data?.cohort as Cohort;
    const teamMembers = after.teams
      .find((t) => t.id === team.id)!
      .members.map((m) => [m.email, m.role]);
    expect(teamMembers).toContainEqual([existing.email, 'admin']);
    expect(teamMembers).toContainEqual([student.email, 'collaborator']);
    expect(after.members.map((m) => [m.email, m.role])).toContainEqual([mentor.email, 'mentor']);

    // The mentor sees every team and comments, but does not run the cohort.
    const asMentor = await onOrg(
      mentor.agent,
      w.org.slug,
      `query($id: ID!) { cohort(id: $id) { ${COHORT} } }`,
      {
        id: cohort!.id,
      },
    );
    expect((asMentor.data?.cohort as Cohort).abilities).toMatchObject({
      manage: false,
      commentOnTeams: true,
      seeAllTeams: true,
    });
    const mentorUpdate = await onOrg(
      mentor.agent,
      w.org.slug,
      'mutation($i: JSON!) { updateCohort(input: $i) { id } }',
      {
        i: { cohortId: cohort!.id, name: 'Mine' },
      },
    );
    expect(mentorUpdate.errors?.[0]?.message).toContain('statusCode:403');
    // The student sees the cohort as a team member.
    const asStudent = await onOrg(
      student.agent,
      w.org.slug,
      `query($id: ID!) { cohort(id: $id) { role abilities { manage seeAllTeams } } }`,
      {
        id: cohort!.id,
      },
    );
    expect(asStudent.data?.cohort).toEqual({
      role: 'default (Member)',
      abilities: { manage: false, seeAllTeams: true },
    });
  });
});

describe('cohort visibility', () => {
  it('is not found for members without a part in it and for other organisations', async () => {
    const w = await academic();
    const { cohort } = await createCohort(w);
    const outsider = (await addMember(built, w.owner, w.org, 'collaborator')).agent;
    const hidden = await w.run(outsider, 'query($id: ID!) { cohort(id: $id) { id } }', {
      id: cohort!.id,
    });
    expect(hidden.errors?.[0]?.message).toContain('statusCode:404');
    expect((await w.run(outsider, '{ cohorts { id } }')).data?.cohorts).toEqual([]);
    const other = await academic();
    const foreign = await other.run(other.owner, 'query($id: ID!) { cohort(id: $id) { id } }', {
      id: cohort!.id,
    });
    expect(foreign.errors?.[0]?.message).toContain('statusCode:404');
    const foreignTeam = await other.run(
      other.owner,
      'mutation($c: ID!) { createCohortTeam(cohortId: $c, name: "Mine") { id } }',
      { c: cohort!.id },
    );
    expect(foreignTeam.errors?.[0]?.message).toContain('statusCode:404');
  });
});

describe('leaderboard', () => {
  const LEADERBOARD = `week weekLabel teams { name evidence counts { interviews inTesting invalidated validated instructorEngagements mentorEngagements } }
    teamTargets { interviews inTesting invalidated validated instructorEngagements mentorEngagements }
    cohortTargets { interviews validated }
    totals { interviews validated }
    averageEvidencePerTeam averageDaysToResult
    instructorEngagements { name engagements engagementsThisWeek }
    interviewsByWeek { label interviews }`;

  it('counts each team against the weekly targets, without the Sample Team', async () => {
    const w = await academic();
    // Since the first day of last week: week 2.
    const startsAt = new Date(
      weekStartOf(new Date()).getTime() - 7 * 24 * 60 * 60 * 1000,
    ).toISOString();
    const { cohort } = await createCohort(w, { startsAt });
    await w.run(w.owner, 'mutation($i: JSON!) { updateCohort(input: $i) { id } }', {
      i: { cohortId: cohort!.id, settings: { weeklyInterviewGoal: 4 } },
    });
    await addTeam(w, cohort!.id, 'Beta');
    const { cohort: withTeams } = await addTeam(w, cohort!.id, 'Alpha');
    const alpha = withTeams!.teams.find((t) => t.name === 'Alpha')!.id;
    const create = async (input: Record<string, unknown>) =>
      (
        await w.run(w.owner, 'mutation($i: JSON!) { createCard(input: $i) { id version } }', {
          i: { projectId: alpha, draft: false, title: 'Card', ...input },
        })
      ).data?.createCard as { id: string; version: number };
    // Interviews start as drafts and count once published (the publish rules are the cards').
    const interview = async (input: Record<string, unknown>) => {
      const card = await create({ type: 'interview', ...input });
      await built.services.database.db
        .update(cards)
        .set({ draft: false, publishedAt: new Date() })
        .where(eq(cards.id, card.id));
    };
    await interview({ title: 'Talk with Sam' });
    await interview({ title: 'Talk with Ana' });
    await interview({ title: 'Office hours', engagementType: 'instructor' });
    await create({ type: 'hypothesis', title: 'Still testing' });
    for (const result of ['validated', 'invalidated']) {
      const card = await create({ type: 'hypothesis', title: result });
      const updated = await w.run(
        w.owner,
        'mutation($i: JSON!) { updateHypothesis(input: $i) { id } }',
        { i: { cardId: card.id, version: card.version, result } },
      );
      expect(updated.errors).toBeUndefined();
    }
    // A draft counts for nothing.
    await create({ type: 'interview', title: 'Draft talk', draft: true });

    const answer = await w.run(
      w.owner,
      `query($id: ID!) { cohortLeaderboard(cohortId: $id) { ${LEADERBOARD} } }`,
      { id: cohort!.id },
    );
    const board = answer.data?.cohortLeaderboard as {
      week: number;
      teams: { name: string; evidence: number; counts: Record<string, number> }[];
      teamTargets: Record<string, number>;
      cohortTargets: Record<string, number>;
      totals: Record<string, number>;
      averageEvidencePerTeam: number;
      averageDaysToResult: number | null;
      instructorEngagements: { name: string; engagements: number; engagementsThisWeek: number }[];
      interviewsByWeek: { label: string; interviews: number }[];
    };
    expect(board.week).toBe(2);
    expect(board.teams.map((t) => t.name)).toEqual(['Alpha', 'Beta']);
    expect(board.teams[0]?.counts).toEqual({
      interviews: 2,
      inTesting: 1,
      invalidated: 1,
      validated: 1,
      instructorEngagements: 1,
      mentorEngagements: 0,
    });
    // Weekly targets × week 2; the cohort's also × 2 teams.
    expect(board.teamTargets).toEqual({
      interviews: 8,
      inTesting: 20,
      invalidated: 6,
      validated: 2,
      instructorEngagements: 10,
      mentorEngagements: 10,
    });
    expect(board.cohortTargets).toEqual({ interviews: 16, validated: 4 });
    expect(board.totals).toEqual({ interviews: 2, validated: 1 });
    // Three interviews (evidence) over two teams.
    expect(board.averageEvidencePerTeam).toBe(1.5);
    expect(board.averageDaysToResult).toBe(0);
    expect(board.instructorEngagements).toEqual([
      { name: 'Ada Lovelace', engagements: 1, engagementsThisWeek: 1 },
    ]);
    expect(board.interviewsByWeek).toHaveLength(2);
    expect(board.interviewsByWeek[1]?.interviews).toBe(2);
    expect(board.interviewsByWeek[0]?.label).toMatch(
      /^[A-Z][a-z]{2} \d{1,2} - [A-Z][a-z]{2} \d{1,2}$/,
    );
  });
});

describe('presentations', () => {
  const PRESENTATION = `id name session scoreAvg instructorCritique
    teams { id name isMember scoreAvg scoreCount myScore commentCount presentationMedia { filename } }`;
  interface Presentation {
    id: string;
    name: string;
    session: string | null;
    scoreAvg: number | null;
    instructorCritique: string;
    teams: {
      id: string;
      name: string;
      isMember: boolean;
      scoreAvg: number | null;
      scoreCount: number;
      myScore: number | null;
      commentCount: number;
      presentationMedia: { filename: string }[];
    }[];
  }

  it('are made for the teams; teams upload, mentors score and comment, instructors critique', async () => {
    const w = await academic();
    const { cohort } = await createCohort(w);
    await addTeam(w, cohort!.id, 'Rocket Team');
    const { cohort: withTeams } = await addTeam(w, cohort!.id, 'Ocean Team');
    const rocketId = withTeams!.teams.find((t) => t.name === 'Rocket Team')!.id;
    const mentor = await signUpUser(built);
    const instructor = await signUpUser(built);
    const student = await signUpUser(built);
    await w.run(
      w.owner,
      'mutation($c: ID!, $i: JSON!) { inviteToCohort(cohortId: $c, invitations: $i) { invited } }',
      {
        c: cohort!.id,
        i: [
          { email: mentor.email, cohortRole: 'mentor', team: null },
          { email: instructor.email, cohortRole: 'instructor', team: null },
          { email: student.email, cohortRole: null, team: { id: rocketId, role: 'collaborator' } },
        ],
      },
    );
    for (const person of [mentor, instructor, student])
      await person.agent.post('/api/users/profiles', {}, { 'x-organization-id': w.org.id });
    const as = (agent: Agent, query: string, variables: Record<string, unknown>) =>
      onOrg(agent, w.org.slug, query, variables);

    const made = await w.run(
      w.owner,
      `mutation($i: JSON!) { createPresentation(input: $i) { ${PRESENTATION} } }`,
      {
        i: { cohortId: cohort!.id, name: 'Week 1 pitch', session: 'Opportunity Assessment' },
      },
    );
    const presentation = made.data?.createPresentation as Presentation;
    // Every team but the Sample Team presents.
    expect(presentation.teams.map((t) => t.name)).toEqual(['Ocean Team', 'Rocket Team']);
    expect(presentation.session).toBe('Opportunity Assessment');
    const rocket = presentation.teams.find((t) => t.name === 'Rocket Team')!;
    const ocean = presentation.teams.find((t) => t.name === 'Ocean Team')!;

    // Students may not create presentations, nor score.
    const refused = await as(
      student.agent,
      'mutation($i: JSON!) { createPresentation(input: $i) { id } }',
      {
        i: { cohortId: cohort!.id, name: 'Mine' },
      },
    );
    expect(refused.errors?.[0]?.message).toContain('statusCode:403');
    const selfScore = await as(
      student.agent,
      'mutation($i: JSON!) { scoreTeamPresentation(input: $i) { id } }',
      {
        i: { teamPresentationId: rocket.id, score: 5 },
      },
    );
    expect(selfScore.errors?.[0]?.message).toContain('statusCode:403');

    // The student uploads the team's file.
    const host = { host: `${w.org.slug}.assay.test` };
    const key = await uploadAs(built, student.agent, {
      host: host.host,
      collection: 'presentations',
      locationId: rocket.id,
      filename: 'pitch.png',
    });
    const recorded = await student.agent.post(
      `/api/cohort/team-presentations/${rocket.id}/media`,
      { key },
      host,
    );
    expect(recorded.statusCode).toBe(200);
    // A student of another team cannot add files to this one.
    const otherStudent = await signUpUser(built);
    await w.run(
      w.owner,
      'mutation($c: ID!, $i: JSON!) { inviteToCohort(cohortId: $c, invitations: $i) { invited } }',
      {
        c: cohort!.id,
        i: [
          {
            email: otherStudent.email,
            cohortRole: null,
            team: {
              id: withTeams!.teams.find((t) => t.name === 'Ocean Team')!.id,
              role: 'collaborator',
            },
          },
        ],
      },
    );
    await otherStudent.agent.post('/api/users/profiles', {}, { 'x-organization-id': w.org.id });
    const foreignSign = await otherStudent.agent.get(
      `/api/media/sign?${new URLSearchParams({ filename: 'x.pdf', collection: 'presentations', locationId: rocket.id }).toString()}`,
      host,
    );
    expect(foreignSign.statusCode).toBe(403);

    // Mentor and instructor score; the mentor comments; the instructor critiques.
    for (const [agent, score] of [
      [mentor.agent, 4],
      [instructor.agent, 5],
    ] as const) {
      const scored = await as(
        agent,
        'mutation($i: JSON!) { scoreTeamPresentation(input: $i) { id } }',
        {
          i: { teamPresentationId: rocket.id, score },
        },
      );
      expect(scored.errors).toBeUndefined();
    }
    await as(mentor.agent, 'mutation($i: JSON!) { scoreTeamPresentation(input: $i) { id } }', {
      i: { teamPresentationId: ocean.id, score: 2 },
    });
    const outOfRange = await as(
      mentor.agent,
      'mutation($i: JSON!) { scoreTeamPresentation(input: $i) { id } }',
      {
        i: { teamPresentationId: rocket.id, score: 9 },
      },
    );
    expect(outOfRange.errors?.[0]?.message).toContain('Scores go from 1 to 5.');
    const comment = await as(mentor.agent, 'mutation($i: JSON!) { addComment(input: $i) { id } }', {
      i: { subjectType: 'presentation', subjectId: rocket.id, body: 'Sharp problem statement' },
    });
    expect(comment.errors).toBeUndefined();
    const critique = await as(
      instructor.agent,
      `mutation($i: JSON!) { updatePresentation(input: $i) { ${PRESENTATION} } }`,
      {
        i: { presentationId: presentation.id, instructorCritique: 'Talk to more buyers.' },
      },
    );
    expect((critique.data?.updatePresentation as Presentation).instructorCritique).toBe(
      'Talk to more buyers.',
    );
    const renameByInstructor = await as(
      instructor.agent,
      'mutation($i: JSON!) { updatePresentation(input: $i) { id } }',
      {
        i: { presentationId: presentation.id, name: 'Mine' },
      },
    );
    expect(renameByInstructor.errors?.[0]?.message).toContain('statusCode:403');

    const list = (
      await as(
        mentor.agent,
        `query($c: ID!) { cohortPresentations(cohortId: $c) { ${PRESENTATION} } }`,
        {
          c: cohort!.id,
        },
      )
    ).data?.cohortPresentations as Presentation[];
    const seen = list[0]!;
    const rocketSeen = seen.teams.find((t) => t.name === 'Rocket Team')!;
    expect(rocketSeen).toMatchObject({
      scoreAvg: 4.5,
      scoreCount: 2,
      myScore: 4,
      commentCount: 1,
      isMember: false,
      presentationMedia: [{ filename: 'pitch.png' }],
    });
    // The presentation's average is over every score given: (4 + 5 + 2) / 3.
    expect(seen.scoreAvg).toBe(3.7);
    const studentView = (
      await as(
        student.agent,
        `query($c: ID!) { cohortPresentations(cohortId: $c) { ${PRESENTATION} } }`,
        {
          c: cohort!.id,
        },
      )
    ).data?.cohortPresentations as Presentation[];
    expect(studentView[0]!.teams.find((t) => t.name === 'Rocket Team')?.isMember).toBe(true);

    const deleted = await w.run(
      w.owner,
      'mutation($id: ID!) { deletePresentation(presentationId: $id) }',
      {
        id: presentation.id,
      },
    );
    expect(deleted.data?.deletePresentation).toBe(true);
  });
});

describe('cohort billing', () => {
  async function cardToken(agent: Agent, number = '4111111111111111') {
    const answer = await agent.post('/api/payments/sandbox/js/v1/token', {
      first_name: 'Ada',
      last_name: 'Lovelace',
      number,
      month: '12',
      year: String(new Date().getFullYear() + 2),
      cvv: '123',
    });
    return (answer.json() as { id: string }).id;
  }

  it('keeps the cohort’s own card, adjustments and invoices, for those who run it', async () => {
    const w = await academic();
    const { cohort } = await createCohort(w);
    const host = { host: `${w.org.slug}.assay.test` };
    const base = `/api/org/cohorts/${cohort!.id}`;
    expect((await w.owner.get(`${base}/billing`, host)).json()).toMatchObject({ exists: false });
    const opened = await w.owner.post(
      `${base}/accounts`,
      { cohortId: cohort!.id, token: await cardToken(w.owner) },
      host,
    );
    expect(opened.statusCode).toBe(201);
    expect(opened.json()).toMatchObject({
      account: { code: `cohort-${cohort!.id}` },
      billingInfo: { lastFour: '1111' },
    });
    const replaced = await w.owner.put(
      `${base}/billing`,
      { cohortId: cohort!.id, token: await cardToken(w.owner, '5555555555554444') },
      host,
    );
    expect(replaced.json()).toMatchObject({ billingInfo: { lastFour: '4444' } });
    expect((await w.owner.get(`${base}/billing`, host)).json()).toMatchObject({
      exists: true,
      billingInfo: { lastFour: '4444' },
    });
    // A charge on the cohort's account: its adjustment and invoice, and the invoice's PDF.
    const invoice = await built.services.payments.purchase({
      accountCode: `cohort-${cohort!.id}`,
      description: 'Cohort seats',
      cents: 12000,
    });
    expect(invoice.totalInCents).toBe(12000);
    const adjustments = (await w.owner.get(`${base}/adjustments`, host)).json() as {
      description: string;
      amountInCents: number;
    }[];
    expect(adjustments).toContainEqual(
      expect.objectContaining({ description: 'Cohort seats', amountInCents: 12000 }),
    );
    const pdfLink = (
      await w.owner.get(`${base}/invoices/${invoice.id}?format=pdf`, host)
    ).json() as { url: string };
    expect(pdfLink.url).toBe(`${base}/invoices/${invoice.id}?format=pdf&download=1`);
    const pdf = await w.owner.get(pdfLink.url, host);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    // Another cohort's invoice is not this cohort's.
    const { cohort: other } = await createCohort(w, { name: 'Other' });
    await w.owner.post(
      `/api/org/cohorts/${other!.id}/accounts`,
      { token: await cardToken(w.owner) },
      host,
    );
    const foreign = await w.owner.get(`/api/org/cohorts/${other!.id}/invoices/${invoice.id}`, host);
    expect(foreign.json()).toMatchObject({ ref: ERRORS.invoiceNotFound.ref });
    // A mentor of the cohort does not see its billing.
    const mentor = await addMember(built, w.owner, w.org, 'collaborator');
    await w.run(
      w.owner,
      'mutation($c: ID!, $i: JSON!) { inviteToCohort(cohortId: $c, invitations: $i) { joined } }',
      { c: cohort!.id, i: [{ email: mentor.email, cohortRole: 'mentor', team: null }] },
    );
    expect((await mentor.agent.get(`${base}/billing`, host)).statusCode).toBe(403);
  });

  it('asks unpaid editors of an editor-pay cohort to pay, then lets them in', async () => {
    const w = await academic();
    const { cohort } = await createCohort(w);
    const { cohort: withTeam } = await addTeam(w, cohort!.id, 'Rocket Team');
    const teamId = withTeam!.teams.find((t) => t.name === 'Rocket Team')!.id;
    await w.run(w.owner, 'mutation($i: JSON!) { updateCohort(input: $i) { id } }', {
      i: { cohortId: cohort!.id, payment: { editorPay: true, editorFeeInCents: 4900 } },
    });
    const student = await addMember(built, w.owner, w.org, 'collaborator');
    await w.run(
      w.owner,
      'mutation($c: ID!, $i: JSON!) { inviteToCohort(cohortId: $c, invitations: $i) { joined } }',
      {
        c: cohort!.id,
        i: [{ email: student.email, cohortRole: null, team: { id: teamId, role: 'collaborator' } }],
      },
    );
    const made = await w.run(w.owner, 'mutation($i: JSON!) { createCard(input: $i) { id } }', {
      i: { projectId: teamId, type: 'hypothesis', title: 'Labs buy kits', draft: false },
    });
    const cardId = (made.data?.createCard as { id: string }).id;
    const open = () =>
      onOrg(student.agent, w.org.slug, 'query($id: ID!) { card(cardId: $id) { id title } }', {
        id: cardId,
      });
    const due = async () =>
      (
        (
          await onOrg(
            student.agent,
            w.org.slug,
            'query($id: ID!) { cohort(id: $id) { paymentDue payment { editorFeeInCents } } }',
            {
              id: cohort!.id,
            },
          )
        ).data?.cohort as { paymentDue: boolean }
      ).paymentDue;
    expect(await due()).toBe(true);
    expect((await open()).errors?.[0]?.message).toBe(
      `statusCode:402;message:${ERRORS.paymentDue.message};ref:2059;context:${cohort!.id};path:card`,
    );
    // The organisation's owner (staff) is never asked to pay.
    expect(
      (await w.run(w.owner, 'query($id: ID!) { card(cardId: $id) { id } }', { id: cardId })).errors,
    ).toBeUndefined();

    const host = { host: `${w.org.slug}.assay.test` };
    const url = `/api/org/profiles/${student.profileId}/cohorts/${cohort!.id}/accounts`;
    const someoneElse = await w.owner.post(url, { paymentToken: await cardToken(w.owner) }, host);
    expect(someoneElse.statusCode).toBe(403);
    const declined = await student.agent.post(
      url,
      {
        profileId: student.profileId,
        cohortId: cohort!.id,
        paymentToken: await cardToken(student.agent, '4000000000000002'),
      },
      host,
    );
    expect(declined.statusCode).toBe(402);
    expect((await open()).errors?.[0]?.message).toContain('ref:2059');
    const paid = await student.agent.post(
      url,
      {
        profileId: student.profileId,
        cohortId: cohort!.id,
        paymentToken: await cardToken(student.agent),
      },
      host,
    );
    expect(paid.statusCode).toBe(201);
    expect(paid.json()).toMatchObject({ paid: true, invoice: { totalInCents: 4900 } });
    expect((await open()).data?.card).toEqual({ id: cardId, title: 'Labs buy kits' });
    expect(await due()).toBe(false);
    const cohortView = (
      await w.run(w.owner, 'query($id: ID!) { cohort(id: $id) { members { email paid } } }', {
        id: cohort!.id,
      })
    ).data?.cohort as { members: { email: string; paid: boolean }[] };
    // A paid student with no cohort role stays off the cohort list (role default).
    expect(cohortView.members.map((m) => m.email)).not.toContain(student.email);
  });
});

describe('resources and course videos', () => {
  const RESOURCES =
    'resources { id title link } videos { id title url watched } resourceMedia { filename }';

  it('are kept by those who run the cohort, read by everyone, and videos report who watched', async () => {
    const w = await academic();
    const { cohort } = await createCohort(w);
    const { cohort: withTeam } = await addTeam(w, cohort!.id, 'Rocket Team');
    const teamId = withTeam!.teams.find((t) => t.name === 'Rocket Team')!.id;
    const student = await addMember(built, w.owner, w.org, 'collaborator');
    await w.run(
      w.owner,
      'mutation($c: ID!, $i: JSON!) { inviteToCohort(cohortId: $c, invitations: $i) { joined } }',
      {
        c: cohort!.id,
        i: [{ email: student.email, cohortRole: null, team: { id: teamId, role: 'collaborator' } }],
      },
    );
    const update = (agent: Agent, input: Record<string, unknown>) =>
      onOrg(
        agent,
        w.org.slug,
        `mutation($i: JSON!) { updateCohortResources(input: $i) { ${RESOURCES} } }`,
        {
          i: { cohortId: cohort!.id, ...input },
        },
      );
    const bad = await update(w.owner, {
      resources: [{ id: 'r1', title: 'Guide', link: 'ftp://x' }],
    });
    expect(bad.errors?.[0]?.message).toContain('Please enter a link starting with https://');
    const saved = await update(w.owner, {
      resources: [{ id: 'r1', title: 'Course guide', link: 'https://example.com/guide' }],
      videos: [
        { id: 'v1', title: 'Customer discovery', url: 'https://example.com/v1' },
        { id: 'v2', title: 'Interviews', url: 'https://example.com/v2' },
      ],
    });
    expect(saved.errors).toBeUndefined();
    expect((await update(student.agent, { videos: [] })).errors?.[0]?.message).toContain(
      'statusCode:403',
    );

    const watched = await onOrg(
      student.agent,
      w.org.slug,
      `mutation($c: ID!, $v: String!) { cohortVideoWatched(cohortId: $c, videoId: $v) { ${RESOURCES} } }`,
      { c: cohort!.id, v: 'v2' },
    );
    expect(
      (watched.data?.cohortVideoWatched as { videos: { id: string; watched: boolean }[] }).videos,
    ).toEqual([
      { id: 'v1', title: 'Customer discovery', url: 'https://example.com/v1', watched: false },
      { id: 'v2', title: 'Interviews', url: 'https://example.com/v2', watched: true },
    ]);
    const unknown = await onOrg(
      student.agent,
      w.org.slug,
      'mutation($c: ID!) { cohortVideoWatched(cohortId: $c, videoId: "nope") { videos { id } } }',
      { c: cohort!.id },
    );
    expect(unknown.errors?.[0]?.message).toContain('statusCode:404');
    const asStudent = await onOrg(
      student.agent,
      w.org.slug,
      `query($c: ID!) { cohortResources(cohortId: $c) { ${RESOURCES} } }`,
      {
        c: cohort!.id,
      },
    );
    expect(asStudent.data?.cohortResources).toMatchObject({
      resources: [{ title: 'Course guide' }],
      resourceMedia: [],
    });

    // A resource file, uploaded by those who run the cohort only.
    const host = { host: `${w.org.slug}.assay.test` };
    const sign = (agent: Agent) =>
      agent.get(
        `/api/media/sign?${new URLSearchParams({ filename: 'syllabus.png', collection: 'cohortResources', locationId: cohort!.id }).toString()}`,
        host,
      );
    expect((await sign(student.agent)).statusCode).toBe(403);
    const signed = (await sign(w.owner)).json() as { url: string; key: string };
    await built.app.inject({
      method: 'PUT',
      url: signed.url,
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
        'base64',
      ),
    });
    const file = await w.owner.post(
      `/api/cohort/cohorts/${cohort!.id}/resource-media`,
      { key: signed.key },
      host,
    );
    expect(file.statusCode).toBe(200);
    const withFile = await onOrg(
      student.agent,
      w.org.slug,
      `query($c: ID!) { cohortResources(cohortId: $c) { resourceMedia { filename } } }`,
      {
        c: cohort!.id,
      },
    );
    expect(withFile.data?.cohortResources).toEqual({
      resourceMedia: [{ filename: 'syllabus.png' }],
    });

    const report = await w.run(
      w.owner,
      'query($c: ID!) { cohortVideoReport(cohortId: $c) { id title watchedCount watchers { name } } }',
      { c: cohort!.id },
    );
    expect(report.data?.cohortVideoReport).toEqual([
      { id: 'v1', title: 'Customer discovery', watchedCount: 0, watchers: [] },
      { id: 'v2', title: 'Interviews', watchedCount: 1, watchers: [{ name: 'Ada Lovelace' }] },
    ]);
    const studentReport = await onOrg(
      student.agent,
      w.org.slug,
      'query($c: ID!) { cohortVideoReport(cohortId: $c) { id } }',
      { c: cohort!.id },
    );
    expect(studentReport.errors?.[0]?.message).toContain('statusCode:403');
  });
});

describe('engagement visibility', () => {
  it('shows each role only the engagements §6 gives it, in lists and one by one', async () => {
    const w = await academic();
    const { cohort } = await createCohort(w);
    const { cohort: withTeam } = await addTeam(w, cohort!.id, 'Rocket Team');
    const teamId = withTeam!.teams.find((t) => t.name === 'Rocket Team')!.id;
    const meeting = async (title: string, engagementType?: string) => {
      const made = await w.run(w.owner, 'mutation($i: JSON!) { createCard(input: $i) { id } }', {
        i: {
          projectId: teamId,
          type: 'interview',
          title,
          ...(engagementType ? { engagementType } : {}),
        },
      });
      const id = (made.data?.createCard as { id: string }).id;
      await built.services.database.db
        .update(cards)
        .set({ draft: false, publishedAt: new Date() })
        .where(eq(cards.id, id));
      return id;
    };
    const ids = {
      instructor: await meeting('Instructor office hours', 'instructor'),
      mentor: await meeting('Mentor session', 'mentor'),
      guest: await meeting('Coach session', 'guest'),
      customer: await meeting('Customer interview'),
    };
    const person = async (invitation: Parameters<typeof cohortPerson>[3]) =>
      (await cohortPerson(built, w, cohort!.id, invitation)).agent;
    const seen = async (agent: Agent) => {
      const feed = await onOrg(
        agent,
        w.org.slug,
        'query($p: ID!) { activityFeed(projectId: $p) { cards { title } } }',
        {
          p: teamId,
        },
      );
      const list = await onOrg(
        agent,
        w.org.slug,
        'query($p: ID!) { evidence(projectId: $p) { cards { title } } }',
        {
          p: teamId,
        },
      );
      const titles = (feed.data?.activityFeed as { cards: { title: string }[] }).cards
        .map((c) => c.title)
        .sort();
      expect(
        (list.data?.evidence as { cards: { title: string }[] }).cards.map((c) => c.title).sort(),
      ).toEqual(titles);
      return titles;
    };
    const all = [
      'Coach session',
      'Customer interview',
      'Instructor office hours',
      'Mentor session',
    ];
    expect(await seen(w.owner)).toEqual(all);
    const mentor = await person({ cohortRole: 'mentor', team: null });
    expect(await seen(mentor)).toEqual(['Customer interview', 'Mentor session']);
    const observer = await person({ cohortRole: 'observer', team: null });
    expect(await seen(observer)).toEqual(['Customer interview', 'Mentor session']);
    const instructor = await person({ cohortRole: 'instructor', team: null });
    expect(await seen(instructor)).toEqual(all);
    const student = await person({ cohortRole: null, team: { id: teamId, role: 'collaborator' } });
    expect(await seen(student)).toEqual(all);
    const teamCoach = await person({ cohortRole: null, team: { id: teamId, role: 'guest' } });
    expect(await seen(teamCoach)).toEqual(['Coach session', 'Customer interview']);
    const teamMentor = await person({ cohortRole: null, team: { id: teamId, role: 'commenter' } });
    expect(await seen(teamMentor)).toEqual(['Customer interview', 'Mentor session']);

    // One by one: a hidden engagement is simply not found.
    const open = (agent: Agent, id: string) =>
      onOrg(agent, w.org.slug, 'query($id: ID!) { card(cardId: $id) { id } }', { id });
    expect((await open(mentor, ids.instructor)).errors?.[0]?.message).toContain('statusCode:404');
    expect((await open(mentor, ids.mentor)).data?.card).toEqual({ id: ids.mentor });
    expect((await open(teamCoach, ids.mentor)).errors?.[0]?.message).toContain('statusCode:404');
    expect((await open(instructor, ids.guest)).data?.card).toEqual({ id: ids.guest });
  });
});
