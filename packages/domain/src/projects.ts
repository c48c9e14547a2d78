/** Projects: settings defaults, statuses, and who may create, open and change them (part 1 §2.5, part 2 §3, §4, §6). */
import { roleHas } from './policies.ts';
import type { License } from './plans.ts';

export const PROJECT_STATUS_VALUES = ['active', 'backlog', 'archive'] as const;
export type ProjectStatus = (typeof PROJECT_STATUS_VALUES)[number];

export interface ProjectSettings {
  membership: boolean;
  private: boolean;
  academicPrivate: boolean;
  experiments: boolean;
  businessHypotheses: boolean;
  productHypotheses: boolean;
  publicPortal: boolean;
  projectOverview: boolean;
  timeline: boolean;
  productStatus: boolean;
  productTheme: boolean;
  dashboardTabOrder: string[];
  /** Product scores offered on product ideas; empty offers all four. */
  productScores: ProductScoreKey[];
}

export const PRODUCT_SCORE_KEYS = ['ice', 'rice', 'ie', 'pf'] as const;
export type ProductScoreKey = (typeof PRODUCT_SCORE_KEYS)[number];

export const DEFAULT_PROJECT_SETTINGS: ProjectSettings = {
  membership: true,
  private: false,
  academicPrivate: false,
  experiments: true,
  businessHypotheses: true,
  productHypotheses: true,
  publicPortal: false,
  projectOverview: true,
  timeline: true,
  productStatus: false,
  productTheme: false,
  dashboardTabOrder: ['hypotheses', 'experiments', 'completed', 'risky'],
  productScores: [],
};

/** The names of a project's modules, the same in project settings and organisation defaults. */
export const PROJECT_MODULE_LABELS = {
  businessHypotheses: 'Business canvas',
  productHypotheses: 'Product canvas',
  experiments: 'Experiments',
  publicPortal: 'Public portal',
  projectOverview: 'Project overview',
  timeline: 'Timeline board',
  productStatus: 'Product status board',
  productTheme: 'Product theme board',
} as const satisfies Partial<Record<keyof ProjectSettings, string>>;

/** Owners, admins and collaborators create projects; limited contributors do not. */
export function canCreateProject(organizationRole: string): boolean {
  return roleHas(organizationRole, 'card:write');
}

/**
 * Who opens a project's workspace (part 1 §2.5): organization:write, being a member, or the
 * academic license; everyone else sees the project's dashboard. A project open to its
 * organisation (membership on) makes every member of the organisation one of its members. On the
 * academic license, a team marked academic-private opens only to its own people and the cohort's
 * staff: another team's student (cohort role "default") sees its dashboard.
 */
export function canOpenWorkspace(options: {
  organizationRole: string;
  projectRole: string | null;
  license: License;
  /** The project's membership setting (open to the organisation); closed when left out. */
  openToOrganization?: boolean;
  /** The team is academic-private and the viewer is a student of the cohort outside it. */
  academicPrivateOutsider?: boolean;
}): boolean {
  if (roleHas(options.organizationRole, 'organization:write')) return true;
  if (options.organizationRole === 'disabled') return false;
  if (options.academicPrivateOutsider) return false;
  return (
    options.projectRole !== null ||
    options.openToOrganization === true ||
    options.license === 'academic'
  );
}

/** Who sees a project at all: private ones only their members and organisation admins. */
export function canSeeProject(options: {
  organizationRole: string;
  projectRole: string | null;
  isPrivate: boolean;
}): boolean {
  if (options.organizationRole === 'disabled') return false;
  if (!options.isPrivate) return true;
  return options.projectRole !== null || roleHas(options.organizationRole, 'organization:write');
}

/** Editing a project (name, settings, status, members, tags): organisation admins or project admins and owners. */
export function canManageProject(options: {
  organizationRole: string;
  projectRole: string | null;
}): boolean {
  return (
    roleHas(options.organizationRole, 'organization:write') ||
    options.projectRole === 'owner' ||
    options.projectRole === 'admin'
  );
}

/** A cohort team's own people (its students): observers and coaches do not take the work. */
const TEAM_ROLES: readonly string[] = ['owner', 'admin', 'collaborator', 'limitedContributor'];

/**
 * Who may take a project into an organisation of their own (migrateProject): those who manage it,
 * and the students of a cohort's team, whose course may be over (their work goes with them).
 */
export function canMigrateProject(options: {
  organizationRole: string;
  projectRole: string | null;
  kind: string;
  cohortId: string | null;
}): boolean {
  if (options.kind !== 'project') return false;
  return (
    canManageProject(options) ||
    (options.cohortId !== null &&
      options.projectRole !== null &&
      TEAM_ROLES.includes(options.projectRole))
  );
}

/** The delete confirmation: "team" on the academic license, "project" elsewhere. */
export function deleteProjectMessage(license: License | undefined): string {
  const word = license === 'academic' ? 'team' : 'project';
  return `Are you sure you want to delete this ${word}? Everything in it will be deleted. You could also change the status to Archived to get it out of the way while keeping it to come back to later.`;
}

/**
 * The landing path for a project (part 1 §2.5 project opening rule): its dashboard when the
 * member may not open its workspace, or when it is academic-private, theirs is no access, the
 * cohort scope holds "default" and they have a cohort; otherwise the business canvas.
 */
export function projectOpeningPath(options: {
  projectId: string;
  academicPrivate: boolean;
  hasAccess: boolean;
  cohortScopeHasDefault: boolean;
  hasCohort: boolean;
  /** From canOpenWorkspace; true when left out. */
  openWorkspace?: boolean;
}): string {
  if (
    options.openWorkspace === false ||
    (options.academicPrivate &&
      !options.hasAccess &&
      options.cohortScopeHasDefault &&
      options.hasCohort)
  ) {
    return `/project-dashboard/${options.projectId}/overview`;
  }
  return `/workspace/${options.projectId}/canvas/business`;
}

/** A project's canvas layout (part 2 §3 Project.canvas): type, template, and per-section overrides. */
export interface ProjectCanvas {
  type?: 'businessModel' | 'lean' | 'missionModel';
  templateId?: string | null;
  sections?: Partial<Record<string, { name?: string | null; hidden?: boolean }>>;
  order?: string[];
}

/** A project's custom field (global ones come from the organisation). */
export interface ProjectCustomField {
  id: string;
  title: string;
  type: 'text' | 'number' | 'dropdown' | 'date' | 'checkbox';
  disabled: boolean;
  global: boolean;
  defaultKey: string | null;
  specifications: { options: string[] };
  /** A number field's bounds (global fields set them; null: none). */
  metrics?: { min: number | null; max: number | null };
}
