/**
 * The upload flow of part 2 §7: a signed upload per collection, the upload itself, then the media
 * recorded on its subject (with image variants and PDF checks); downloads only for those allowed;
 * organisation and profile images.
 */
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import {
  AppError,
  canEditOrganization,
  canEditProfile,
  cleanFilename,
  fileKind,
  isAppError,
  uploadProblem,
  isUuid,
} from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { organizations, profiles } from '../organizations/schema.ts';
import { processUpload } from './processing.ts';
import { hasMediaSubject, mediaAdded, mediaSubject } from './subjects-port.ts';
import { media, pendingUploads, type MediaRow } from './schema.ts';

export const MEDIA_COLLECTIONS = [
  'cards',
  'projects',
  'publicBoard',
  'presentations',
  'cohortResources',
  'profiles',
  'organizations',
] as const;
export type MediaCollection = (typeof MEDIA_COLLECTIONS)[number];

/** Whether the member may add files to (or remove them from) this subject. */
async function checkSubject(
  services: AppServices,
  member: MemberContext,
  collection: string,
  subjectId: string,
): Promise<{ projectId: string | null }> {
  if (!isUuid(subjectId)) throw new AppError('notFound');
  switch (collection) {
    case 'organizations':
      if (subjectId !== member.organization.id) throw new AppError('notFound');
      if (!canEditOrganization(member.role)) throw new AppError('forbidden');
      return { projectId: null };
    case 'profiles': {
      const [profile] = await services.database.db
        .select({ id: profiles.id })
        .from(profiles)
        .where(
          and(eq(profiles.id, subjectId), eq(profiles.organizationId, member.organization.id)),
        );
      if (!profile) throw new AppError('notFound');
      if (!canEditProfile(member, subjectId)) throw new AppError('forbidden');
      return { projectId: null };
    }
    default:
      // The subject's own module says (cards, dashboards, the portal, cohorts).
      return mediaSubject(collection).mayEdit(services, member, subjectId);
  }
}

/** GET /api/media/sign: where to upload one file for a subject of a collection. */
export async function signUpload(
  services: AppServices,
  member: MemberContext,
  query: { filename?: string; collection?: string; locationId?: string; size?: string },
) {
  const filename = (query.filename ?? '').slice(0, 300);
  if (!filename.trim()) throw new AppError('validation', { message: 'Please choose a file.' });
  const collection = query.collection ?? '';
  if (!(MEDIA_COLLECTIONS as readonly string[]).includes(collection))
    throw new AppError('notFound');
  const size = query.size === undefined ? undefined : Number(query.size);
  const problem = uploadProblem({ name: filename, size: size ?? 1 });
  if (problem) throw new AppError(problem);
  const subjectId = query.locationId ?? '';
  await checkSubject(services, member, collection, subjectId);
  const clean = cleanFilename(filename);
  const key = `${member.organization.id}/${collection}/${subjectId}/${randomBytes(9).toString('base64url')}/${clean}`;
  return {
    ...(await services.storage.signUpload(key, {})),
    key,
    filename: clean,
    fileType: fileKind(clean),
  };
}

/** PUT /api/media/upload?key&expires&signature: the signature is the credential. */
export async function receiveUpload(
  services: AppServices,
  query: { key?: string; expires?: string; signature?: string },
  body: Readable,
) {
  const { key = '', expires = '', signature = '' } = query;
  if (!services.storage.verifyUpload(key, expires, signature)) throw new AppError('forbidden');
  if (/\.svg$/i.test(key)) throw new AppError('uploadSvg');
  // A link signed before its organisation was deleted, or asked to be, writes nothing (#47).
  const organizationId = key.slice(0, key.indexOf('/'));
  const [organization] = /^[0-9a-f-]{36}$/i.test(organizationId)
    ? await services.database.db
        .select({ deletionDueAt: organizations.deletionDueAt })
        .from(organizations)
        .where(eq(organizations.id, organizationId))
    : [];
  if (!organization || organization.deletionDueAt) throw new AppError('forbidden');
  const size = await services.storage.writeStream(key, body);
  // Not yet on its subject: the sweep removes it if it never is.
  const uploadedAt = new Date();
  await services.database.db
    .insert(pendingUploads)
    .values({ key, organizationId, uploadedAt })
    .onConflictDoUpdate({ target: pendingUploads.key, set: { uploadedAt } });
  return { key, size };
}

export function presentMedia(row: MediaRow) {
  const url = (variant?: string) =>
    `/api/media/download?id=${row.id}${variant ? `&variant=${variant}` : ''}`;
  return {
    id: row.id,
    collection: row.collection,
    subjectId: row.subjectId,
    filename: row.filename,
    fileType: row.fileType,
    size: row.size,
    isPdf: row.isPdf,
    uploadedAt: row.uploadedAt.toISOString(),
    uploadedBy: row.uploadedBy,
    url: url(),
    mediumUrl: row.variants.medium ? url('medium') : null,
    thumbUrl: row.variants.thumb ? url('thumb') : null,
    summary: row.summary,
    processing: row.processing,
  };
}

