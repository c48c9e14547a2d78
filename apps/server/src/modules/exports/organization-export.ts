/**
 * Exporting a whole organisation (issue #29): an owner asks; a background job writes one zip —
 * `organization.json` (its settings, members and roles, and the list of its projects),
 * `members.csv`, and every project's own export zip under `projects/` — to storage, streamed, and
 * mails the owner a link that works for 7 days (owners only, signed in). One export is made at a
 * time per organisation: more asks while one is being made are told so. Expired files are removed
 * by the hourly sweep; the owner can take the data out during a deletion's grace period too.
 */
import { PassThrough } from 'node:stream';
import {
  and,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
} from 'drizzle-orm';
import Papa from 'papaparse';
import yazl from 'yazl';
import { AppError } from '@assay/domain';
import { organizationOrigin } from '../../http/hosts.ts';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import type { Executor } from '../../platform/db/index.ts';
import type { AppServices } from '../../services.ts';
import { organizationExportReadyMail } from '../mail/ports.ts';
import { organizationExportParts } from '../organizations/ports.ts';
import { organizationProjectRows } from '../projects/ports.ts';
import { projectArchive } from './project-export.ts';
import { organizationExports } from './schema.ts';
import { everyHour } from '../../platform/jobs/hourly.ts';

export const ORGANIZATION_EXPORT_QUEUE = 'organization-export';
export const ORGANIZATION_EXPORT_FORMAT = 'assay.organization';
const LINK_DAYS = 7;
/** Exports an organisation may ask for in a day (#47 item 5); only the newest file is kept. */
export const EXPORTS_PER_DAY = 3;
/** Beyond the upload limit: an organisation's files together may be large. */
const MAX_BYTES = 2_000_000_000;
const DAY = 24 * 60 * 60 * 1000;
/** A worker that took an export this long ago and never finished is taken to be gone. */
const STALE_MS = 60 * 60 * 1000;

type ExportRow = typeof organizationExports.$inferSelect;

const present = (row: ExportRow) => ({
  id: row.id,
  status: row.status as 'pending' | 'ready' | 'failed',
  size: row.size,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  expired: row.expiresAt !== null && row.expiresAt.getTime() <= Date.now(),
});

function requireOwner(member: MemberContext, organizationId: string) {
  if (organizationId !== member.organization.id) throw new AppError('notFound');
  if (member.role !== 'owner') throw new AppError('forbidden');
}

