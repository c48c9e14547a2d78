import type { GatewayContext } from '../../gateway/context.ts';
import { requestContext, requireMember } from '../../http/member-context.ts';
import {
  projectDashboard,
  reorderDashboardTabs,
  updateProjectDashboard,
  updateProjectInvestment,
  updateProjectMarket,
} from './dashboard.ts';
import {
  createPetal,
  createPetalCompany,
  deletePetal,
  deletePetalCompany,
  updatePetal,
  updatePetalCompany,
} from './petal.ts';
import { portfolioAgentPrompts, portfolioDashboard } from './portfolio.ts';

const member = (context: GatewayContext) => requireMember(context.services, context.request);
const ctx = (context: GatewayContext) => requestContext(context.request);
type Input = { input: unknown };
type Petal = { projectId: string; petalId: string };
type Company = { companyId: string };

export const resolvers = {
  Query: {
    dashboard: async (_: unknown, args: { projectId: string }, context: GatewayContext) =>
      projectDashboard(context.services, await member(context), args.projectId),
    portfolioAgentPrompts: async (_: unknown, __: unknown, context: GatewayContext) =>
      portfolioAgentPrompts(context.services, await member(context)),
    portfolioDashboard: async (_: unknown, args: { id: string }, context: GatewayContext) =>
      portfolioDashboard(context.services, await member(context), args.id),
  },
  Mutation: {
    updateProjectMarket: async (_: unknown, args: Input, context: GatewayContext) =>
      updateProjectMarket(context.services, await member(context), args.input, ctx(context)),
    updateProjectInvestment: async (_: unknown, args: Input, context: GatewayContext) =>
      updateProjectInvestment(context.services, await member(context), args.input, ctx(context)),
    updateProjectDashboard: async (_: unknown, args: Input, context: GatewayContext) =>
      updateProjectDashboard(context.services, await member(context), args.input, ctx(context)),
    reorderDashboardTabs: async (
      _: unknown,
      args: { projectId: string; tabs: string[] },
      context: GatewayContext,
    ) => reorderDashboardTabs(context.services, await member(context), args, ctx(context)),
    createPetal: async (_: unknown, a: Petal & Input, c: GatewayContext) =>
      createPetal(c.services, await member(c), a.projectId, a.input, ctx(c)),
    updatePetal: async (_: unknown, a: Petal & Input, c: GatewayContext) =>
      updatePetal(c.services, await member(c), a.projectId, a.petalId, a.input, ctx(c)),
    deletePetal: async (_: unknown, a: Petal, c: GatewayContext) =>
      deletePetal(c.services, await member(c), a.projectId, a.petalId, ctx(c)),
    createPetalCompany: async (_: unknown, a: Petal & Input, c: GatewayContext) =>
      createPetalCompany(c.services, await member(c), a.projectId, a.petalId, a.input, ctx(c)),
    updatePetalCompany: async (_: unknown, a: Petal & Company & Input, c: GatewayContext) =>
      updatePetalCompany(
        c.services,
        await member(c),
        a.projectId,
        a.petalId,
        a.companyId,
        a.input,
        ctx(c),
      ),
    deletePetalCompany: async (_: unknown, a: Petal & Company, c: GatewayContext) =>
      deletePetalCompany(c.services, await member(c), a.projectId, a.petalId, a.companyId, ctx(c)),
  },
};
