/**
 * The face of media for the modules that own files' subjects.
 *
 * Who may add, remove or read the files of a subject. Files hang on subjects that other modules
 * own (a card, a project's dashboard, a public board, a team's presentation, a cohort's
 * resources); media sits below them, so instead of importing each one (import cycles) it asks
 * this registry, and each owning module registers its answer at start (decision 009).
 */
import { AppError } from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import type { Executor } from '../../platform/db/index.ts';
import type { AppServices } from '../../services.ts';

export interface MediaSubject {
  /** Throws (notFound, forbidden) unless the member may add or remove this subject's files. */
  mayEdit(
    services: AppServices,
    member: MemberContext,
    subjectId: string,
  ): Promise<{ projectId: string | null }>;
  /** Throws unless the member may read this subject's files. */
  mayRead(services: AppServices, member: MemberContext, subjectId: string): Promise<unknown>;
  /** Inside the transaction that added or removed one of the subject's files (caches, counts). */
  changed?(tx: Executor, file: { projectId: string | null; subjectId: string }): Promise<void>;
}

const subjects = new Map<string, MediaSubject>();

/** Registers (or replaces) who decides for a collection's subjects. */
export function registerMediaSubject(collection: string, subject: MediaSubject): void {
  subjects.set(collection, subject);
}

/** The registered answer for a collection; a collection nobody registered takes no files. */
export function mediaSubject(collection: string): MediaSubject {
  const subject = subjects.get(collection);
  if (!subject) throw new AppError('validation', { message: 'Files cannot be added there.' });
  return subject;
}

/** Whether someone registered the collection (organisation and profile images are media's own). */
export function hasMediaSubject(collection: string): boolean {
  return subjects.has(collection);
}

/**
 * Work that starts on a file once it is added (the agent's summary of a document); answers
 * whether it began, so the answer can show the file as processing.
 */
export type MediaAddedListener = (
  services: AppServices,
  member: MemberContext,
  file: { id: string; filename: string; collection: string },
  context: RequestContext,
) => Promise<boolean>;

const addedListeners = new Map<string, MediaAddedListener>();

/** Registers (or replaces) work to start on added files. */
export function onMediaAdded(name: string, listener: MediaAddedListener): void {
  addedListeners.set(name, listener);
}

/** Runs every listener on an added file; true when any of them began work on it. */
export async function mediaAdded(...args: Parameters<MediaAddedListener>): Promise<boolean> {
  let began = false;
  for (const listener of addedListeners.values()) began = (await listener(...args)) || began;
  return began;
}
