import { describe, expect, it } from 'vitest';
import {
  visibleEngagementTypes,
  cohortAbilities,
  cohortSubscriptionExpired,
  cohortTeamAccess,
  cohortTeamRole,
  commentReportKind,
  commentsReportAccess,
  presentationCommentEngagement,
  seesInstructorComment,
  strongerProjectRole,
  cohortRoleDisplay,
  invitableCohortRoles,
  cohortTiming,
  cohortWeek,
  defaultCohortEnd,
  studentAccessUntil,
  weekLabel,
  weekStartOf,
} from './cohorts.ts';
import { checkInvitationRows, CSV_MESSAGES, isCsvFile } from './cohort-csv.ts';

const now = new Date('2026-11-23T12:00:00Z');
const day = 24 * 60 * 60 * 1000;

describe('cohort timing', () => {
  it('has started when there is no start or it has passed', () => {
    expect(cohortTiming({ startsAt: null, endsAt: null }, now).started).toBe(true);
    expect(cohortTiming({ startsAt: '2026-11-01T00:00:00Z', endsAt: null }, now).started).toBe(
      true,
    );
    expect(cohortTiming({ startsAt: '2026-12-01T00:00:00Z', endsAt: null }, now).started).toBe(
      false,
    );
  });

  it('has ended when the display end has passed, falling back to the end', () => {
    const past = new Date(now.getTime() - day).toISOString();
    const future = new Date(now.getTime() + 30 * day).toISOString();
    expect(cohortTiming({ startsAt: null, endsAt: past }, now).ended).toBe(true);
    expect(cohortTiming({ startsAt: null, endsAt: past, endsAtDisplay: future }, now).ended).toBe(
      false,
    );
    expect(cohortTiming({ startsAt: null, endsAt: future, endsAtDisplay: past }, now).ended).toBe(
      true,
    );
    expect(cohortTiming({ startsAt: null, endsAt: null }, now).ended).toBe(false);
  });

  it('is deactivated once deactivatesAt has passed', () => {
    expect(
      cohortTiming({ startsAt: null, endsAt: null, deactivatesAt: '2026-11-22T00:00:00Z' }, now)
        .deactivated,
    ).toBe(true);
    expect(
      cohortTiming({ startsAt: null, endsAt: null, deactivatesAt: '2026-11-24T00:00:00Z' }, now)
        .deactivated,
    ).toBe(false);
    expect(cohortTiming({ startsAt: null, endsAt: null }, now).deactivated).toBe(false);
  });

  it('is ending within five days (432,000,000 ms) before the end, not after it', () => {
    const at = (ms: number) => new Date(now.getTime() + ms).toISOString();
    expect(cohortTiming({ startsAt: null, endsAt: at(432_000_000) }, now).isEnding).toBe(true);
    expect(cohortTiming({ startsAt: null, endsAt: at(432_000_001) }, now).isEnding).toBe(false);
    expect(cohortTiming({ startsAt: null, endsAt: at(-1) }, now).isEnding).toBe(false);
    expect(cohortTiming({ startsAt: null, endsAt: null }, now).isEnding).toBe(false);
  });

  it('runs three months by default; students keep data six weeks after the end', () => {
    expect(defaultCohortEnd(new Date('2026-01-15T00:00:00Z')).toISOString()).toBe(
      '2026-04-15T00:00:00.000Z',
    );
    expect(studentAccessUntil(new Date('2026-04-15T00:00:00Z')).toISOString()).toBe(
      '2026-05-27T00:00:00.000Z',
    );
  });
});

describe('cohort weeks', () => {
  it('numbers calendar weeks from the one holding the start, never below one', () => {
    // now is Monday 23 November 2026.
    expect(cohortWeek(null, now)).toBe(1);
    expect(cohortWeek('2026-11-23T00:00:00Z', now)).toBe(1);
    expect(cohortWeek('2026-11-16T00:00:00Z', now)).toBe(2);
    // A Sunday start: its week began on Monday the 9th (weeks begin on Mondays).
    expect(cohortWeek('2026-11-15T00:00:00Z', now)).toBe(3);
    // Weeks beginning on Sundays: the 15th opens the week before the 22nd.
    expect(cohortWeek('2026-11-15T00:00:00Z', now, 0)).toBe(2);
    expect(cohortWeek('2026-12-23T00:00:00Z', now)).toBe(1);
  });

  it('labels a week over a six-day span and finds its first day', () => {
    expect(weekLabel(new Date('2026-03-02T00:00:00Z'))).toBe('Mar 2 - Mar 8');
    expect(weekStartOf(new Date('2026-11-25T15:00:00Z')).toISOString()).toBe(
      '2026-11-23T00:00:00.000Z',
    );
    expect(weekStartOf(new Date('2026-11-25T15:00:00Z'), 0).toISOString()).toBe(
      '2026-11-22T00:00:00.000Z',
    );
    expect(weekStartOf(new Date('2026-11-23T00:00:00Z'), 1).toISOString()).toBe(
      '2026-11-23T00:00:00.000Z',
    );
  });
});

