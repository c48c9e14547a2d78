import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { academicWorld, cohortPerson, makeCohort, makeTeam } from '../../../test/cohorts.ts';
import { snapshotCohortWeeks } from './snapshots.ts';

const built = await buildTestApp();

const WEEKS = `query($c: ID!, $from: Int, $to: Int) { cohortWeeks(cohortId: $c, from: $from, to: $to) {
  weeks from to teams { team { name } from { hypotheses validated supported testNow } to { hypotheses validated supported testNow } moved } } }`;

describe('cohort weeks kept (#24)', () => {
  it('keeps every team’s map and metrics when a week ends, once, and compares week N with week M', async () => {
    const w = await academicWorld(built);
    const { cohort } = await makeCohort<{ id: string }>(w, 'id', {
      startsAt: '2026-11-02T00:00:00Z',
    });
    const { cohort: full } = await makeTeam<{ id: string; teams: { id: string; name: string }[] }>(
      w,
      'id teams { id name }',
      cohort!.id,
      'Rocket Team',
    );
    const published = await w.run(
      w.owner,
      'mutation($i: JSON!) { updateCohort(input: $i) { id draft } }',
      { i: { cohortId: cohort!.id, draft: false } },
    );
    expect(published.errors).toBeUndefined();
    const rocket = full!.teams.find((t) => t.name === 'Rocket Team')!.id;
    const student = await cohortPerson(built, w, cohort!.id, {
      cohortRole: null,
      team: { id: rocket, role: 'collaborator' },
    });
    const instructor = await cohortPerson(built, w, cohort!.id, {
      cohortRole: 'instructor',
      team: null,
    });
    const made = await w.run(
      student.agent,
      'mutation($i: JSON!) { createCard(input: $i) { id version } }',
      {
        i: {
          projectId: rocket,
          type: 'hypothesis',
          title: 'Clinics want reminders',
          section: 'customerSegments',
          draft: false,
        },
      },
    );
    const card = made.data?.createCard as { id: string; version: number };

    // The first week ends (Monday 9 November): forty timers at once keep it once.
    const firstEnded = new Date('2026-11-10T09:00:00Z');
    const written = await Promise.all(
      Array.from({ length: 40 }, () =>
        snapshotCohortWeeks(built.services, firstEnded, { cohortId: cohort!.id }),
      ),
    );
    // one team (the Sample Team is not a competing team): one snapshot in all
    expect(written.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await snapshotCohortWeeks(built.services, firstEnded, { cohortId: cohort!.id })).toBe(0);

    // In week two the team validates it.
    const validated = await w.run(
      student.agent,
      'mutation($i: JSON!) { updateHypothesis(input: $i) { id } }',
      {
        i: {
          cardId: card.id,
          version: card.version,
          result: 'validated',
          resultReason: 'Ten clinics said yes',
        },
      },
    );
    expect(validated.errors).toBeUndefined();
    expect(
      await snapshotCohortWeeks(built.services, new Date('2026-11-17T09:00:00Z'), {
        cohortId: cohort!.id,
      }),
    ).toBe(1);

    const compared = await w.run(instructor.agent, WEEKS, { c: cohort!.id, from: 1, to: 2 });
    expect(compared.errors).toBeUndefined();
    const weeks = compared.data?.cohortWeeks as {
      weeks: number[];
      teams: { team: { name: string }; from: { validated: number }; to: { validated: number } }[];
    };
    expect(weeks.weeks).toEqual([1, 2]);
    const team = weeks.teams.find((t) => t.team.name === 'Rocket Team')!;
    expect(team.from).toMatchObject({ hypotheses: 1, validated: 0, testNow: 1 });
    expect(team.to).toMatchObject({ hypotheses: 1, validated: 1 });

    expect((await w.run(student.agent, WEEKS, { c: cohort!.id })).errors?.[0]?.message).toMatch(
      /statusCode:403/,
    );
    expect(
      (await w.run(instructor.agent, WEEKS, { c: cohort!.id, from: 1, to: 9 })).errors?.[0]
        ?.message,
    ).toMatch(/Week 9 has not been kept yet\./);
  });
});
