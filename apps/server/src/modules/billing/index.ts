import { readFileSync } from 'node:fs';
import type { GatewayContext } from '../../gateway/context.ts';
import type { GatewayModule } from '../../gateway/module.ts';
import { withoutNulls } from '../../gateway/inputs.ts';
import { requestContext, requireMember } from '../../http/member-context.ts';
import { couponOffer, subscribe } from './service.ts';

// An expired plan may still pay: billing reads the member while the organisation is read-only.
const member = (context: GatewayContext) =>
  requireMember(context.services, context.request, { whileReadOnly: true });

/** Billing through the gateway (part 1 §7.1): the coupon check and subscribing. */
export const billingModule: GatewayModule = {
  name: 'billing',
  typeDefs: readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8'),
  resolvers: {
    Query: {
      couponCheck: async (_: unknown, args: { code: string }, context: GatewayContext) =>
        couponOffer(context.services, await member(context), args.code),
    },
    Mutation: {
      subscribe: async (
        _: unknown,
        args: { input: Record<string, unknown> },
        context: GatewayContext,
      ) =>
        subscribe(
          context.services,
          await member(context),
          withoutNulls(args.input),
          requestContext(context.request),
        ),
    },
  },
};