/** Writes a processed image's medium and thumbnail copies beside it; answers their keys. */
export async function writeVariants(
  services: AppServices,
  key: string,
  processed: { medium?: Buffer | null; thumb?: Buffer | null },
) {
  const variants: { medium?: string; thumb?: string } = {};
  if (processed.medium) {
    variants.medium = `${key}.medium.webp`;
    await services.storage.write(variants.medium, processed.medium);
  }
  if (processed.thumb) {
    variants.thumb = `${key}.thumb.webp`;
    await services.storage.write(variants.thumb, processed.thumb);
  }
  return variants;
}

/**
 * Records an uploaded file on its subject: checks it (exact messages), makes the image variants or
 * trims the PDF, and writes the media row with its event. A refused file is removed from storage.
 */
export async function recordMedia(
  services: AppServices,
  member: MemberContext,
  input: { collection: MediaCollection; subjectId: string; key: unknown },
  context: RequestContext,
  alsoWrite?: (
    tx: Parameters<Parameters<AppServices['transaction']>[0]>[0]['tx'],
    row: MediaRow,
  ) => Promise<void>,
): Promise<MediaRow> {
  const { projectId } = await checkSubject(services, member, input.collection, input.subjectId);
  const key = typeof input.key === 'string' ? input.key : '';
  const prefix = `${member.organization.id}/${input.collection}/${input.subjectId}/`;
  if (!key.startsWith(prefix) || key.includes('..')) throw new AppError('notFound');
  const data = await services.storage.read(key);
  if (!data) throw new AppError('notFound');
  const filename = key.slice(key.lastIndexOf('/') + 1);
  let processed;
  try {
    processed = await processUpload(data, filename);
  } catch (error) {
    await services.storage.remove(key);
    throw isAppError(error) ? error : new AppError('uploadEmpty');
  }
  if (processed.data !== data) await services.storage.write(key, processed.data);
  const variants = await writeVariants(services, key, processed);
  return services.transaction(
    async (unit) => {
      const [row] = await unit.tx
        .insert(media)
        .values({
          organizationId: member.organization.id,
          collection: input.collection,
          subjectId: input.subjectId,
          projectId,
          uploadedBy: member.profileId,
          path: key,
          size: processed.data.length,
          filename,
          fileType: fileKind(filename),
          contentType: processed.contentType,
          variants,
          isPdf: processed.isPdf,
        })
        .returning();
      if (!row) throw new Error('media insert returned no row');
      await unit.tx.delete(pendingUploads).where(eq(pendingUploads.key, key));
      if (alsoWrite) await alsoWrite(unit.tx, row);
      await unit.record({
        name: 'media.create',
        organizationId: member.organization.id,
        projectId,
        actorId: member.profileId,
        subjectType: input.collection,
        subjectId: input.subjectId,
        changes: { mediaId: row.id, filename, size: row.size },
      });
      return row;
    },
    { context },
  );
}

async function findMedia(services: AppServices, member: MemberContext, mediaId: string) {
  if (!isUuid(mediaId)) throw new AppError('notFound');
  const [row] = await services.database.db
    .select()
    .from(media)
    .where(and(eq(media.id, mediaId), eq(media.organizationId, member.organization.id)));
  if (!row) throw new AppError('notFound');
  return row;
}

/** Removes a media row and its files (the member must be allowed to change its subject). */
export async function deleteMedia(
  services: AppServices,
  member: MemberContext,
  mediaId: string,
  context: RequestContext,
  alsoWrite?: (
    tx: Parameters<Parameters<AppServices['transaction']>[0]>[0]['tx'],
    row: MediaRow,
  ) => Promise<void>,
) {
  const row = await findMedia(services, member, mediaId);
  await checkSubject(services, member, row.collection, row.subjectId);
  await services.transaction(
    async (unit) => {
      await unit.tx.delete(media).where(eq(media.id, row.id));
      if (alsoWrite) await alsoWrite(unit.tx, row);
      await unit.record({
        name: 'media.delete',
        organizationId: member.organization.id,
        projectId: row.projectId,
        actorId: member.profileId,
        subjectType: row.collection,
        subjectId: row.subjectId,
        changes: { mediaId: row.id, filename: row.filename },
      });
    },
    { context },
  );
  for (const key of [row.path, row.variants.medium, row.variants.thumb]) {
    if (key) await services.storage.remove(key);
  }
  return true;
}

/** GET /api/media/download: the file (or a variant) for a member who may see its subject. */
export async function downloadMedia(
  services: AppServices,
  member: MemberContext,
  query: { id?: string; variant?: string },
) {
  const row = await findMedia(services, member, query.id ?? '');
  if (hasMediaSubject(row.collection))
    await mediaSubject(row.collection).mayRead(services, member, row.subjectId);
  const variant = query.variant === 'medium' || query.variant === 'thumb' ? query.variant : null;
  const key = (variant && row.variants[variant]) || row.path;
  const data = await services.storage.read(key);
  if (!data) throw new AppError('notFound');
  const isVariant = key !== row.path;
  return {
    data,
    contentType: isVariant ? 'image/webp' : row.contentType,
    filename: isVariant ? `${row.filename}.${variant}.webp` : row.filename,
  };
}

