/**
 * Project export (#29 item 1): one zip a team can take anywhere — `project.json`, the whole graph
 * in a documented, versioned shape (docs/export/), the cards, connections and experiments as CSV
 * for spreadsheets, and the cards' files under `media/` as they were uploaded. Streamed: the JSON
 * is written a page of cards at a time and each file is read only when its turn comes.
 *
 * Who may: those who manage the project (organisation owners and admins, the project's owners and
 * admins). Drafts stay behind: they are their author's own until published.
 */
import { PassThrough, Readable } from 'node:stream';
import Papa from 'papaparse';
import yazl from 'yazl';
import type { MemberContext } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { findManagedProject, withWriteUps } from '../projects/ports.ts';
import {
  boardSectionsOf,
  cardPages,
  commentsOf,
  connectionsOf,
  filesOf,
  type ExportedCard,
  type Connection,
  type GraphScope,
} from './project-graph.ts';

export { EXPORT_FORMAT, EXPORT_SCHEMA_VERSION } from './project-format.ts';
import { EXPORT_FORMAT, EXPORT_SCHEMA_VERSION } from './project-format.ts';

export interface ProjectExport {
  filename: string;
  stream: Readable;
}

function projectPart(project: Awaited<ReturnType<typeof withWriteUps>>) {
  return {
    id: project.id,
    name: project.name,
    description: project.description,
    language: project.language,
    status: project.status,
    settings: project.settings,
    canvas: project.canvas,
    customFields: project.customFields,
    prioritization: project.prioritization,
    projectTags: project.projectTags,
    dashboard: project.dashboard,
    market: project.market,
    petal: project.petal,
    createdAt: project.createdAt.toISOString(),
  };
}

/** project.json, a piece at a time: the project, then its cards page by page, then the rest. */
async function* projectJson(
  services: AppServices,
  scope: GraphScope,
  head: Record<string, unknown>,
  seen: { cards: (page: ExportedCard[]) => void; connections: (rows: Connection[]) => void },
  files: Awaited<ReturnType<typeof filesOf>>,
): AsyncGenerator<string> {
  const db = services.database.db;
  const open = JSON.stringify(head);
  yield `${open.slice(0, -1)},"boardSections":${JSON.stringify(await boardSectionsOf(db, scope))},"cards":[`;
  let first = true;
  for await (const page of cardPages(db, scope)) {
    seen.cards(page);
    for (const card of page) {
      yield `${first ? '' : ','}\n${JSON.stringify(card)}`;
      first = false;
    }
  }
  const links = await connectionsOf(db, scope);
  seen.connections(links);
  yield `],"connections":${JSON.stringify(links)}`;
  yield `,"comments":${JSON.stringify(await commentsOf(db, scope))}`;
  yield `,"media":${JSON.stringify(files.map(({ storageKey: _key, ...file }) => file))}}\n`;
}

const CARD_COLUMNS = [
  'id',
  'type',
  'title',
  'section',
  'status',
  'result',
  'risky',
  'tags',
  'description',
  'summary',
  'publishedAt',
] as const;

function cardRow(card: ExportedCard) {
  return {
    id: card.id,
    type: card.hypothesis ? `${card.hypothesis.type} hypothesis` : card.type,
    title: card.title,
    section: card.hypothesis?.canvas.section ?? '',
    status: card.hypothesis?.businessStatus ?? '',
    result: card.hypothesis?.result ?? '',
    risky: card.hypothesis ? String(card.hypothesis.risky) : '',
    tags: card.tags.join(', '),
    description: card.texts.description?.text ?? '',
    summary: card.evidence?.summary ?? card.hypothesis?.summary ?? '',
    publishedAt: card.publishedAt ?? '',
  };
}

function experimentRow(card: ExportedCard) {
  const x = card.experiment!;
  return {
    id: card.id,
    title: card.title,
    type: x.type,
    phase: x.phase,
    dueDate: x.dueDate ?? '',
    completedAt: x.completedAt ?? '',
    success: x.success === null ? '' : String(x.success),
    successCriteria: x.successCriteria.map((c) => JSON.stringify(c)).join('; '),
    keyLearnings: x.keyLearnings,
  };
}