describe('CSV invitations', () => {
  const teams = [
    { id: 't1', name: 'Rocket Team', isSample: false },
    { id: 's1', name: 'Sample Team', isSample: true },
  ];

  it('accepts only CSV files', () => {
    expect(isCsvFile({ name: 'students.csv' })).toBe(true);
    expect(isCsvFile({ name: 'students.CSV' })).toBe(true);
    expect(isCsvFile({ name: 'export', type: 'text/csv' })).toBe(true);
    expect(isCsvFile({ name: 'students.xlsx' })).toBe(false);
    expect(CSV_MESSAGES.onlyCsv).toBe('Only CSV file types are accepted');
  });

  it('reports every bad row with the exact message and keeps the good ones', () => {
    const { invitations, errors } = checkInvitationRows(
      [
        ['Email', 'Role', 'Team', 'First name', 'Last name'],
        ['ana@example.com', 'Team Member', 'Rocket Team', 'Ana', 'Lima'],
        ['', 'Team Member', 'Rocket Team', '', ''],
        ['not-an-email', 'mentor', '', '', ''],
        ['bo@example.com', '', '', '', ''],
        ['cy@example.com', 'janitor', '', '', ''],
        ['di@example.com', 'team member', 'Sample Team', '', ''],
        ['', '', '', '', ''],
        ['ed@example.com', 'Team Admin', 'Nowhere', '', ''],
        ['FI@Example.com', 'Coach', '', '', ''],
        ['gu@example.com', 'team mentor', 'sample team', '', ''],
        ['ha@example.com', 'team admin', 'Sample Team', '', ''],
      ],
      teams,
    );
    expect(errors).toEqual([
      'Row 3 - an email is required',
      'Row 4 - not-an-email is not a valid email',
      'Row 5 - a role is required',
      'Row 6 - janitor is not a valid role',
      'members cannot be added to the Sample Team',
      'members cannot be added to the Sample Team',
    ]);
    expect(invitations).toEqual([
      {
        row: 2,
        email: 'ana@example.com',
        firstName: 'Ana',
        lastName: 'Lima',
        cohortRole: null,
        team: { id: 't1', role: 'collaborator' },
      },
      // A team role whose team is not found joins the cohort as an observer.
      {
        row: 9,
        email: 'ed@example.com',
        firstName: '',
        lastName: '',
        cohortRole: 'observer',
        team: null,
      },
      {
        row: 10,
        email: 'fi@example.com',
        firstName: '',
        lastName: '',
        cohortRole: 'guest',
        team: null,
      },
      {
        row: 12,
        email: 'ha@example.com',
        firstName: '',
        lastName: '',
        cohortRole: null,
        team: { id: 's1', role: 'admin' },
      },
    ]);
  });

  it('finds columns whatever their order and spelling', () => {
    const { invitations, errors } = checkInvitationRows(
      [
        ['role', 'E-mail address'],
        ['instructor', 'iv@example.com'],
      ],
      teams,
    );
    expect(errors).toEqual([]);
    expect(invitations[0]).toMatchObject({ email: 'iv@example.com', cohortRole: 'instructor' });
  });
});

