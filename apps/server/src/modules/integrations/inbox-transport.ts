/**
 * How mail reaches project inboxes: the built-in SMTP listener (INBOUND_SMTP_PORT; off unless
 * set), which refuses unknown recipients at RCPT and oversized mail at DATA, and the inbound-mail
 * webhook (POST /api/inbound/mail with the raw message, authenticated by INBOUND_MAIL_SECRET).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { route } from '../../http/route.ts';
import { AppError } from '@assay/domain';
import { safeEqual } from '../../platform/crypto.ts';
import type { AppServices } from '../../services.ts';
import { InboxRefusal, projectForAddress, receiveProjectMail } from './inbox.ts';

/** An SMTP error with the reply code the sender's server should see. */
function smtpError(message: string, responseCode: number) {
  return Object.assign(new Error(message), { responseCode });
}

/** Starts the listener; answers a function that stops it. */
export async function startInboundSmtp(services: AppServices, port: number, host = '0.0.0.0') {
  const maxBytes = services.config.inboundMail.maxBytes;
  // smtp-server loads only where the listener is turned on.
  const { SMTPServer } = await import('smtp-server');
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: maxBytes,
    banner: 'Assay project inbox',
    logger: false,
    onRcptTo(address, _session, callback) {
      projectForAddress(services, address.address)
        .then((project) =>
          project ? callback() : callback(smtpError('No project has this address', 550)),
        )
        .catch(() => callback(smtpError('Try again later', 451)));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= maxBytes) chunks.push(chunk);
      });
      stream.on('end', () => {
        if (stream.sizeExceeded || size > maxBytes) {
          callback(smtpError('Message too large for this project inbox', 552));
          return;
        }
        const raw = Buffer.concat(chunks);
        const recipients = session.envelope.rcptTo.map((r) => r.address);
        Promise.all(recipients.map((to) => receiveProjectMail(services, to, raw)))
          .then(() => callback())
          .catch((error: unknown) =>
            callback(
              error instanceof InboxRefusal
                ? smtpError(error.message, error.code === 'tooLarge' ? 552 : 550)
                : smtpError('Try again later', 451),
            ),
          );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.server.address() as { port: number }).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** POST /api/inbound/mail?to={address}: a provider's inbound-mail webhook with the raw message. */
export function registerInboundMailRoute(app: FastifyInstance, services: AppServices) {
  const maxBytes = services.config.inboundMail.maxBytes;
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'message/rfc822',
      { parseAs: 'buffer', bodyLimit: maxBytes },
      (_request, body, done) => done(null, body),
    );
    route(scope, {
      method: 'POST',
      url: '/api/inbound/mail',
      summary: 'Inbound mail for a project inbox (the raw message; x-inbound-secret).',
      auth: 'secret',
      query: z.object({ to: z.string().optional().describe('The project inbox’s address.') }),
      body: z.unknown().describe('The raw message (message/rfc822).'),
      answer: z.object({ cardId: z.string() }),
      status: 201,
      bodyLimit: maxBytes,
      async handler({ request, input }) {
        const secret = services.config.inboundMail.secret;
        const given = request.headers['x-inbound-secret'];
        if (!secret || typeof given !== 'string' || !safeEqual(given, secret))
          throw new AppError('unauthenticated');
        const { query, body } = input();
        if (!query.to || !Buffer.isBuffer(body))
          throw new AppError('validation', { message: 'Send the raw message with ?to={address}.' });
        try {
          return await receiveProjectMail(services, query.to, body);
        } catch (error) {
          if (error instanceof InboxRefusal)
            throw new AppError('validation', { message: error.message });
          throw error;
        }
      },
    });
  });
}
