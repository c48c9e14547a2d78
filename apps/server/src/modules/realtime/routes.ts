/**
 * Websocket subscriptions at /sub/{p|c|o|a|m|i}{id}. The upgrade is refused (403/404) unless the
 * session may listen on the channel; then every bus message on it goes to the socket as JSON,
 * after a first `realtime.subscribed` (on a project's channel with when its newest event was
 * recorded, on a member's inbox with when their newest notification was made). A ping every 25 s keeps proxies from closing a quiet socket.
 */
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { AppError, isUuid, RESTART_CLOSE_CODE, SESSION_COOKIE } from '@assay/domain';
import { requireMember, resolveIdentity } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { checkChannel, parseChannel } from './access.ts';
import { lastNotificationAt } from '../notifications/ports.ts';
import { lastProjectEventAt } from './last-event.ts';

const PING_MS = 25_000;

export async function registerRealtimeRoutes(app: FastifyInstance, services: AppServices) {
  await app.register(websocket, {
    options: { maxPayload: 4096 },
    // On shutdown, sockets close with 1012 (service restart): the client reconnects at once,
    // to another instance behind the balancer or to this one once it is back.
    preClose(done) {
      for (const client of this.websocketServer.clients)
        client.close(RESTART_CLOSE_CODE, 'restarting');
      this.websocketServer.close(() => undefined);
      done();
    },
  });
  // A refused upgrade is answered over the raw socket; end it there, or it lingers open.
  app.addHook('onResponse', async (request, reply) => {
    if (request.url.startsWith('/sub/') && reply.statusCode >= 400) request.raw.socket?.destroy();
  });
  app.get(
    '/sub/:channel',
    {
      websocket: true,
      // Before the upgrade: a refusal is a plain HTTP answer, no socket is opened.
      preValidation: async (request) => {
        const channel = parseChannel((request.params as { channel: string }).channel);
        if (!channel) throw new AppError('notFound');
        // The app attaches sessions to /api/ requests only (and later, in preHandler).
        const token = request.cookies[SESSION_COOKIE];
        request.auth = token ? await resolveIdentity(services, request, token) : null;
        const hint = (request.query as { o?: string }).o;
        const member = await requireMember(services, request, {
          ...(hint && isUuid(hint) ? { organizationId: hint } : {}),
        });
        await checkChannel(services, member, channel);
      },
    },
    async (socket, request) => {
      const name = (request.params as { channel: string }).channel;
      services.metrics.websocketOpened();
      const unsubscribe = services.bus.subscribe(name, (message) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
      });
      const ping = setInterval(() => {
        if (socket.readyState === socket.OPEN) socket.ping();
      }, PING_MS);
      ping.unref();
      socket.on('close', () => {
        services.metrics.websocketClosed();
        clearInterval(ping);
        unsubscribe();
      });
      // Listening from here on: a project's channel also says when its newest event was recorded,
      // and an inbox when its newest notification was made, so a screen whose data came before
      // this moment knows whether it may have missed news.
      const channel = parseChannel(name);
      const last =
        channel?.kind === 'p'
          ? await lastProjectEventAt(services, channel.id).catch(() => null)
          : channel?.kind === 'i'
            ? await lastNotificationAt(services.database.db, channel.id).catch(() => null)
            : null;
      if (socket.readyState !== socket.OPEN) return;
      socket.send(
        JSON.stringify({
          event: 'realtime.subscribed',
          id: '',
          at: new Date().toISOString(),
          ...(last ? { changes: { lastEventAt: last.toISOString() } } : {}),
        }),
      );
    },
  );
}
