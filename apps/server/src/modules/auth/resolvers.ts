import { AppError } from '@assay/domain';
import type { GatewayContext } from '../../gateway/context.ts';
import { publicUser } from './routes.ts';
import { requestEmailChange, updatePassword } from './service.ts';
import { disableMfa, enableMfa, startMfaSetup } from './two-step.ts';

function signedIn(context: GatewayContext) {
  if (!context.auth) throw new AppError('unauthenticated');
  return context.auth;
}

export const resolvers = {
  Query: {
    me: (_: unknown, __: unknown, context: GatewayContext) =>
      context.auth ? publicUser(context.auth.user) : null,
  },
  Mutation: {
    startMfaSetup: (_: unknown, __: unknown, context: GatewayContext) =>
      startMfaSetup(context.services, signedIn(context)),
    enableMFA: async (_: unknown, args: { code: string }, context: GatewayContext) => ({
      mfaEnabled: true,
      recoveryCodes: await enableMfa(context.services, signedIn(context), args.code),
    }),
    disableMFA: async (_: unknown, args: { code: string }, context: GatewayContext) => {
      await disableMfa(context.services, signedIn(context), args.code);
      return true;
    },
    changeEmail: async (_: unknown, args: { email: string }, context: GatewayContext) => {
      await requestEmailChange(context.services, signedIn(context), { email: args.email });
      return true;
    },
    updatePassword: async (
      _: unknown,
      args: { currentPassword: string; newPassword: string },
      context: GatewayContext,
    ) => {
      await updatePassword(context.services, signedIn(context), args);
      return true;
    },
  },
};
