/** The project and portfolio dashboards: queries and the dashboard's own changes. */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type {
  DashboardStatement,
  DashboardTab,
  PetalCategory,
  PetalCompany,
  PortfolioStage,
} from '@assay/domain';
import { gatewayRequest } from '../../../api/gateway.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { restRequest } from '../../../api/rest.ts';
import { uploadFile } from '../../../api/uploads.ts';
import { DASHBOARD, type DashboardFile, type ProjectDashboard } from './dashboard-query.ts';

export * from './dashboard-query.ts';

const change = (name: string, signature: string, variables: Record<string, unknown>) =>
  gatewayRequest<Record<string, ProjectDashboard>>(
    `mutation ${name[0]?.toUpperCase()}${name.slice(1)}${signature} { ${DASHBOARD_CALL[name]} { ${DASHBOARD} } }`,
    variables,
  ).then((d) => d[name] as ProjectDashboard);

const DASHBOARD_CALL: Record<string, string> = {
  updateProjectMarket: 'updateProjectMarket(input: $input)',
  updateProjectInvestment: 'updateProjectInvestment(input: $input)',
  updateProjectDashboard: 'updateProjectDashboard(input: $input)',
  reorderDashboardTabs: 'reorderDashboardTabs(projectId: $projectId, tabs: $tabs)',
  createPetal: 'createPetal(projectId: $p, input: $input)',
  updatePetal: 'updatePetal(projectId: $p, petalId: $c, input: $input)',
  deletePetal: 'deletePetal(projectId: $p, petalId: $c)',
  createPetalCompany: 'createPetalCompany(projectId: $p, petalId: $c, input: $input)',
  updatePetalCompany:
    'updatePetalCompany(projectId: $p, petalId: $c, companyId: $o, input: $input)',
  deletePetalCompany: 'deletePetalCompany(projectId: $p, petalId: $c, companyId: $o)',
};

export type PetalInput = Pick<PetalCategory, 'title' | 'description' | 'marketAnalysis' | 'value'>;
export type CompanyInput = Pick<PetalCompany, 'name' | 'description' | 'link'>;

export const petalChanges = {
  create: (p: string, input: PetalInput) =>
    change('createPetal', '($p: ID!, $input: JSON!)', { p, input }),
  update: (p: string, c: string, input: Partial<PetalInput>) =>
    change('updatePetal', '($p: ID!, $c: ID!, $input: JSON!)', { p, c, input }),
  remove: (p: string, c: string) => change('deletePetal', '($p: ID!, $c: ID!)', { p, c }),
  createCompany: (p: string, c: string, input: CompanyInput) =>
    change('createPetalCompany', '($p: ID!, $c: ID!, $input: JSON!)', { p, c, input }),
  updateCompany: (p: string, c: string, o: string, input: Partial<CompanyInput>) =>
    change('updatePetalCompany', '($p: ID!, $c: ID!, $o: ID!, $input: JSON!)', { p, c, o, input }),
  removeCompany: (p: string, c: string, o: string) =>
    change('deletePetalCompany', '($p: ID!, $c: ID!, $o: ID!)', { p, c, o }),
};

export const updateMarket = (projectId: string, market: Partial<ProjectDashboard['market']>) =>
  change('updateProjectMarket', '($input: JSON!)', { input: { projectId, ...market } });
export const updateInvestment = (
  projectId: string,
  investment: Partial<ProjectDashboard['investment']>,
) => change('updateProjectInvestment', '($input: JSON!)', { input: { projectId, ...investment } });
export const updateStatements = (
  projectId: string,
  statements: Partial<Record<DashboardStatement, string>>,
) => change('updateProjectDashboard', '($input: JSON!)', { input: { projectId, ...statements } });
export const reorderTabs = (projectId: string, tabs: DashboardTab[]) =>
  change('reorderDashboardTabs', '($projectId: ID!, $tabs: [String!]!)', { projectId, tabs });

export function storeDashboard(queryClient: QueryClient, data: ProjectDashboard) {
  queryClient.setQueryData(queryKeys.dashboard(data.project.id), data);
}

export interface PortfolioProject {
  id: string;
  name: string;
  status: string;
  stage: PortfolioStage;
  hypotheses: number;
  validated: number;
  invalidated: number;
  activeExperiments: number;
  completeExperiments: number;
  evidence: number;
  investmentTotal: number | null;
  investmentToDate: number | null;
}

export const usePortfolio = (id: string) =>
  useQuery({
    queryKey: ['portfolio', id],
    queryFn: () =>
      gatewayRequest<{
        portfolioDashboard: { id: string; title: string; projects: PortfolioProject[] };
      }>(
        `query Portfolio($id: ID!) { portfolioDashboard(id: $id) { id title projects {
          id name status stage hypotheses validated invalidated activeExperiments
          completeExperiments evidence investmentTotal investmentToDate } } }`,
        { id },
      ).then((d) => d.portfolioDashboard),
  });

/** Uploads a file and adds it to the market or investment of the dashboard. */
export async function attachDashboardFile(
  projectId: string,
  part: 'market' | 'investment',
  file: File,
  onProgress: (percent: number) => void,
) {
  const key = await uploadFile(file, { collection: 'projects', locationId: projectId }, onProgress);
  return restRequest<DashboardFile>(`/api/proj/projects/${projectId}/media`, {
    method: 'POST',
    body: { key, part },
  });
}

export const removeDashboardFile = (projectId: string, mediaId: string) =>
  restRequest(`/api/proj/projects/${projectId}/media`, { method: 'DELETE', body: { mediaId } });
