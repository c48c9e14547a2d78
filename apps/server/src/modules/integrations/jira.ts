/**
 * Jira Cloud (REST API v3, https://developer.atlassian.com/cloud/jira/platform/rest/v3/): a
 * project keeps its Jira site, the account's email and an API token (Basic auth); an idea card
 * is sent as an issue (POST /rest/api/3/issue) and keeps its link, refreshed from
 * GET /rest/api/3/issue/{key}; the create metadata comes from GET /rest/api/3/issue/createmeta.
 */
import { and, eq } from 'drizzle-orm';
import { AppError, jiraConfigureSchema, jiraSendSchema, type JiraLink } from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { htmlToMarkdown } from '../../platform/markdown.ts';
import { editableIdea, writeIdeaLinks } from './idea-links.ts';
import { cardAccess, editableCardAccess } from '../cards/ports.ts';
import { cardTexts, hypotheses } from '../cards/schema.ts';
import { parse } from '../../http/parse.ts';
import { integrationOf, managedIntegration, openSecret, saveIntegration } from './service.ts';

interface JiraCredentials {
  baseUrl: string;
  email: string;
  apiToken: string;
}

/** Jira's answer turned into one sentence (its errorMessages and field errors). */
function jiraMessage(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const { errorMessages, errors } = body as { errorMessages?: unknown; errors?: unknown };
  const parts = [
    ...(Array.isArray(errorMessages) ? errorMessages.map(String) : []),
    ...(errors && typeof errors === 'object'
      ? Object.entries(errors as Record<string, unknown>).map(
          ([field, text]) => `${field}: ${String(text)}`,
        )
      : []),
  ];
  return parts.length ? parts.join(' ').slice(0, 500) : null;
}

/** One call to the Jira site; Jira's refusals become clear errors. */
async function jiraCall<T>(
  credentials: JiraCredentials,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${credentials.baseUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        authorization: `Basic ${Buffer.from(`${credentials.email}:${credentials.apiToken}`).toString('base64')}`,
        accept: 'application/json',
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
      redirect: 'error',
      signal: AbortSignal.timeout(15_000),
    });
  } catch {
    throw new AppError('jiraUnavailable');
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (response.status === 401 || response.status === 403) throw new AppError('jiraUnauthorized');
  if (response.status === 429) throw new AppError('jiraRateLimited');
  if (response.status === 404) throw new AppError('jiraNotFound');
  if (!response.ok) {
    if (response.status >= 500) throw new AppError('jiraUnavailable');
    throw new AppError('jiraRefused', { message: jiraMessage(body) ?? undefined });
  }
  return body as T;
}

/** Whether a Jira site address may be used: https, or plain http outside production (tests). */
function checkedSite(services: AppServices, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new AppError('validation', {
      message: 'Please enter your Jira site, like https://team.atlassian.net',
    });
  }
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (
    url.protocol !== 'https:' &&
    !(url.protocol === 'http:' && local && !services.config.isProduction)
  )
    throw new AppError('validation', {
      message: 'Please enter your Jira site, like https://team.atlassian.net',
    });
  if (services.config.isProduction && (local || /^\d+\.\d+\.\d+\.\d+$/.test(url.hostname)))
    throw new AppError('validation', {
      message: 'Please enter your Jira site, like https://team.atlassian.net',
    });
  return url.origin;
}

/** PUT …/jira?configure=true: the site, email and API token, checked with GET /rest/api/3/myself. */
export async function configureJira(
  services: AppServices,
  member: MemberContext,
  projectId: string,
  input: unknown,
  context: RequestContext,
) {
  const { project } = await managedIntegration(services, member, projectId, 'jira');
  const data = parse(jiraConfigureSchema.safeParse(input));
  const credentials = {
    baseUrl: checkedSite(services, data.baseUrl),
    email: data.email,
    apiToken: data.apiToken,
  };
  const me = await jiraCall<{ displayName?: string }>(credentials, '/rest/api/3/myself');
  return saveIntegration(
    services,
    member,
    project,
    'jira',
    {
      settings: {
        baseUrl: credentials.baseUrl,
        email: data.email,
        account: me?.displayName ?? data.email,
      },
      secret: { apiToken: data.apiToken },
    },
    context,
  );
}

async function credentialsFor(services: AppServices, projectId: string): Promise<JiraCredentials> {
  const row = await integrationOf(services, projectId, 'jira');
  const secret = row?.enabled ? openSecret<{ apiToken: string }>(services, row) : null;
  if (!row || !secret)
    throw new AppError('validation', { message: 'Connect Jira in the project’s settings first.' });
  return {
    baseUrl: row.settings.baseUrl as string,
    email: row.settings.email as string,
    apiToken: secret.apiToken,
  };
}