const uniqueViolation = (error: unknown): boolean => {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

export async function requestOrganizationExport(
  services: AppServices,
  member: MemberContext,
  organizationId: string,
  context: RequestContext,
) {
  requireOwner(member, organizationId);
  let row: ExportRow;
  try {
    row = await services.transaction(
      async (unit) => {
        // Counted under a lock: forty asks at once cannot all fit the day's count.
        await unit.tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`exports:${organizationId}`}))`,
        );
        const [today] = await unit.tx
          .select({ n: count() })
          .from(organizationExports)
          .where(
            and(
              eq(organizationExports.organizationId, organizationId),
              gt(organizationExports.createdAt, new Date(Date.now() - DAY)),
            ),
          );
        if ((today?.n ?? 0) >= EXPORTS_PER_DAY) throw new AppError('exportsPerDayUsed');
        const [made] = await unit.tx
          .insert(organizationExports)
          .values({ organizationId, requestedBy: member.profileId })
          .returning();
        if (!made) throw new AppError('exportInProgress');
        await unit.record({
          name: 'organizations.export',
          organizationId,
          actorId: member.profileId,
          subjectType: 'organization',
          subjectId: organizationId,
          changes: { exportId: made.id },
        });
        return made;
      },
      { context },
    );
  } catch (error) {
    if (uniqueViolation(error)) throw new AppError('exportInProgress');
    throw error;
  }
  if (services.jobs) await services.jobs.send(ORGANIZATION_EXPORT_QUEUE, { exportId: row.id });
  else
    void runOrganizationExport(services, row.id).catch((error: unknown) =>
      services.logger.error({ err: error }, 'organization export failed'),
    );
  return present(row);
}

export async function listOrganizationExports(
  services: AppServices,
  member: MemberContext,
  organizationId: string,
) {
  requireOwner(member, organizationId);
  const rows = await services.database.db
    .select()
    .from(organizationExports)
    .where(eq(organizationExports.organizationId, organizationId))
    .orderBy(desc(organizationExports.createdAt))
    .limit(5);
  return rows.map(present);
}

/** The archive: written to storage as it is made, never whole in memory. */
async function archive(services: AppServices, organizationId: string) {
  const db = services.database.db;
  const parts = await organizationExportParts(db, organizationId);
  if (!parts) throw new AppError('notFound');
  const projects = await organizationProjectRows(db, organizationId);
  const files = projects.map((p) => ({
    id: p.id,
    name: p.name,
    status: p.status,
    file: `projects/${(p.name || 'project').replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'project'} ${p.id.slice(0, 8)}.zip`,
  }));
  const zip = new yazl.ZipFile();
  const out = new PassThrough();
  const fail = (error: unknown) =>
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  zip.addBuffer(
    Buffer.from(
      JSON.stringify(
        {
          format: ORGANIZATION_EXPORT_FORMAT,
          schemaVersion: 1,
          exportedAt: new Date().toISOString(),
          ...parts,
          projects: files,
        },
        null,
        2,
      ),
    ),
    'organization.json',
  );
  zip.addBuffer(
    Buffer.from(
      Papa.unparse({
        fields: ['firstName', 'lastName', 'email', 'role', 'joinedAt'],
        data: parts.members.map((m) => [m.firstName, m.lastName, m.email, m.role, m.joinedAt]),
      }),
    ),
    'members.csv',
  );
  projects.forEach((project, i) => {
    zip.addReadStreamLazy(files[i]!.file, (done) => {
      void projectArchive(services, organizationId, project).then(
        (made) => done(null, made.stream.on('error', fail)),
        (error: unknown) => {
          fail(error);
          done(error as Error, undefined as never);
        },
      );
    });
  });
  zip.end();
  zip.on('error', fail);
  zip.outputStream.pipe(out);
  return out;
}

/** The job: makes the archive, marks the export ready (or failed) and mails the owner. */
export async function runOrganizationExport(services: AppServices, exportId: string) {
  const db = services.database.db;
  // Taken by one worker only (a retry, or a second instance, finds it taken).
  const [row] = await db
    .update(organizationExports)
    .set({ startedAt: new Date() })
    .where(
      and(
        eq(organizationExports.id, exportId),
        eq(organizationExports.status, 'pending'),
        or(
          isNull(organizationExports.startedAt),
          lt(organizationExports.startedAt, new Date(Date.now() - STALE_MS)),
        ),
      ),
    )
    .returning();
  if (!row) return;
  const key = `exports/${row.organizationId}/${row.id}.zip`;
  try {
    const size = await services.storage.writeStream(
      key,
      await archive(services, row.organizationId),
      { maxBytes: MAX_BYTES },
    );
    // One full copy kept per organisation: the older ones expire and their files go before this
    // one is ready, so whoever sees it ready never finds an older file still there.
    const older = await db
      .update(organizationExports)
      .set({ expiresAt: new Date() })
      .where(
        and(
          eq(organizationExports.organizationId, row.organizationId),
          eq(organizationExports.status, 'ready'),
          ne(organizationExports.id, row.id),
          gt(organizationExports.expiresAt, new Date()),
        ),
      )
      .returning({ key: organizationExports.storageKey });
    for (const old of older)
      if (old.key) await services.storage.remove(old.key).catch(() => undefined);
    const expiresAt = new Date(Date.now() + LINK_DAYS * DAY);
    await db
      .update(organizationExports)
      .set({ status: 'ready', storageKey: key, size, finishedAt: new Date(), expiresAt })
      .where(eq(organizationExports.id, row.id));
    // The owner who asked (or, if they have gone since, the first owner) gets the link.
    const parts = await organizationExportParts(db, row.organizationId);
    const members = parts?.members ?? [];
    const to =
      members.find((m) => m.profileId === row.requestedBy && m.role === 'owner')?.email ??
      members.find((m) => m.role === 'owner')?.email;
    if (parts && to) {
      const url = `${organizationOrigin(services.config, parts.organization.slug)}/api/org/organizations/${row.organizationId}/exports/${row.id}/download`;
      await services.mailer.send(
        organizationExportReadyMail(to, parts.organization.name, url, LINK_DAYS),
      );
    }
  } catch (error) {
    await services.storage.remove(key).catch(() => undefined);
    await db
      .update(organizationExports)
      .set({ status: 'failed', error: String(error).slice(0, 500), finishedAt: new Date() })
      .where(eq(organizationExports.id, row.id));
    throw error;
  }
}

/** The archive, for an owner, while its link lasts. */
export async function downloadOrganizationExport(
  services: AppServices,
  member: MemberContext,
  organizationId: string,
  exportId: string,
) {
  requireOwner(member, organizationId);
  const [row] = await services.database.db
    .select()
    .from(organizationExports)
    .where(
      and(
        eq(organizationExports.id, exportId),
        eq(organizationExports.organizationId, organizationId),
      ),
    );
  if (!row) throw new AppError('notFound');
  if (row.status !== 'ready') throw new AppError('exportNotReady');
  // Past its time, or its file already swept away.
  if (!row.storageKey || !row.expiresAt || row.expiresAt.getTime() <= Date.now())
    throw new AppError('exportExpired');
  const stream = await services.storage.readStream(row.storageKey);
  if (!stream) throw new AppError('exportExpired');
  const date = row.createdAt.toISOString().slice(0, 10);
  return { filename: `${member.organization.name} ${date}.zip`, stream };
}

/** Removes the files of expired exports (the rows stay, saying they expired). */
export async function removeExpiredExports(
  services: AppServices,
  now = new Date(),
  /** Only these organisations' (tests sharing a database sweep their own). */
  only?: string[],
) {
  const expired = await services.database.db
    .select({ id: organizationExports.id, key: organizationExports.storageKey })
    .from(organizationExports)
    .where(
      and(
        lte(organizationExports.expiresAt, now),
        isNotNull(organizationExports.storageKey),
        only ? inArray(organizationExports.organizationId, only) : undefined,
      ),
    );
  for (const row of expired) {
    if (row.key) await services.storage.remove(row.key).catch(() => undefined);
    await services.database.db
      .update(organizationExports)
      .set({ storageKey: null })
      .where(eq(organizationExports.id, row.id));
  }
  return expired.length;
}

/** An organisation's export files, for its deletion (read before its rows go). */
export async function organizationExportKeys(tx: Executor, organizationId: string) {
  const rows = await tx
    .select({ key: organizationExports.storageKey })
    .from(organizationExports)
    .where(
      and(
        eq(organizationExports.organizationId, organizationId),
        isNotNull(organizationExports.storageKey),
      ),
    );
  return rows.map((r) => r.key).filter((k): k is string => Boolean(k));
}

/** The sweep of expired export files, hourly where the job queue runs. */
export function startExportSweep(services: AppServices): () => void {
  return everyHour(services.logger, 'export sweep', () => removeExpiredExports(services));
}
