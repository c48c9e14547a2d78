import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import type { Agent } from '../../../test/agent.ts';
import { academicWorld, cohortPerson, makeCohort, makeTeam } from '../../../test/cohorts.ts';
import { createProjectIn } from '../../../test/cards.ts';

const built = await buildTestApp();

const FIELDS = 'id teams { id name }';
const QUEUE = `query($c: ID!) { cohortReviewQueue(cohortId: $c) {
  cardId title team { name } requestedAt path } }`;
const REVIEW =
  'mutation($i: JSON!) { reviewHypothesis(input: $i) { cardId state note reviewedBy { firstName } } }';

describe('the review queue (#24)', () => {
  it('takes what teams mark ready to instructors and mentors, whose decision the team hears of', async () => {
    const w = await academicWorld(built);
    const { cohort } = await makeCohort<{ id: string }>(w, FIELDS);
    const { cohort: full } = await makeTeam<{ id: string; teams: { id: string; name: string }[] }>(
      w,
      FIELDS,
      cohort!.id,
      'Rocket Team',
    );
    const rocket = full!.teams.find((t) => t.name === 'Rocket Team')!.id;
    const join = (invitation: Parameters<typeof cohortPerson>[3]) =>
      cohortPerson(built, w, cohort!.id, invitation);
    const student = await join({ cohortRole: null, team: { id: rocket, role: 'collaborator' } });
    const instructor = await join({ cohortRole: 'instructor', team: null });
    const mentor = await join({ cohortRole: 'mentor', team: null });
    const observer = await join({ cohortRole: 'observer', team: null });

    const made = await w.run(
      student.agent,
      'mutation($i: JSON!) { createCard(input: $i) { id version } }',
      {
        i: { projectId: rocket, type: 'hypothesis', title: 'Clinics want reminders', draft: false },
      },
    );
    const card = made.data?.createCard as { id: string; version: number };
    const version = async () =>
      (
        (
          await w.run(student.agent, 'query($id: ID!) { card(cardId: $id) { version } }', {
            id: card.id,
          })
        ).data?.card as { version: number }
      ).version;
    const ask = await w.run(
      student.agent,
      'mutation($i: JSON!) { updateHypothesis(input: $i) { hypothesis { review { state } } } }',
      { i: { cardId: card.id, version: await version(), reviewRequested: true } },
    );
    expect(ask.errors).toBeUndefined();
    expect(ask.data?.updateHypothesis).toMatchObject({
      hypothesis: { review: { state: 'ready' } },
    });

    // Instructors and mentors see the queue; an observer and a student do not.
    const queue = async (agent: Agent) => w.run(agent, QUEUE, { c: cohort!.id });
    for (const staff of [instructor, mentor]) {
      const seen = await queue(staff.agent);
      expect(seen.errors).toBeUndefined();
      expect(seen.data?.cohortReviewQueue).toMatchObject([
        { cardId: card.id, title: 'Clinics want reminders', team: { name: 'Rocket Team' } },
      ]);
    }
    for (const other of [observer, student])
      expect((await queue(other.agent)).errors?.[0]?.message).toMatch(/statusCode:403/);
    expect(
      (await w.run(student.agent, REVIEW, { i: { cardId: card.id, decision: 'approve' } }))
        .errors?.[0]?.message,
    ).toMatch(/statusCode:403/);

    // Asking for changes needs a note; then the decision stands once, whoever clicks second.
    const empty = await w.run(instructor.agent, REVIEW, {
      i: { cardId: card.id, decision: 'changes', note: ' ' },
    });
    expect(empty.errors?.[0]?.message).toMatch(/Say what the team should change\./);
    const [first, second] = await Promise.all([
      w.run(instructor.agent, REVIEW, {
        i: { cardId: card.id, decision: 'changes', note: 'Name the clinic size.' },
      }),
      w.run(mentor.agent, REVIEW, { i: { cardId: card.id, decision: 'approve' } }),
    ]);
    const answers = [first, second];
    expect(answers.filter((a) => !a.errors)).toHaveLength(1);
    expect(answers.find((a) => a.errors)?.errors?.[0]?.message).toMatch(/not waiting for a review/);
    expect((await queue(instructor.agent)).data?.cohortReviewQueue).toEqual([]);

    // The team sees the decision on the card and hears of it in the inbox.
    const review = await w.run(
      student.agent,
      'query($id: ID!) { card(cardId: $id) { hypothesis { review { state note reviewedBy { firstName } } } } }',
      { id: card.id },
    );
    const state = (review.data?.card as { hypothesis: { review: { state: string } } }).hypothesis
      .review.state;
    expect(['approved', 'changesRequested']).toContain(state);
    const inbox = await w.run(
      student.agent,
      '{ notifications(section: "inbox") { notifications { action title } } }',
    );
    expect(inbox.data?.notifications).toMatchObject({
      notifications: [{ action: 'review', title: 'Clinics want reminders' }],
    });

    // Outside a cohort there is nobody to review.
    const solo = await createProjectIn(w.owner, w.org.slug, 'Solo');
    const lone = await w.run(
      w.owner,
      'mutation($i: JSON!) { createCard(input: $i) { id version } }',
      {
        i: { projectId: solo, type: 'hypothesis', title: 'Nobody reviews this', draft: false },
      },
    );
    const loneCard = lone.data?.createCard as { id: string; version: number };
    const refused = await w.run(
      w.owner,
      'mutation($i: JSON!) { updateHypothesis(input: $i) { id } }',
      { i: { cardId: loneCard.id, version: loneCard.version, reviewRequested: true } },
    );
    expect(refused.errors?.[0]?.message).toMatch(/Reviews are for cohort teams/);
  });
});
