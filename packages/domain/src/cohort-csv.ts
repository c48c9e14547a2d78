/** A CSV of cohort invitations (part 2 §5): which files are taken, and each row checked with the spec's exact messages. */
import type { CohortRole, TeamRole } from './cohorts.ts';
import { isValidEmail } from './checks.ts';

// CSV invitations (part 2 §5).

export const CSV_MESSAGES = {
  onlyCsv: 'Only CSV file types are accepted',
  emailRequired: (row: number) => `Row ${row} - an email is required`,
  invalidEmail: (row: number, value: string) => `Row ${row} - ${value} is not a valid email`,
  roleRequired: (row: number) => `Row ${row} - a role is required`,
  invalidRole: (row: number, role: string) => `Row ${row} - ${role} is not a valid role`,
  sampleTeam: 'members cannot be added to the Sample Team',
} as const;

/** Team roles a CSV may name, and the project role each gives. */
const CSV_TEAM_ROLES: Record<string, TeamRole> = {
  'team admin': 'admin',
  'team member': 'collaborator',
  member: 'collaborator',
  'team mentor': 'commenter',
};
/** Cohort roles a CSV may name. */
const CSV_COHORT_ROLES: Record<string, CohortRole> = {
  admin: 'admin',
  instructor: 'instructor',
  mentor: 'mentor',
  coach: 'guest',
  guest: 'guest',
  observer: 'observer',
};

export interface CsvInvitation {
  row: number;
  email: string;
  firstName: string;
  lastName: string;
  /** A cohort role, or observer for team roles whose team is not found. */
  cohortRole: CohortRole | null;
  /** The team (by id) and the role in it. */
  team: { id: string; role: TeamRole } | null;
}

export interface CsvTeam {
  id: string;
  name: string;
  isSample: boolean;
}

/** The column of a header row ("Email", "E-mail address" → email). */
function columnOf(header: string): 'email' | 'role' | 'team' | 'firstName' | 'lastName' | null {
  const h = header
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
  if (h.startsWith('email') || h === 'e mail' || h.startsWith('e mail')) return 'email';
  if (h === 'role') return 'role';
  if (h === 'team' || h === 'team name' || h === 'project') return 'team';
  if (h === 'first name' || h === 'firstname' || h === 'first') return 'firstName';
  if (h === 'last name' || h === 'lastname' || h === 'last') return 'lastName';
  return null;
}

/** Whether a chosen file is a CSV (by name or type). */
export function isCsvFile(file: { name: string; type?: string }): boolean {
  return /\.csv$/i.test(file.name) || file.type === 'text/csv';
}

/**
 * Checks the parsed rows of a CSV of invitations (the first row is the header; row numbers count
 * it, as a spreadsheet shows them). Rows with neither email nor role are skipped. Team roles go to
 * the named team, or to the cohort as observers when no team matches; cohort roles go to the
 * cohort. Every problem is reported with the spec's message.
 */
export function checkInvitationRows(
  rows: string[][],
  teams: CsvTeam[],
): { invitations: CsvInvitation[]; errors: string[] } {
  const [header = [], ...body] = rows;
  const columns = header.map(columnOf);
  const invitations: CsvInvitation[] = [];
  const errors: string[] = [];
  body.forEach((cells, index) => {
    const row = index + 2;
    const cell = (name: NonNullable<ReturnType<typeof columnOf>>) => {
      const at = columns.indexOf(name);
      return at < 0 ? '' : (cells[at] ?? '').trim();
    };
    const email = cell('email');
    const roleText = cell('role');
    if (!email && !roleText) return;
    if (!email) {
      errors.push(CSV_MESSAGES.emailRequired(row));
      return;
    }
    if (!isValidEmail(email)) {
      errors.push(CSV_MESSAGES.invalidEmail(row, email));
      return;
    }
    if (!roleText) {
      errors.push(CSV_MESSAGES.roleRequired(row));
      return;
    }
    const role = roleText.toLowerCase().replace(/\s+/g, ' ');
    const base = {
      row,
      email: email.toLowerCase(),
      firstName: cell('firstName'),
      lastName: cell('lastName'),
    };
    const teamRole = CSV_TEAM_ROLES[role];
    if (teamRole) {
      const teamName = cell('team').toLowerCase();
      const team = teamName
        ? teams.find((t) => t.name.trim().toLowerCase() === teamName)
        : undefined;
      if (team?.isSample && teamRole !== 'admin') {
        errors.push(CSV_MESSAGES.sampleTeam);
        return;
      }
      invitations.push(
        team
          ? { ...base, cohortRole: null, team: { id: team.id, role: teamRole } }
          : { ...base, cohortRole: 'observer', team: null },
      );
      return;
    }
    const cohortRole = CSV_COHORT_ROLES[role];
    if (!cohortRole) {
      errors.push(CSV_MESSAGES.invalidRole(row, roleText));
      return;
    }
    invitations.push({ ...base, cohortRole, team: null });
  });
  return { invitations, errors };
}

// Who may do what (part 2 §6).
