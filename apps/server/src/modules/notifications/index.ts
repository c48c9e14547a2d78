import { readFileSync } from 'node:fs';
import type { GatewayContext } from '../../gateway/context.ts';
import type { GatewayModule } from '../../gateway/module.ts';
import { requireMember } from '../../http/member-context.ts';
import { listNotifications, setNotificationFavorite } from './service.ts';

const member = (context: GatewayContext) => requireMember(context.services, context.request);

export const notificationsModule: GatewayModule = {
  name: 'notifications',
  typeDefs: readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8'),
  resolvers: {
    Query: {
      notifications: async (
        _: unknown,
        args: { section?: string | null; favorites?: boolean | null },
        context: GatewayContext,
      ) =>
        listNotifications(
          context.services,
          await member(context),
          args.section ?? null,
          args.favorites ?? false,
        ),
    },
    Mutation: {
      favoriteNotification: async (
        _: unknown,
        args: { id: string; favorite: boolean },
        context: GatewayContext,
      ) => setNotificationFavorite(context.services, await member(context), args.id, args.favorite),
    },
  },
};