/** POST /api/org/organizations/{id}/media: the organisation's image. */
export async function setOrganizationImage(
  services: AppServices,
  member: MemberContext,
  organizationId: string,
  key: unknown,
  context: RequestContext,
) {
  const row = await recordMedia(
    services,
    member,
    { collection: 'organizations', subjectId: organizationId, key },
    context,
    async (tx, saved) => {
      await tx
        .update(organizations)
        .set({ image: presentMedia(saved).thumbUrl ?? presentMedia(saved).url })
        .where(eq(organizations.id, member.organization.id));
    },
  );
  return presentMedia(row);
}

export async function removeOrganizationImage(
  services: AppServices,
  member: MemberContext,
  organizationId: string,
  mediaId: string,
  context: RequestContext,
) {
  if (organizationId !== member.organization.id) throw new AppError('notFound');
  return deleteMedia(services, member, mediaId, context, async (tx, row) => {
    if (row.collection !== 'organizations') throw new AppError('notFound');
    await tx
      .update(organizations)
      .set({ image: null })
      .where(eq(organizations.id, member.organization.id));
  });
}

/** POST /api/users/profiles/{id}/media: a member's picture (replacing the previous one). */
export async function setProfileImage(
  services: AppServices,
  member: MemberContext,
  profileId: string,
  key: unknown,
  context: RequestContext,
) {
  const previous = await services.database.db
    .select({ id: media.id })
    .from(media)
    .where(and(eq(media.subjectId, profileId), eq(media.collection, 'profiles')));
  const row = await recordMedia(
    services,
    member,
    { collection: 'profiles', subjectId: profileId, key },
    context,
    async (tx, saved) => {
      await tx
        .update(profiles)
        .set({ image: presentMedia(saved).thumbUrl ?? presentMedia(saved).url })
        .where(
          and(eq(profiles.id, profileId), eq(profiles.organizationId, member.organization.id)),
        );
    },
  );
  for (const old of previous) await deleteMedia(services, member, old.id, context);
  return presentMedia(row);
}

/** DELETE /api/users/profiles/{id}/media: removes the member's picture. */
export async function removeProfileImage(
  services: AppServices,
  member: MemberContext,
  profileId: string,
  context: RequestContext,
) {
  if (!isUuid(profileId)) throw new AppError('notFound');
  await checkSubject(services, member, 'profiles', profileId);
  const rows = await services.database.db
    .select({ id: media.id })
    .from(media)
    .where(
      and(
        eq(media.subjectId, profileId),
        eq(media.collection, 'profiles'),
        eq(media.organizationId, member.organization.id),
      ),
    );
  for (const row of rows) await deleteMedia(services, member, row.id, context);
  await services.database.db
    .update(profiles)
    .set({ image: null })
    .where(and(eq(profiles.id, profileId), eq(profiles.organizationId, member.organization.id)));
  return true;
}

/** The media of a card, oldest first (for its detail). */
export async function listCardMedia(services: AppServices, organizationId: string, cardId: string) {
  const rows = await services.database.db
    .select()
    .from(media)
    .where(
      and(
        eq(media.subjectId, cardId),
        eq(media.collection, 'cards'),
        eq(media.organizationId, organizationId),
      ),
    )
    .orderBy(media.uploadedAt);
  return rows.map(presentMedia);
}

/** POST /api/canvas/cards/{cardId}/media: a file attached to a card. */
export async function addCardMedia(
  services: AppServices,
  member: MemberContext,
  cardId: string,
  key: unknown,
  context: RequestContext,
) {
  const row = await recordMedia(
    services,
    member,
    { collection: 'cards', subjectId: cardId, key },
    context,
    async (tx, saved) => mediaSubject('cards').changed?.(tx, saved),
  );
  // A document is summarized by the agent where the plan has it (enterprise autoSummerizeFiles).
  const summarizing = await mediaAdded(services, member, row, context);
  return presentMedia(summarizing ? { ...row, processing: true } : row);
}

/** DELETE /api/canvas/cards/{cardId}/media with the media in the body. */
export async function removeCardMedia(
  services: AppServices,
  member: MemberContext,
  cardId: string,
  body: unknown,
  context: RequestContext,
) {
  const mediaId =
    (body as { id?: unknown; mediaId?: unknown } | null)?.mediaId ??
    (body as { id?: unknown } | null)?.id;
  if (typeof mediaId !== 'string')
    throw new AppError('validation', { message: 'Which file should go?' });
  return deleteMedia(services, member, mediaId, context, async (tx, row) => {
    if (row.collection !== 'cards' || row.subjectId !== cardId) throw new AppError('notFound');
    await mediaSubject('cards').changed?.(tx, row);
  });
}
