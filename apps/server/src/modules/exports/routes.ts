/** Taking a project out (#29): its export as one zip; and a whole organisation, as a job. */
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
import {
  downloadOrganizationExport,
  listOrganizationExports,
  requestOrganizationExport,
} from './organization-export.ts';
import { exportProject } from './project-export.ts';
import { importProject } from './project-import.ts';

const organizationExportAnswer = z.object({
  id: z.string(),
  status: z.enum(['pending', 'ready', 'failed']),
  size: z.number().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  expired: z.boolean(),
});

function registerOrganizationExportRoutes(app: FastifyInstance, services: AppServices) {
  const params = z.object({ id: z.string() });
  route(app, {
    method: 'POST',
    url: '/api/org/organizations/:id/exports',
    summary:
      'Asks for the whole organisation as one zip (owners): made in the background, the link mailed; one at a time.',
    auth: 'session',
    params,
    answer: organizationExportAnswer,
    async handler({ request, input }) {
      const { id } = input().params;
      // An owner may take the data out while a deletion waits (#29).
      const member = await requireMember(services, request, {
        organizationId: id,
        duringDeletion: true,
        whileReadOnly: true,
      });
      return requestOrganizationExport(services, member, id, requestContext(request));
    },
  });
  route(app, {
    method: 'GET',
    url: '/api/org/organizations/:id/exports',
    summary: 'The organisation’s latest exports and where each stands (owners).',
    auth: 'session',
    params,
    answer: z.array(organizationExportAnswer),
    async handler({ request, input }) {
      const { id } = input().params;
      const member = await requireMember(services, request, {
        organizationId: id,
        duringDeletion: true,
        whileReadOnly: true,
      });
      return listOrganizationExports(services, member, id);
    },
  });
  route(app, {
    method: 'GET',
    url: '/api/org/organizations/:id/exports/:exportId/download',
    summary: 'An organisation export’s zip, while its link lasts (owners, signed in).',
    auth: 'session',
    params: params.extend({ exportId: z.string() }),
    answer: fileAnswer,
    async handler({ request, reply, input }) {
      const { id, exportId } = input().params;
      const member = await requireMember(services, request, {
        organizationId: id,
        duringDeletion: true,
        whileReadOnly: true,
      });
      const file = await downloadOrganizationExport(services, member, id, exportId);
      return attachment(reply, file.filename, 'application/zip', file.stream);
    },
  });
}

export function registerExportRoutes(app: FastifyInstance, services: AppServices) {
  registerOrganizationExportRoutes(app, services);
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
