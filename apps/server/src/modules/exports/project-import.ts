/**
 * Project import (#29 item 2): an export zip becomes a new project of the importing organisation,
 * with new ids and the graph intact — cards, texts, connections and ratings, experiments,
 * comments, the dashboard and the files. The plan's project limit applies as to any new project.
 * Nothing half-imported stays: the files are stored first and taken away if anything fails, and
 * the project with its graph is written in one transaction.
 */
import { randomUUID } from 'node:crypto';
import {
  AppError,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  LIMITS,
  canCreateProject,
  projectExportSchema,
  type ProjectExportFile,
} from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { insertProjectGraph } from '../cards/ports.ts';
import { insertImportedComments } from '../comments/ports.ts';
import { insertImportedMedia, removeStored, storeImportedFiles } from '../media/ports.ts';
import { createProject } from '../projects/ports.ts';
import { EXPORT_FORMAT, EXPORT_SCHEMA_VERSION } from './project-export.ts';
import { readExportArchive } from './zip-reader.ts';

const refuse = (message: string) => new AppError('validation', { message });

/** project.json read and checked: the format, its version, then every field. */
function readGraph(bytes: Buffer): ProjectExportFile {
  let raw: unknown;
  try {
    raw = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw refuse(IMPORT_MESSAGES.badProject('it is not JSON.'));
  }
  const head = (raw ?? {}) as { format?: unknown; schemaVersion?: unknown };
  if (head.format !== EXPORT_FORMAT) throw refuse(IMPORT_MESSAGES.noProject);
  if (head.schemaVersion !== EXPORT_SCHEMA_VERSION)
    throw refuse(IMPORT_MESSAGES.otherVersion(head.schemaVersion));
  const parsed = projectExportSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw refuse(
      IMPORT_MESSAGES.badProject(`${issue?.path.join('.') || 'the file'}: ${issue?.message ?? ''}`),
    );
  }
  return parsed.data;
}

export async function importProject(
  services: AppServices,
  member: MemberContext,
  bytes: Buffer,
  context: RequestContext,
) {
  if (!canCreateProject(member.role)) throw new AppError('forbidden');
  if (bytes.length > IMPORT_LIMITS.archiveBytes) throw refuse(IMPORT_MESSAGES.tooBig);
  const archive = await readExportArchive(bytes, {
    media: LIMITS.uploadMaxBytes,
    projectJson: IMPORT_LIMITS.totalBytes,
  });
  const graph = readGraph(archive.projectJson);
  const ids = new Map(graph.cards.map((c) => [c.id, randomUUID()]));
  const target = { organizationId: member.organization.id, profileId: member.profileId };

  const stored = await storeImportedFiles(
    services,
    target,
    graph.media.flatMap((m) => {
      const data = archive.media.get(m.path);
      const cardId = ids.get(m.cardId);
      return data && cardId ? [{ cardId, filename: m.filename, summary: m.summary, data }] : [];
    }),
  );
  try {
    let connections = 0;
    const { project } = graph;
    const made = await createProject(
      services,
      member,
      { name: project.name, description: project.description, language: project.language },
      context,
      {
        values: {
          settings: project.settings,
          canvas: project.canvas,
          customFields: project.customFields as never,
          prioritization: project.prioritization,
          projectTags: project.projectTags,
          dashboard: project.dashboard as never,
          market: project.market as never,
          petal: project.petal as never,
        },
        async fill(unit, row) {
          const into = { ...target, projectId: row.id };
          ({ connections } = await insertProjectGraph(unit.tx, into, graph, ids));
          await insertImportedComments(unit.tx, into, graph.comments, ids);
          await insertImportedMedia(unit.tx, row.id, stored);
        },
      },
    );
    return {
      projectId: made.id,
      name: made.name,
      cards: ids.size,
      connections,
      files: stored.rows.length,
    };
  } catch (error) {
    await removeStored(services, stored);
    throw error;
  }
}
