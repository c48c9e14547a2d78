/**
 * Figma (part 2 §3 Hypothesis figma, public card figma): design-file links on idea cards and
 * public cards. A link must be a Figma file or prototype (domain designFileKey); with the project's
 * Figma token the file's name and thumbnail come from Figma's REST API (GET /v1/files/{key}), and
 * without one the name is read from the link.
 */
import { AppError, FIGMA_LINK_MESSAGE, designFileKey, figmaNameFromLink } from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { editableIdea, writeIdeaLinks } from './idea-links.ts';
import { integrationOf, openSecret } from './service.ts';

export interface FigmaFile {
  name: string;
  thumbnailUrl: string | null;
}

/**
 * Asks Figma about a file (or, with no key, checks the token with GET /v1/me). A refused token is
 * the person's to fix; Figma being away leaves the link with the name read from it.
 */
export async function figmaFile(
  services: AppServices,
  token: string,
  key: string | null,
): Promise<FigmaFile | null> {
  const base = services.config.integrations.figmaBaseUrl;
  let response: Response;
  try {
    response = await fetch(`${base}${key ? `/v1/files/${key}?depth=1` : '/v1/me'}`, {
      headers: { 'X-Figma-Token': token },
      redirect: 'error',
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    if (!key)
      throw new AppError('validation', { message: 'Figma did not answer. Please try again.' });
    return null;
  }
  if (response.status === 403 || response.status === 401)
    throw new AppError('validation', {
      message: 'Figma refused the access token. Please check it and try again.',
    });
  if (response.status === 404 && key)
    throw new AppError('validation', {
      message: 'Figma cannot find that file with this project’s access token.',
    });
  if (!response.ok) return null;
  if (!key) return { name: '', thumbnailUrl: null };
  const body = (await response.json()) as { name?: unknown; thumbnailUrl?: unknown };
  return {
    name: typeof body.name === 'string' ? body.name.slice(0, 200) : figmaNameFromLink(key),
    thumbnailUrl: typeof body.thumbnailUrl === 'string' ? body.thumbnailUrl : null,
  };
}

/** The name and thumbnail of a linked file, through the project's Figma token when it has one. */
export async function describeFigmaLink(
  services: AppServices,
  projectId: string,
  url: string,
): Promise<{ url: string; name: string; thumbnailUrl: string | null }> {
  const key = designFileKey(url);
  if (!key) throw new AppError('validation', { message: FIGMA_LINK_MESSAGE });
  const row = await integrationOf(services, projectId, 'figma');
  const token = row?.enabled
    ? openSecret<{ accessToken: string }>(services, row)?.accessToken
    : null;
  const file = token ? await figmaFile(services, token, key) : null;
  return {
    url: url.trim(),
    name: file?.name || figmaNameFromLink(url),
    thumbnailUrl: file?.thumbnailUrl ?? null,
  };
}

/** PUT /api/canvas/cards/{cardId}/figma: links a design file to an idea card, or unlinks it. */
export async function setCardFigma(
  services: AppServices,
  member: MemberContext,
  cardId: string,
  input: unknown,
  context: RequestContext,
) {
  const access = await editableIdea(services, member, cardId);
  const url = (input as { url?: unknown } | null)?.url;
  if (url !== null && typeof url !== 'string')
    throw new AppError('validation', { message: FIGMA_LINK_MESSAGE });
  // Figma is asked before the transaction, so no row waits on another service.
  const figma = url ? await describeFigmaLink(services, access.project.id, url) : null;
  await writeIdeaLinks(
    services,
    member,
    access.card,
    { figma },
    { action: 'update', changes: { figma: figma?.url ?? null } },
    context,
  );
  return { figma };
}
