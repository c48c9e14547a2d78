/**
 * The project dashboard (part 2 §2, §3): its statements, market and investment, and the tabs it
 * shows in the member's chosen order.
 */
import { hasPermission } from './permissions.ts';
import type { PermissionScope } from './policies.ts';
import { canManageProject } from './projects.ts';

export const DASHBOARD_STATEMENTS = [
  'description',
  'whoFor',
  'problemStatement',
  'solutionStatement',
  'whyNot',
  'whyNow',
] as const;
export type DashboardStatement = (typeof DASHBOARD_STATEMENTS)[number];
export const DASHBOARD_STATEMENT_LABELS: Record<DashboardStatement, string> = {
  description: 'Description',
  whoFor: 'Who it is for',
  problemStatement: 'Problem',
  solutionStatement: 'Solution',
  whyNot: 'Why not',
  whyNow: 'Why now',
};
export type ProjectDashboardTexts = Partial<Record<DashboardStatement, string>>;

export const DASHBOARD_TABS = ['hypotheses', 'experiments', 'completed', 'risky'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];
export const DASHBOARD_TAB_LABELS: Record<DashboardTab, string> = {
  hypotheses: 'Hypotheses',
  experiments: 'Active experiments',
  completed: 'Completed experiments',
  risky: 'Risky hypotheses',
};

/** A saved tab order, cleaned: unknown tabs dropped, missing ones appended in the default order. */
export function dashboardTabOrder(saved: readonly string[] | null | undefined): DashboardTab[] {
  const known = (saved ?? []).filter((t): t is DashboardTab =>
    (DASHBOARD_TABS as readonly string[]).includes(t),
  );
  const unique = [...new Set(known)];
  return [...unique, ...DASHBOARD_TABS.filter((t) => !unique.includes(t))];
}

export interface ProjectMarket {
  /** Target, served and total addressable market, in the project's currency. */
  target: number | null;
  served: number | null;
  total: number | null;
  notes: string;
  analysis: string;
  links: string[];
  /** Project media ids. */
  media: string[];
}
export interface ProjectInvestment {
  total: number | null;
  toDate: number | null;
  notes: string;
  media: string[];
}
export const EMPTY_MARKET: ProjectMarket = {
  target: null,
  served: null,
  total: null,
  notes: '',
  analysis: '',
  links: [],
  media: [],
};
export const EMPTY_INVESTMENT: ProjectInvestment = {
  total: null,
  toDate: null,
  notes: '',
  media: [],
};

export const DASHBOARD_MESSAGES = {
  marketOrder:
    'The served market cannot be larger than the total market, nor the target larger than the served market.',
  investmentOrder: 'The investment to date cannot be more than the total investment.',
} as const;

/** Market sizes must nest: target ≤ served ≤ total (each only when both are given). */
export function marketProblem(
  m: Pick<ProjectMarket, 'target' | 'served' | 'total'>,
): string | null {
  const le = (a: number | null, b: number | null) => a === null || b === null || a <= b;
  if (!le(m.target, m.served) || !le(m.served, m.total) || !le(m.target, m.total))
    return DASHBOARD_MESSAGES.marketOrder;
  return null;
}

export function investmentProblem(i: Pick<ProjectInvestment, 'total' | 'toDate'>): string | null {
  if (i.total !== null && i.toDate !== null && i.toDate > i.total)
    return DASHBOARD_MESSAGES.investmentOrder;
  return null;
}

export const PORTFOLIO_STAGES = ['idea', 'exploring', 'testing', 'learning'] as const;
export type PortfolioStage = (typeof PORTFOLIO_STAGES)[number];
export const PORTFOLIO_STAGE_LABELS: Record<PortfolioStage, string> = {
  idea: 'Idea',
  exploring: 'Exploring',
  testing: 'Testing',
  learning: 'Learning',
};

/**
 * Where a project stands in a portfolio: an idea until it has hypotheses, exploring until it runs
 * experiments, testing while any experiment is active, learning once all of them are complete.
 */
export function portfolioStage(counts: {
  hypotheses: number;
  activeExperiments: number;
  completeExperiments: number;
}): PortfolioStage {
  if (counts.activeExperiments > 0) return 'testing';
  if (counts.completeExperiments > 0) return 'learning';
  if (counts.hypotheses > 0) return 'exploring';
  return 'idea';
}

/** CSV export of cards is for Garage and above: every plan but the free basic one. */
export function canExportCsv(license: string): boolean {
  return license !== 'basic';
}

/** Changing the dashboard (statements, market, investment, its files, tab order): dashboard:write or managing the project. */
export function canEditDashboard(options: {
  scope: PermissionScope;
  organizationRole: string;
  projectRole: string | null;
}): boolean {
  return (
    hasPermission(options.scope, 'dashboard:write') ||
    canManageProject({
      organizationRole: options.organizationRole,
      projectRole: options.projectRole,
    })
  );
}

export const DASHBOARD_MEDIA_PARTS = ['market', 'investment'] as const;
export type DashboardMediaPart = (typeof DASHBOARD_MEDIA_PARTS)[number];
