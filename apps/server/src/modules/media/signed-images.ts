/**
 * An organisation's image by a signed link (part 1 §3 Organization.signedURL): a link that shows
 * the image for an hour without a session, so the organisation's sign-in page can show its logo
 * to people not yet signed in. The signature covers the file, the variant and the expiry; a link
 * changed in any of them, or expired, is refused.
 */
import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { AppError, isUuid } from '@assay/domain';
import type { AppServices } from '../../services.ts';
import { safeEqual } from '../../platform/crypto.ts';
import { media } from './schema.ts';

/** How long a signed image link works. */
export const SIGNED_IMAGE_SECONDS = 60 * 60;

const signature = (secret: string, id: string, variant: string, expires: string) =>
  createHmac('sha256', `images:${secret}`)
    .update(`${id}\n${variant}\n${expires}`)
    .digest('base64url');

/**
 * The signed link to an image the app shows at `imageUrl` (`/api/media/download?id=…`), or null
 * when there is none. Expiries are rounded to the hour's quarter so one page's links repeat
 * (browsers cache them).
 */
export function signedImageUrl(services: AppServices, imageUrl: string | null, now = Date.now()) {
  if (!imageUrl) return null;
  const params = new URL(imageUrl, 'http://x').searchParams;
  const id = params.get('id');
  if (!id || !isUuid(id)) return null;
  const variant =
    params.get('variant') === 'medium' || params.get('variant') === 'thumb'
      ? (params.get('variant') as string)
      : '';
  const quarter = 15 * 60;
  const expires = String(Math.ceil(now / 1000 / quarter) * quarter + SIGNED_IMAGE_SECONDS);
  const query = new URLSearchParams({
    id,
    ...(variant ? { variant } : {}),
    expires,
    signature: signature(services.config.appSecret, id, variant, expires),
  });
  return `/api/media/image?${query.toString()}`;
}

/** GET /api/media/image: the image a signed link names, while the link holds. */
export async function readSignedImage(
  services: AppServices,
  query: { id?: string; variant?: string; expires?: string; signature?: string },
) {
  const { id = '', variant = '', expires = '', signature: given = '' } = query;
  const valid =
    isUuid(id) &&
    /^\d{1,12}$/.test(expires) &&
    Number(expires) * 1000 >= Date.now() &&
    safeEqual(signature(services.config.appSecret, id, variant, expires), given);
  if (!valid) throw new AppError('forbidden');
  const [row] = await services.database.db
    .select()
    .from(media)
    .where(and(eq(media.id, id), eq(media.collection, 'organizations')));
  if (!row) throw new AppError('notFound');
  const chosen = variant === 'medium' || variant === 'thumb' ? variant : null;
  const key = (chosen && row.variants[chosen]) || row.path;
  const data = await services.storage.read(key);
  if (!data) throw new AppError('notFound');
  return { data, contentType: key !== row.path ? 'image/webp' : row.contentType };
}
