/** REST routes of media (part 2 §7): sign, upload, download, organisation and profile images. */
import type { FastifyInstance } from 'fastify';
import { requestContext, requireMember } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import {
  addCardMedia,
  downloadMedia,
  receiveUpload,
  removeCardMedia,
  removeOrganizationImage,
  removeProfileImage,
  setOrganizationImage,
  setProfileImage,
  signUpload,
} from './service.ts';
import { LIMITS } from '@assay/domain';
import { giveMediaFeedback } from './feedback.ts';
import { startTranscription } from './transcription.ts';
import type { Readable } from 'node:stream';

type Query = Record<string, string | undefined>;

export function registerMediaRoutes(app: FastifyInstance, services: AppServices) {
  app.get('/api/media/sign', async (request) => {
    const member = await requireMember(services, request);
    return signUpload(services, member, request.query as Query);
  });

  // The upload body is the file itself (sent as application/octet-stream), streamed to storage.
  app.addContentTypeParser('application/octet-stream', (_request, payload, done) =>
    done(null, payload),
  );
  app.put('/api/media/upload', { bodyLimit: LIMITS.uploadMaxBytes + 1 }, async (request, reply) => {
    const result = await receiveUpload(
      services,
      request.query as Query,
      (request.body ?? request.raw) as Readable,
    );
    return reply.code(201).send(result);
  });

  app.get('/api/media/download', async (request, reply) => {
    const member = await requireMember(services, request);
    const file = await downloadMedia(services, member, request.query as Query);
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `inline; filename="${file.filename.replace(/"/g, '')}"`)
      .header('x-content-type-options', 'nosniff')
      .send(file.data);
  });

  app.post('/api/org/organizations/:id/media', async (request) => {
    const member = await requireMember(services, request);
    const { id } = request.params as { id: string };
    return setOrganizationImage(
      services,
      member,
      id,
      (request.body as { key?: unknown } | null)?.key,
      requestContext(request),
    );
  });
  app.delete('/api/org/organizations/:id/media/:mediaId', async (request) => {
    const member = await requireMember(services, request);
    const { id, mediaId } = request.params as { id: string; mediaId: string };
    return removeOrganizationImage(services, member, id, mediaId, requestContext(request));
  });

  app.post('/api/users/profiles/:id/media', async (request) => {
    const member = await requireMember(services, request);
    const { id } = request.params as { id: string };
    return setProfileImage(
      services,
      member,
      id,
      (request.body as { key?: unknown } | null)?.key,
      requestContext(request),
    );
  });
  app.delete('/api/users/profiles/:id/media', async (request) => {
    const member = await requireMember(services, request);
    const { id } = request.params as { id: string };
    return removeProfileImage(services, member, id, requestContext(request));
  });

  app.post('/api/canvas/cards/:cardId/media', async (request) => {
    const member = await requireMember(services, request);
    const { cardId } = request.params as { cardId: string };
    return addCardMedia(
      services,
      member,
      cardId,
      (request.body as { key?: unknown } | null)?.key,
      requestContext(request),
    );
  });
  app.delete('/api/canvas/cards/:cardId/media', async (request) => {
    const member = await requireMember(services, request);
    const { cardId } = request.params as { cardId: string };
    return removeCardMedia(services, member, cardId, request.body, requestContext(request));
  });
  app.post('/api/media/feedback', async (request) => {
    const member = await requireMember(services, request);
    return giveMediaFeedback(services, member, request.body);
  });
  app.post('/api/media/cards/:cardId/transcribe', async (request, reply) => {
    const member = await requireMember(services, request);
    const { cardId } = request.params as { cardId: string };
    const started = await startTranscription(
      services,
      member,
      cardId,
      request.body,
      requestContext(request),
    );
    return reply.code(202).send(started);
  });
}
