/** REST routes of media (part 2 §7): sign, upload, download, organisation and profile images. */
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  doneAnswer,
  downloadQuery,
  signedImageQuery,
  feedbackTallyAnswer,
  idParams,
  LIMITS,
  mediaAnswer,
  mediaFeedbackSchema,
  mediaKeyBody,
  removeCardMediaBody,
  signedUploadAnswer,
  signedUploadQuery,
  signUploadQuery,
  transcribeBody,
  transcriptionAnswer,
  uploadedAnswer,
} from '@assay/domain';
import { requestContext, requireMember } from '../../http/member-context.ts';
import { route } from '../../http/route.ts';
import type { AppServices } from '../../services.ts';
import { giveMediaFeedback } from './feedback.ts';
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
import { startTranscription } from './transcription.ts';
import { readSignedImage } from './signed-images.ts';

const cardParams = z.object({ cardId: z.string() });
const fileParams = idParams.extend({ mediaId: z.string() });

export function registerMediaRoutes(app: FastifyInstance, services: AppServices) {
  route(app, {
    method: 'GET',
    url: '/api/media/sign',
    summary: 'Signs an upload.',
    auth: 'session',
    query: signUploadQuery,
    answer: signedUploadAnswer,
    async handler({ request, input }) {
      const member = await requireMember(services, request);
      return signUpload(services, member, input().query);
    },
  });

  // The upload body is the file itself (sent as application/octet-stream), streamed to storage.
  app.addContentTypeParser('application/octet-stream', (_request, payload, done) =>
    done(null, payload),
  );
  route(app, {
    method: 'PUT',
    url: '/api/media/upload',
    summary: 'Receives a signed upload (the file is the body; the signature is the credential).',
    auth: 'public',
    query: signedUploadQuery,
    answer: uploadedAnswer,
    status: 201,
    bodyLimit: LIMITS.uploadMaxBytes + 1,
    async handler({ request, input }) {
      const { query } = input();
      return receiveUpload(services, query, (request.body ?? request.raw) as Readable);
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/media/download',
    summary: 'Reads a file you may see.',
    auth: 'session',
    query: downloadQuery,
    answer: z.string().describe('The file itself, with its content type.'),
    async handler({ request, reply, input }) {
      const member = await requireMember(services, request);
      const file = await downloadMedia(services, member, input().query);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `inline; filename="${file.filename.replace(/"/g, '')}"`)
        .header('x-content-type-options', 'nosniff')
        .send(file.data);
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/media/image',
    summary: 'Shows an organisation’s image by a signed link (no session; an hour).',
    auth: 'public',
    query: signedImageQuery,
    answer: z.string().describe('The image itself, with its content type.'),
    async handler({ reply, input }) {
      const file = await readSignedImage(services, input().query);
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'private, max-age=900')
        .header('x-content-type-options', 'nosniff')
        .send(file.data);
    },
  });

  // A file uploaded through the signed flow, recorded on its subject by its storage key.
  const attach = [
    ['/api/org/organizations/:id/media', 'Sets the organisation’s image.', setOrganizationImage],
    ['/api/users/profiles/:id/media', 'Sets a member’s picture.', setProfileImage],
    ['/api/canvas/cards/:cardId/media', 'Attaches an uploaded file to a card.', addCardMedia],
  ] as const;
  for (const [url, summary, useCase] of attach) {
    const onCard = url.includes(':cardId');
    route(app, {
      method: 'POST',
      url,
      summary,
      auth: 'session',
      params: onCard ? cardParams : idParams,
      body: mediaKeyBody.optional(),
      answer: mediaAnswer,
      async handler({ request, input }) {
        const member = await requireMember(services, request);
        const { params, body } = input();
        const id = 'cardId' in params ? params.cardId : params.id;
        return useCase(services, member, id, body?.key, requestContext(request));
      },
    });
  }
  route(app, {
    method: 'DELETE',
    url: '/api/org/organizations/:id/media/:mediaId',
    summary: 'Removes the organisation’s image.',
    auth: 'session',
    params: fileParams,
    answer: doneAnswer,
    async handler({ request, input }) {
      const member = await requireMember(services, request);
      const { params } = input();
      return removeOrganizationImage(
        services,
        member,
        params.id,
        params.mediaId,
        requestContext(request),
      );
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/api/users/profiles/:id/media',
    summary: 'Removes a member’s picture.',
    auth: 'session',
    params: idParams,
    answer: doneAnswer,
    async handler({ request, input }) {
      const member = await requireMember(services, request);
      return removeProfileImage(services, member, input().params.id, requestContext(request));
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/api/canvas/cards/:cardId/media',
    summary: 'Removes a file from a card.',
    auth: 'session',
    params: cardParams,
    body: removeCardMediaBody.optional(),
    answer: doneAnswer,
    async handler({ request, input }) {
      const member = await requireMember(services, request);
      const { params, body } = input();
      return removeCardMedia(services, member, params.cardId, body, requestContext(request));
    },
  });
  route(app, {
    method: 'POST',
    url: '/api/media/feedback',
    summary: 'Says whether the agent’s summary (or transcription) of a file helped.',
    auth: 'session',
    body: mediaFeedbackSchema,
    answer: feedbackTallyAnswer,
    async handler({ request, input }) {
      const member = await requireMember(services, request);
      return giveMediaFeedback(services, member, input().body);
    },
  });
  route(app, {
    method: 'POST',
    url: '/api/media/cards/:cardId/transcribe',
    summary: 'Starts transcribing a card’s recording.',
    auth: 'session',
    params: cardParams,
    body: transcribeBody.optional(),
    answer: transcriptionAnswer,
    status: 202,
    async handler({ request, input }) {
      const member = await requireMember(services, request);
      const { params, body } = input();
      return startTranscription(services, member, params.cardId, body, requestContext(request));
    },
  });
}
