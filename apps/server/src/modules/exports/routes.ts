/** Taking a project out (#29): its export as one zip. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AppError,
  fileAnswer,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  projectExportJsonSchema,
  projectImportAnswer,
} from '@assay/domain';
import { requestContext, requireMember } from '../../http/member-context.ts';
import { attachment } from '../../http/attachment.ts';
import { route } from '../../http/route.ts';
import type { AppServices } from '../../services.ts';
import { exportProject } from './project-export.ts';
import { importProject } from './project-import.ts';

export function registerExportRoutes(app: FastifyInstance, services: AppServices) {
  route(app, {
    method: 'GET',
    url: '/api/docs/export/project-v1.schema.json',
    summary: 'The JSON Schema of an exported project’s project.json (schema version 1).',
    auth: 'public',
    answer: z.looseObject({ title: z.string() }).describe('A JSON Schema document.'),
    handler: async () => projectExportJsonSchema(),
  });
  route(app, {
    method: 'GET',
    url: '/api/proj/projects/:id/export/project.zip',
    summary:
      'The whole project as a zip: project.json (docs/export/project-v1.schema.json), cards, connections and experiments as CSV, and the cards’ files under media/.',
    auth: 'session',
    params: z.object({ id: z.string() }),
    answer: fileAnswer,
    async handler({ request, reply, input }) {
      const member = await requireMember(services, request);
      const file = await exportProject(services, member, input().params.id);
      return attachment(reply, file.filename, 'application/zip', file.stream);
    },
  });

  // An import's body is the zip itself.
  app.addContentTypeParser(
    'application/zip',
    { parseAs: 'buffer', bodyLimit: IMPORT_LIMITS.archiveBytes },
    (_request, body, done) => done(null, body),
  );
  route(app, {
    method: 'POST',
    url: '/api/proj/projects/import',
    summary:
      'Makes a new project from an export zip (the body, sent as application/zip): new ids, the graph intact, the plan’s project limit applied.',
    auth: 'session',
    answer: projectImportAnswer,
    status: 201,
    bodyLimit: IMPORT_LIMITS.archiveBytes,
    async handler({ request }) {
      const member = await requireMember(services, request);
      if (!Buffer.isBuffer(request.body))
        throw new AppError('validation', { message: IMPORT_MESSAGES.notAZip });
      return importProject(services, member, request.body, requestContext(request));
    },
  });
}
