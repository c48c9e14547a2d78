import type { GatewayContext } from '../../gateway/context.ts';
import { requestContext, requireMember } from '../../http/member-context.ts';
import { createProjectWithAgent } from '../generation/ports.ts';
import {
  deleteProject,
  findVisibleProject,
  listProjects,
  presentProject,
  updateProject,
  updateProjectSettings,
} from './service.ts';
import { listProjectMembers, setProjectMember } from './members.ts';
import { updateProjectEmail } from '../integrations/ports.ts';
import { migrateProject } from './migrate.ts';
import { accessLogProject, profileProjects, projectRoleOf } from './profile-projects.ts';
import { profileDetail } from '../organizations/ports.ts';
import { changeCustomFields, updateCanvasLayout, updateCanvasSection } from './workspace.ts';

const member = (context: GatewayContext) => requireMember(context.services, context.request);
const ctx = (context: GatewayContext) => requestContext(context.request);
const defined = (input: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null && v !== undefined));

const fieldChange = async (
  context: GatewayContext,
  projectId: string,
  change: Parameters<typeof changeCustomFields>[3],
) => changeCustomFields(context.services, await member(context), projectId, change, ctx(context));

export const resolvers = {
  Profile: {
    projects: profileDetail((services, member, profile) =>
      profileProjects(services, member, profile.id),
    ),
    projectRole: (profile: { id: string }, _: unknown, context: GatewayContext) =>
      projectRoleOf(context, profile.id),
  },
  AccessLog: {
    project: async (log: { projectId: string | null }, _: unknown, context: GatewayContext) =>
      accessLogProject(context, await member(context), log.projectId),
  },
  Query: {
    projects: async (_: unknown, args: { status?: string | null }, context: GatewayContext) =>
      listProjects(
        context.services,
        await member(context),
        (args.status as 'active' | null) ?? null,
      ),
    project: async (_: unknown, args: { id: string }, context: GatewayContext) => {
      const m = await member(context);
      const { project, role, openWorkspace } = await findVisibleProject(
        context.services,
        m,
        args.id,
      );
      return presentProject(project, m, role, openWorkspace);
    },
    projectMembers: async (_: unknown, args: { projectId: string }, context: GatewayContext) =>
      listProjectMembers(context.services, await member(context), args.projectId),
  },
  Mutation: {
    migrateProject: async (
      _: unknown,
      args: { projectId: string; name: string },
      context: GatewayContext,
    ) => migrateProject(context.services, await member(context), args, ctx(context)),
    updateProjectEmail: async (_: unknown, args: { input: unknown }, context: GatewayContext) =>
      updateProjectEmail(context.services, await member(context), args.input, ctx(context)),
    createProject: async (
      _: unknown,
      args: { input: Record<string, unknown> },
      context: GatewayContext,
    ) =>
      createProjectWithAgent(
        context.services,
        await member(context),
        defined(args.input),
        ctx(context),
      ),
    updateProject: async (
      _: unknown,
      args: { id: string; input: Record<string, unknown> },
      context: GatewayContext,
    ) =>
      updateProject(
        context.services,
        await member(context),
        args.id,
        defined(args.input),
        ctx(context),
      ),
    updateProjectSettings: async (
      _: unknown,
      args: { id: string; settings: unknown },
      context: GatewayContext,
    ) =>
      updateProjectSettings(
        context.services,
        await member(context),
        args.id,
        args.settings,
        ctx(context),
      ),
    deleteProject: async (_: unknown, args: { id: string }, context: GatewayContext) =>
      deleteProject(context.services, await member(context), args.id, ctx(context)),
    setProjectMember: async (
      _: unknown,
      args: { projectId: string; profileId: string; role?: string | null },
      context: GatewayContext,
    ) =>
      setProjectMember(
        context.services,
        await member(context),
        args.projectId,
        args.profileId,
        args.role ?? null,
        ctx(context),
      ),
    updateCanvasSection: async (_: unknown, args: { input: unknown }, context: GatewayContext) =>
      updateCanvasSection(context.services, await member(context), args.input, ctx(context)),
    updateCanvasLayout: async (_: unknown, args: { input: unknown }, context: GatewayContext) =>
      updateCanvasLayout(context.services, await member(context), args.input, ctx(context)),
    createCustomField: (
      _: unknown,
      args: { projectId: string; input: unknown },
      context: GatewayContext,
    ) => fieldChange(context, args.projectId, { kind: 'create', input: args.input }),
    updateCustomField: (
      _: unknown,
      args: { projectId: string; id: string; input: unknown },
      context: GatewayContext,
    ) => fieldChange(context, args.projectId, { kind: 'update', id: args.id, input: args.input }),
    deleteCustomField: (
      _: unknown,
      args: { projectId: string; id: string },
      context: GatewayContext,
    ) => fieldChange(context, args.projectId, { kind: 'delete', id: args.id }),
    reorderCustomFields: (
      _: unknown,
      args: { projectId: string; ids: string[] },
      context: GatewayContext,
    ) => fieldChange(context, args.projectId, { kind: 'reorder', ids: args.ids }),
  },
};
