/**
 * The project dashboard's shape and its query (#53): apart from the dashboard's changes, so a page
 * load that opens the dashboard can ask for its data as the app starts without loading the rest.
 */
import { queryOptions } from '@tanstack/react-query';
import type {
  DashboardStatement,
  DashboardTab,
  ExperimentPhase,
  PetalDiagram,
  ProjectInvestment,
  ProjectMarket,
  TimingStatus,
} from '@assay/domain';
import { gatewayRequest } from '../../../api/gateway.ts';
import { queryKeys } from '../../../api/query-keys.ts';

export interface DashboardHypothesis {
  id: string;
  title: string;
  result: 'validated' | 'invalidated' | 'none';
  businessStatus: 'inTesting' | 'paused' | 'archived';
  risky: boolean;
  hypothesisType: string;
  path: string;
}
export interface DashboardExperiment {
  id: string;
  title: string;
  path: string;
  phase: { phase: ExperimentPhase; phaseReady: boolean };
  timing: TimingStatus;
  dueDate: string | null;
  success: boolean | null;
  evidenceCount: number;
}
export interface DashboardFile {
  id: string;
  filename: string;
  url: string;
}

export interface ProjectDashboard {
  project: { id: string; name: string; status: string };
  abilities: { edit: boolean; openWorkspace: boolean };
  statements: Record<DashboardStatement, string>;
  /** What the AI agent last wrote for the statements. */
  generatedStatements: Partial<Record<DashboardStatement, string | null>> | null;
  petal: PetalDiagram;
  market: Omit<ProjectMarket, 'media'> & { files: DashboardFile[] };
  investment: Omit<ProjectInvestment, 'media'> & { files: DashboardFile[] };
  tabOrder: DashboardTab[];
  counts: {
    hypotheses: number;
    validated: number;
    invalidated: number;
    risky: number;
    inTesting: number;
    experiments: number;
    activeExperiments: number;
    completeExperiments: number;
    generative: number;
    evaluative: number;
    evidence: number;
    phases: Record<ExperimentPhase, number>;
  };
  evidenceByWeek: { week: string; count: number }[];
  hypotheses: DashboardHypothesis[];
  riskyHypotheses: DashboardHypothesis[];
  activeExperiments: DashboardExperiment[];
  completeExperiments: DashboardExperiment[];
}

const HYPOTHESIS = 'id title result businessStatus risky hypothesisType path';
const EXPERIMENT = 'id title path timing dueDate success evidenceCount phase { phase phaseReady }';
/** The dashboard's selection: its query's, and every change's answer. */
export const DASHBOARD = `project { id name status } abilities { edit openWorkspace } tabOrder
  statements { description whoFor problemStatement solutionStatement whyNot whyNow }
  generatedStatements { description whoFor problemStatement solutionStatement whyNot whyNow }
  petal { categories { id title description marketAnalysis value generated companies { id name description link } } }
  market { target served total notes analysis links files { id filename url } }
  investment { total toDate notes files { id filename url } }
  counts { hypotheses validated invalidated risky inTesting experiments activeExperiments
    completeExperiments generative evaluative evidence phases { plan test analyze complete } }
  evidenceByWeek { week count }
  hypotheses { ${HYPOTHESIS} } riskyHypotheses { ${HYPOTHESIS} }
  activeExperiments { ${EXPERIMENT} } completeExperiments { ${EXPERIMENT} }`;

export const dashboardQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: queryKeys.dashboard(projectId),
    queryFn: () =>
      gatewayRequest<{ dashboard: ProjectDashboard }>(
        `query Dashboard($p: ID!) { dashboard(projectId: $p) { ${DASHBOARD} } }`,
        { p: projectId },
      ).then((d) => d.dashboard),
  });