const csv = (rows: object[], columns: readonly string[]) =>
  Papa.unparse({
    fields: [...columns],
    data: rows.map((r) => columns.map((c) => (r as Record<string, unknown>)[c])),
  });

export async function exportProject(
  services: AppServices,
  member: MemberContext,
  projectId: string,
): Promise<ProjectExport> {
  const { project } = await findManagedProject(services, member, projectId);
  return projectArchive(services, member.organization.id, project);
}

/** A project's zip, for whoever was allowed to ask (a manager, or an owner's organisation export). */
export async function projectArchive(
  services: AppServices,
  organizationId: string,
  project: Awaited<ReturnType<typeof findManagedProject>>['project'],
): Promise<ProjectExport> {
  const scope = { organizationId, projectId: project.id };
  const db = services.database.db;
  const whole = await withWriteUps(db, project);
  const files = await filesOf(db, scope);
  const head = {
    format: EXPORT_FORMAT,
    schemaVersion: EXPORT_SCHEMA_VERSION,
    exportedAt: new Date().toISOString(),
    project: projectPart(whole),
  };

  // The CSVs come from what project.json has already read: one pass over the project.
  const cardsCsv: ReturnType<typeof cardRow>[] = [];
  const experimentsCsv: ReturnType<typeof experimentRow>[] = [];
  const titles = new Map<string, string>();
  let links: Connection[] = [];
  const seen = {
    cards: (page: ExportedCard[]) => {
      for (const card of page) {
        titles.set(card.id, card.title);
        cardsCsv.push(cardRow(card));
        if (card.experiment) experimentsCsv.push(experimentRow(card));
      }
    },
    connections: (rows: Connection[]) => {
      links = rows;
    },
  };

  const zip = new yazl.ZipFile();
  const stream = new PassThrough();
  // A failure half-way (the database gone) ends the download as broken, never as a valid zip.
  const fail = (error: unknown) =>
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
  const entry = (pieces: Iterable<string | Buffer> | AsyncIterable<string | Buffer>) =>
    Readable.from(pieces).on('error', fail);
  zip.addReadStreamLazy('project.json', (done) =>
    done(null, entry(projectJson(services, scope, head, seen, files))),
  );
  zip.addReadStreamLazy('cards.csv', (done) => done(null, entry([csv(cardsCsv, CARD_COLUMNS)])));
  // Written after project.json, from the connections it read.
  zip.addReadStreamLazy('connections.csv', (done) =>
    done(
      null,
      entry([
        csv(
          links.map((c) => ({
            ...c,
            firstTitle: titles.get(c.firstCardId) ?? '',
            secondTitle: titles.get(c.secondCardId) ?? '',
            rating: c.rating ?? '',
          })),
          ['id', 'firstCardId', 'firstTitle', 'secondCardId', 'secondTitle', 'rating', 'createdAt'],
        ),
      ]),
    ),
  );
  zip.addReadStreamLazy('experiments.csv', (done) =>
    done(
      null,
      entry([
        csv(experimentsCsv, [
          'id',
          'title',
          'type',
          'phase',
          'dueDate',
          'completedAt',
          'success',
          'successCriteria',
          'keyLearnings',
        ]),
      ]),
    ),
  );
  for (const file of files) {
    zip.addReadStreamLazy(file.path, (done) => {
      void services.storage.read(file.storageKey).then(
        // A file gone from storage leaves an empty entry rather than a broken archive.
        (data) => done(null, entry([data ?? Buffer.alloc(0)])),
        (error: unknown) => {
          fail(error);
          done(error, undefined as never);
        },
      );
    });
  }
  zip.end();
  zip.on('error', fail);
  zip.outputStream.pipe(stream);
  const date = new Date().toISOString().slice(0, 10);
  return { filename: `${project.name || 'project'} ${date}.zip`, stream };
}
