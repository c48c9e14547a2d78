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
  type ProjectExportFile,
} from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import { inSlot } from '../../platform/slots/index.ts';
import { threadRunner, ThreadFailed } from '../../platform/threads/index.ts';
import type { AppServices } from '../../services.ts';
import { insertProjectGraph } from '../cards/ports.ts';
import { insertImportedComments } from '../comments/ports.ts';
import {
  insertImportedMedia,
  removeStored,
  storeImportedFiles,
  type StoredFiles,
} from '../media/ports.ts';
import { assertProjectAllowed, createProject } from '../projects/ports.ts';
import type { GraphReading } from './project-graph-read.ts';
import { forEachNamedMedia, readProjectJson } from './zip-reader.ts';

const refuse = (message: string) => new AppError('validation', { message });

/** An import that has run this long is a crashed instance's: the next one may start. */
const IMPORT_SLOT_STALE_MS = 30 * 60 * 1000;

/** project.json is parsed on a thread whose heap a hostile file cannot grow past (#47). */
const readGraphOffThread = threadRunner<Uint8Array, GraphReading>(
  new URL('./project-graph-thread.ts', import.meta.url),
  { maxHeapMb: 512, timeoutMs: 120_000 },
);

async function readGraph(bytes: Buffer): Promise<ProjectExportFile> {
  let reading: GraphReading;
  try {
    reading = await readGraphOffThread(bytes);
  } catch (error) {
    // Out of the thread's heap, or past its time: the file, not the server, is the problem.
    if (error instanceof ThreadFailed) throw refuse(IMPORT_MESSAGES.tooDeep);
    throw error;
  }
  if ('refused' in reading) throw refuse(reading.refused);
  return reading.graph;
}

/** The files project.json names, read one at a time and stored as each comes. */
async function storeNamedMedia(
  services: AppServices,
  target: { organizationId: string; profileId: string },
  bytes: Buffer,
  graph: ProjectExportFile,
  ids: Map<string, string>,
): Promise<StoredFiles> {
  const byPath = new Map(graph.media.map((m) => [m.path, m]));
  const stored: StoredFiles = { rows: [], keys: [] };
  try {
    await forEachNamedMedia(
      bytes,
      new Set(byPath.keys()),
      LIMITS.uploadMaxBytes,
      async (path, data) => {
        const entry = byPath.get(path);
        const cardId = entry ? ids.get(entry.cardId) : undefined;
        if (!entry || !cardId) return;
        const one = await storeImportedFiles(services, target, [
          { cardId, filename: entry.filename, summary: entry.summary, data },
        ]);
        stored.rows.push(...one.rows);
        stored.keys.push(...one.keys);
      },
    );
  } catch (error) {
    await removeStored(services, stored);
    throw error;
  }
  return stored;
}

/**
 * The role, the plan and its project count first; then the archive, one import at a time per
 * organisation: project.json (capped, parsed off the event loop), then the files it names.
 */
export async function importProject(
  services: AppServices,
  member: MemberContext,
  bytes: Buffer,
  context: RequestContext,
) {
  if (!canCreateProject(member.role)) throw new AppError('forbidden');
  await assertProjectAllowed(services, member);
  if (bytes.length > IMPORT_LIMITS.archiveBytes) throw refuse(IMPORT_MESSAGES.tooBig);
  return inSlot(
    services.database.db,
    `import:${member.organization.id}`,
    IMPORT_SLOT_STALE_MS,
    () => new AppError('importBusy'),
    () => importArchive(services, member, bytes, context),
  );
}

async function importArchive(
  services: AppServices,
  member: MemberContext,
  bytes: Buffer,
  context: RequestContext,
) {
  const graph = await readGraph(await readProjectJson(bytes, IMPORT_LIMITS.projectJsonBytes));
  const ids = new Map(graph.cards.map((c) => [c.id, randomUUID()]));
  const target = { organizationId: member.organization.id, profileId: member.profileId };
  const stored = await storeNamedMedia(services, target, bytes, graph, ids);
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
