import type { GatewayContext } from '../../gateway/context.ts';
import { requestContext, requireMember } from '../../http/member-context.ts';
import {
  projectDashboard,
  reorderDashboardTabs,
  updateProjectDashboard,
  updateProjectInvestment,
  updateProjectMarket,
} from './dashboard.ts';
import { portfolioDashboard } from './portfolio.ts';

const member = (context: GatewayContext) => requireMember(context.services, context.request);
const ctx = (context: GatewayContext) => requestContext(context.request);
type Input = { input: unknown };

export const resolvers = {
  Query: {
    dashboard: async (_: unknown, args: { projectId: string }, context: GatewayContext) =>
      projectDashboard(context.services, await member(context), args.projectId),
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
  },
};