describe('cohort abilities', () => {
  it('lets organisation admins and cohort admins run the cohort', () => {
    expect(
      cohortAbilities({ organizationRole: 'admin', cohortRole: null, teamRoles: [] }),
    ).toMatchObject({
      manage: true,
      commentOnTeams: true,
    });
    expect(
      cohortAbilities({ organizationRole: 'collaborator', cohortRole: 'admin', teamRoles: [] })
        ?.manage,
    ).toBe(true);
  });

  it('gives instructors, mentors and coaches comments; observers and students only view', () => {
    const as = (cohortRole: string | null, teamRoles: string[] = []) =>
      cohortAbilities({ organizationRole: 'collaborator', cohortRole, teamRoles });
    expect(as('instructor')).toMatchObject({
      manage: false,
      commentOnTeams: true,
      critiquePresentations: true,
    });
    expect(as('mentor')).toMatchObject({
      manage: false,
      commentOnTeams: true,
      critiquePresentations: false,
    });
    expect(as('guest')).toMatchObject({ commentOnTeams: true, critiquePresentations: false });
    expect(as('observer')).toMatchObject({
      view: true,
      manage: false,
      commentOnTeams: false,
      commentOnPresentations: false,
    });
    expect(as(null, ['collaborator'])).toMatchObject({
      view: true,
      seeAllTeams: true,
      manage: false,
      commentOnTeams: false,
      commentOnPresentations: true,
    });
    expect(as(null, ['observer'])).toMatchObject({ commentOnPresentations: false });
    expect(as('mentor')).toMatchObject({ commentOnPresentations: true });
    expect(as(null)).toBeNull();
  });

  it('shows "default" with the highest team role', () => {
    expect(cohortRoleDisplay('guest', [])).toBe('Coach');
    expect(cohortRoleDisplay('default', ['observer', 'admin'])).toBe('default (Team Admin)');
    expect(cohortRoleDisplay(null, ['collaborator'])).toBe('default (Member)');
    expect(cohortRoleDisplay(null, [])).toBe('default');
  });

  it('offers Coach only with cohortGuests', () => {
    expect(invitableCohortRoles(false)).toEqual(['admin', 'instructor', 'mentor', 'observer']);
    expect(invitableCohortRoles(true)).toContain('guest');
  });
});

describe('engagement visibility', () => {
  const as = (
    cohortRole: string | null,
    extra: Partial<{ organizationRole: string; projectRole: string | null; isGuest: boolean }> = {},
  ) =>
    visibleEngagementTypes({
      organizationRole: 'collaborator',
      cohortRole,
      projectRole: null,
      isGuest: false,
      ...extra,
    });
  it('gives instructors, admins and organisation admins all three', () => {
    expect(as('instructor')).toEqual(['instructor', 'mentor', 'guest']);
    expect(as('admin')).toEqual(['instructor', 'mentor', 'guest']);
    expect(as(null, { organizationRole: 'owner' })).toEqual(['instructor', 'mentor', 'guest']);
  });
  it('gives mentors and observers mentors’, coaches coaches’', () => {
    expect(as('mentor')).toEqual(['mentor']);
    expect(as('observer')).toEqual(['mentor']);
    expect(as('guest')).toEqual(['guest']);
  });
  it('gives a team commenter mentors’, or coaches’ when flagged a guest; members all', () => {
    expect(as(null, { projectRole: 'commenter' })).toEqual(['mentor']);
    expect(as('default', { projectRole: 'commenter', isGuest: true })).toEqual(['guest']);
    expect(as(null, { projectRole: 'collaborator' })).toEqual(['instructor', 'mentor', 'guest']);
  });
});

describe('the role a cohort gives in its teams', () => {
  const role = (cohortRole: string | null, inCohortTeam = false, isSampleTeam = false) =>
    cohortTeamRole({ cohortRole, inCohortTeam, isSampleTeam });

  it('lets admins run teams, staff comment, observers and other teams read', () => {
    expect(role('admin')).toBe('admin');
    expect(role('instructor')).toBe('commenter');
    expect(role('mentor')).toBe('commenter');
    expect(role('guest')).toBe('commenter');
    expect(role('observer')).toBe('observer');
    expect(role(null, true)).toBe('observer');
    expect(role('default', true)).toBe('observer');
    expect(role(null)).toBeNull();
    expect(role('default')).toBeNull();
    expect(role('disabled')).toBeNull();
  });

  it('gives admins and instructors member functionality in the Sample Team, everyone else observes', () => {
    expect(role('admin', false, true)).toBe('collaborator');
    expect(role('instructor', false, true)).toBe('collaborator');
    expect(role('mentor', false, true)).toBe('observer');
    expect(role('guest', false, true)).toBe('observer');
    expect(role('observer', false, true)).toBe('observer');
    expect(role(null, true, true)).toBe('observer');
    expect(role('disabled', false, true)).toBeNull();
    expect(role(null, false, true)).toBeNull();
  });

  it('keeps the stronger of a team role and the cohort’s', () => {
    expect(strongerProjectRole('collaborator', 'observer')).toBe('collaborator');
    expect(strongerProjectRole('observer', 'commenter')).toBe('commenter');
    expect(strongerProjectRole('owner', 'admin')).toBe('owner');
    expect(strongerProjectRole(null, 'observer')).toBe('observer');
    expect(strongerProjectRole('commenter', null)).toBe('commenter');
    expect(strongerProjectRole(null, null)).toBeNull();
  });
});