/** The Jira projects and issue types a card can be sent as. */
export async function jiraCreateMeta(services: AppServices, member: MemberContext, cardId: string) {
  const access = await editableCardAccess(services, member, cardId);
  const credentials = await credentialsFor(services, access.project.id);
  const meta = await jiraCall<{
    projects?: {
      key: string;
      name: string;
      issuetypes?: { id: string; name: string; subtask?: boolean }[];
    }[];
  }>(credentials, '/rest/api/3/issue/createmeta?expand=projects.issuetypes');
  const [text] = await services.database.db
    .select({ html: cardTexts.text })
    .from(cardTexts)
    .where(and(eq(cardTexts.cardId, access.card.id), eq(cardTexts.field, 'description')));
  return {
    // The card's description as Markdown (§9 lists), to start the issue's description from.
    description: htmlToMarkdown(text?.html ?? ''),
    projects: (meta?.projects ?? []).map((p) => ({
      key: p.key,
      name: p.name,
      issueTypes: (p.issuetypes ?? [])
        .filter((t) => !t.subtask)
        .map((t) => ({ id: t.id, name: t.name })),
    })),
  };
}

/** Plain text in Atlassian Document Format, a paragraph a line. */
function adf(text: string) {
  return {
    type: 'doc',
    version: 1,
    content: text
      .split(/\n+/)
      .filter((line) => line.trim())
      .map((line) => ({ type: 'paragraph', content: [{ type: 'text', text: line }] })),
  };
}

function saveLink(
  services: AppServices,
  member: MemberContext,
  card: { id: string; projectId: string },
  link: JiraLink | null,
  context: RequestContext,
  action: string,
) {
  return writeIdeaLinks(
    services,
    member,
    card,
    { jiraLink: link },
    { action, changes: { jira: link?.key ?? null } },
    context,
  );
}

function issueLink(
  credentials: JiraCredentials,
  issue: {
    id: string;
    key: string;
    fields?: {
      summary?: string;
      status?: { name?: string };
      assignee?: { displayName?: string } | null;
    };
  },
): JiraLink {
  return {
    id: issue.id,
    key: issue.key,
    url: `${credentials.baseUrl}/browse/${issue.key}`,
    summary: issue.fields?.summary ?? '',
    status: issue.fields?.status?.name ?? null,
    assignee: issue.fields?.assignee?.displayName ?? null,
    refreshedAt: new Date().toISOString(),
  };
}

/** POST /api/canvas/cards/{cardId}/jira: the card becomes an issue; its link is kept on the card. */
export async function sendCardToJira(
  services: AppServices,
  member: MemberContext,
  cardId: string,
  input: unknown,
  context: RequestContext,
) {
  const access = await editableIdea(services, member, cardId);
  if (access.hypothesis.jiraLink)
    throw new AppError('validation', {
      message: `This card is already linked to ${access.hypothesis.jiraLink.key}.`,
    });
  const data = parse(jiraSendSchema.safeParse(input));
  const credentials = await credentialsFor(services, access.project.id);
  const created = await jiraCall<{ id: string; key: string }>(credentials, '/rest/api/3/issue', {
    method: 'POST',
    body: {
      fields: {
        project: { key: data.projectKey },
        summary: access.card.title.slice(0, 250) || 'Untitled idea',
        description: adf(data.description),
        issuetype: { name: data.type },
      },
    },
  });
  const link = issueLink(credentials, { ...created, fields: { summary: access.card.title } });
  await saveLink(services, member, access.card, link, context, 'jira');
  return { jiraLink: link };
}

/** GET …/jira/getIssue: the linked issue as Jira has it now (and kept on the card). */
export async function refreshJiraIssue(
  services: AppServices,
  member: MemberContext,
  cardId: string,
) {
  const access = await cardAccess(services, member, cardId);
  const link = access.hypothesis?.jiraLink;
  if (!link) throw new AppError('notFound');
  const credentials = await credentialsFor(services, access.project.id);
  const issue = await jiraCall<{
    id: string;
    key: string;
    fields?: {
      summary?: string;
      status?: { name?: string };
      assignee?: { displayName?: string } | null;
    };
  }>(
    credentials,
    `/rest/api/3/issue/${encodeURIComponent(link.key)}?fields=summary,status,assignee`,
  );
  const fresh = issueLink(credentials, issue);
  await services.database.db
    .update(hypotheses)
    .set({ jiraLink: fresh })
    .where(eq(hypotheses.cardId, access.card.id));
  return { jiraLink: fresh };
}

/** GET …/jira/deleteConnection: the card forgets its issue (the issue stays in Jira). */
export async function disconnectJiraIssue(
  services: AppServices,
  member: MemberContext,
  cardId: string,
  context: RequestContext,
) {
  const access = await editableIdea(services, member, cardId);
  if (!access.hypothesis.jiraLink) throw new AppError('notFound');
  await saveLink(services, member, access.card, null, context, 'jiraDisconnect');
  return { jiraLink: null };
}