describe('cohort subscription', () => {
  it('has expired when the billing date passed, unless billed by hand', () => {
    expect(cohortSubscriptionExpired({ expirationDate: '2026-11-01T00:00:00Z' }, now)).toBe(true);
    expect(cohortSubscriptionExpired({ expirationDate: '2026-12-01T00:00:00Z' }, now)).toBe(false);
    expect(
      cohortSubscriptionExpired({ expirationDate: '2026-11-01T00:00:00Z', manual: true }, now),
    ).toBe(false);
    expect(cohortSubscriptionExpired({}, now)).toBe(false);
    expect(cohortSubscriptionExpired(null, now)).toBe(false);
  });
});

describe('comments reports', () => {
  const kind = (cohortRole: string | null, teamIds: string[], organizationRole = 'collaborator') =>
    commentReportKind({ cohortRole, organizationRole, teamIds, teamId: 'a' });

  it('counts staff comments, peers on other teams, and not a team among itself', () => {
    expect(kind('instructor', [])).toBe('staff');
    expect(kind('mentor', ['a'])).toBe('staff');
    expect(kind(null, ['a'])).toBeNull();
    expect(kind('default', ['b'])).toBe('peer');
    expect(kind(null, [], 'admin')).toBe('staff');
    expect(kind(null, [], 'collaborator')).toBeNull();
    expect(kind('disabled', [])).toBeNull();
  });

  it('lets staff read the staff report and everyone the peer report once it is on', () => {
    const access = (cohortRole: string | null, peer: boolean, organizationRole = 'collaborator') =>
      commentsReportAccess({ cohortRole, organizationRole, peerCommentsReport: peer });
    expect(access('observer', false)).toEqual({ staff: true, peer: false });
    expect(access(null, false, 'owner')).toEqual({ staff: true, peer: false });
    expect(access(null, false)).toEqual({ staff: false, peer: false });
    expect(access('default', true)).toEqual({ staff: false, peer: true });
    expect(access('instructor', true)).toEqual({ staff: true, peer: true });
  });
});

describe('instructor comments on presentations', () => {
  it('are for staff and the presenting team unless public', () => {
    const sees = (pub: boolean, staff: boolean, team: boolean) =>
      seesInstructorComment({
        publicInstructorComments: pub,
        commentsOnTeams: staff,
        inPresentingTeam: team,
      });
    expect(sees(false, false, false)).toBe(false);
    expect(sees(true, false, false)).toBe(true);
    expect(sees(false, true, false)).toBe(true);
    expect(sees(false, false, true)).toBe(true);
  });

  it('carry the engagement type of their author', () => {
    const type = (
      cohortRole: string | null,
      teamRole: string | null = null,
      isGuest = false,
      organizationRole = 'collaborator',
    ) => presentationCommentEngagement({ cohortRole, organizationRole, teamRole, isGuest });
    expect(type('admin')).toBe('instructor');
    expect(type('instructor')).toBe('instructor');
    expect(type('mentor')).toBe('mentor');
    expect(type('guest')).toBe('guest');
    expect(type(null, 'commenter')).toBe('mentor');
    expect(type(null, 'commenter', true)).toBe('guest');
    expect(type(null, 'collaborator')).toBeNull();
    expect(type(null, null, false, 'owner')).toBe('instructor');
    expect(type('default', null)).toBeNull();
  });
});

describe('a person’s access to a cohort’s team', () => {
  const access = (
    ownRole: string | null,
    cohortRole: string | null,
    deactivated: boolean,
    isSampleTeam = false,
  ) =>
    cohortTeamAccess({
      ownRole,
      cohortRole,
      inCohortTeam: ownRole !== null,
      isSampleTeam,
      deactivated,
    });

  it('keeps the stronger role while the cohort is active', () => {
    expect(access('collaborator', null, false)).toBe('collaborator');
    expect(access('commenter', 'admin', false)).toBe('admin');
    expect(access(null, 'mentor', false)).toBe('commenter');
    expect(access(null, null, false)).toBeNull();
  });

  it('lets students only read once the cohort is deactivated; staff keep their part', () => {
    expect(access('collaborator', null, true)).toBe('observer');
    expect(access('admin', 'default', true)).toBe('observer');
    expect(access(null, 'instructor', true)).toBe('commenter');
    expect(access(null, 'admin', true, true)).toBe('collaborator');
    expect(access(null, null, true)).toBeNull();
  });
});
