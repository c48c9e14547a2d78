/**
 * Project integrations (part 2 §3 Project integrations, §7): each project's connections to Slack,
 * Intercom, Jira, Trello, Zapier, Figma and Zoom. Reading needs the project; connecting, testing
 * and disconnecting need the project's admins (or the organisation's) and the plan's feature.
 * Secrets (webhook addresses, tokens) are sealed at rest and never answered back.
 */
import { and, eq } from 'drizzle-orm';
import {
  AppError,
  INTEGRATION_FEATURES,
  INTEGRATIONS,
  isIntegrationName,
  isUnderBase,
  slackSettingsSchema,
  type IntegrationName,
} from '@assay/domain';
import {
  memberHasFeature,
  requireFeature as requirePlanFeature,
  type MemberContext,
  type RequestContext,
} from '../../http/member-context.ts';
import { decryptSecret, encryptSecret } from '../../platform/crypto.ts';
import type { AppServices } from '../../services.ts';
import { findManagedProject, findVisibleProject } from '../projects/ports.ts';
import { parse } from '../../http/parse.ts';
import { projectIntegrations, zapierHooks, type ProjectIntegrationRow } from './schema.ts';
import { postToSlack } from './slack.ts';

const PURPOSE = 'integrations';

export function sealSecret(services: AppServices, value: Record<string, unknown>): string {
  return encryptSecret(JSON.stringify(value), services.config.appSecret, PURPOSE);
}

export function openSecret<T>(services: AppServices, row: { secret: string | null }): T | null {
  if (!row.secret) return null;
  return JSON.parse(decryptSecret(row.secret, services.config.appSecret, PURPOSE)) as T;
}

function integrationName(name: string): IntegrationName {
  if (!isIntegrationName(name)) throw new AppError('notFound');
  return name;
}

export function requireFeature(member: MemberContext, name: IntegrationName) {
  requirePlanFeature(member, INTEGRATION_FEATURES[name]);
}

/** The project (its admins only) with the integration's plan feature checked. */
export async function managedIntegration(
  services: AppServices,
  member: MemberContext,
  projectId: string,
  name: string,
) {
  const integration = integrationName(name);
  requireFeature(member, integration);
  const { project } = await findManagedProject(services, member, projectId);
  const [row] = await services.database.db
    .select()
    .from(projectIntegrations)
    .where(
      and(eq(projectIntegrations.projectId, project.id), eq(projectIntegrations.name, integration)),
    );
  return { project, name: integration, row: row ?? null };
}

/** What a client may see of an integration: never its secrets. */
export function presentIntegration(name: IntegrationName, row: ProjectIntegrationRow | null) {
  return {
    name,
    connected: !!row,
    enabled: row?.enabled ?? false,
    authorized: !!row?.secret,
    invalid: row?.invalid ?? false,
    lastError: row?.lastError ?? null,
    settings: row?.settings ?? {},
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** Every integration of a project with its state (any member of the project may read them). */
export async function listIntegrations(
  services: AppServices,
  member: MemberContext,
  projectId: string,
) {
  const { project } = await findVisibleProject(services, member, projectId);
  const rows = await services.database.db
    .select()
    .from(projectIntegrations)
    .where(eq(projectIntegrations.projectId, project.id));
  return INTEGRATIONS.map((name) => ({
    ...presentIntegration(name, rows.find((r) => r.name === name) ?? null),
    available: memberHasFeature(member, INTEGRATION_FEATURES[name]),
  }));
}

export async function getIntegration(
  services: AppServices,
  member: MemberContext,
  projectId: string,
  name: string,
) {
  const integration = integrationName(name);
  const all = await listIntegrations(services, member, projectId);
  return all.find((i) => i.name === integration)!;
}

/** Writes an integration's settings and secret (one row per project and service) with its event. */
export async function saveIntegration(
  services: AppServices,
  member: MemberContext,
  project: { id: string },
  name: IntegrationName,
  values: {
    settings: Record<string, unknown>;
    secret?: Record<string, unknown> | null;
    enabled?: boolean;
  },
  context: RequestContext,
) {
  const sealed =
    values.secret === undefined
      ? undefined
      : values.secret
        ? sealSecret(services, values.secret)
        : null;
  const row = await services.transaction(
    async (unit) => {
      const [saved] = await unit.tx
        .insert(projectIntegrations)
        .values({
          organizationId: member.organization.id,
          projectId: project.id,
          name,
          settings: values.settings,
          secret: sealed ?? null,
          enabled: values.enabled ?? true,
          connectedByProfileId: member.profileId,
        })
        .onConflictDoUpdate({
          target: [projectIntegrations.projectId, projectIntegrations.name],
          set: {
            settings: values.settings,
            ...(sealed !== undefined ? { secret: sealed } : {}),
            ...(values.enabled !== undefined ? { enabled: values.enabled } : {}),
            invalid: false,
            lastError: null,
            updatedAt: new Date(),
          },
        })
        .returning();
      if (!saved) throw new Error('integration upsert returned no row');
      await unit.record({
        name: 'integrations.configure',
        organizationId: member.organization.id,
        projectId: project.id,
        actorId: member.profileId,
        subjectType: 'project',
        subjectId: project.id,
        changes: { integration: name },
      });
      return saved;
    },
    { context },
  );
  return presentIntegration(name, row);
}

/** A masked hint of a secret address, so people can tell which one is set. */
function maskUrl(url: string): string {
  const tail = url.slice(-4);
  try {
    return `${new URL(url).origin}/…${tail}`;
  } catch {
    return `…${tail}`;
  }
}

/** PUT …/slack: the webhook, channel and events; the webhook must be Slack's (ref 29). */
export async function configureSlack(
  services: AppServices,
  member: MemberContext,
  projectId: string,
  input: unknown,
  context: RequestContext,
) {
  const { project, row } = await managedIntegration(services, member, projectId, 'slack');
  const raw = (input ?? {}) as { webhookUrl?: unknown };
  const keepWebhook = row?.secret && (raw.webhookUrl === undefined || raw.webhookUrl === '');
  const parsed = slackSettingsSchema.safeParse({
    ...(input as object),
    webhookUrl: keepWebhook ? 'kept' : raw.webhookUrl,
  });
  if (!parsed.success) {
    const channel = parsed.error.issues.some((i) => i.path[0] === 'channel');
    throw new AppError(channel ? 'slackInvalidChannel' : 'slackInvalidWebhook');
  }
  const data = parsed.data;
  if (!keepWebhook && !isUnderBase(data.webhookUrl, services.config.integrations.slackWebhookBase))
    throw new AppError('slackInvalidWebhook');
  const channel = data.channel.startsWith('#') ? data.channel : `#${data.channel}`;
  return saveIntegration(
    services,
    member,
    project,
    'slack',
    {
      settings: {
        channel,
        events: data.events,
        webhook: keepWebhook ? (row?.settings.webhook ?? null) : maskUrl(data.webhookUrl),
      },
      secret: keepWebhook ? undefined : { webhookUrl: data.webhookUrl },
    },
    context,
  );
}

/** POST …/integrations/slack/test: a test message to the channel; Slack's refusal comes back as is. */
export async function testSlack(services: AppServices, member: MemberContext, projectId: string) {
  const { project, row } = await managedIntegration(services, member, projectId, 'slack');
  const secret = row ? openSecret<{ webhookUrl: string }>(services, row) : null;
  if (!row || !secret) throw new AppError('slackInvalidWebhook');
  try {
    await postToSlack(secret.webhookUrl, {
      channel: row.settings.channel as string | undefined,
      text: `Assay is connected: updates from ${project.name} will appear here.`,
    });
  } catch (error) {
    await markInvalid(services, row.id, error);
    throw error;
  }
  await services.database.db
    .update(projectIntegrations)
    .set({ invalid: false, lastError: null })
    .where(eq(projectIntegrations.id, row.id));
  return { ok: true };
}

/** Keeps the service's refusal on the integration, so its settings show what went wrong. */
export async function markInvalid(services: AppServices, id: string, error: unknown) {
  const message = error instanceof Error ? error.message : 'The service refused the request.';
  await services.database.db
    .update(projectIntegrations)
    .set({ invalid: true, lastError: message.slice(0, 500) })
    .where(eq(projectIntegrations.id, id));
}

/** DELETE …/integrations/{name}: forgets the settings and secrets (and Zapier's hooks). */
export async function disconnectIntegration(
  services: AppServices,
  member: MemberContext,
  projectId: string,
  name: string,
  context: RequestContext,
) {
  const { project, name: integration } = await managedIntegration(
    services,
    member,
    projectId,
    name,
  );
  await services.transaction(
    async (unit) => {
      await unit.tx
        .delete(projectIntegrations)
        .where(
          and(
            eq(projectIntegrations.projectId, project.id),
            eq(projectIntegrations.name, integration),
          ),
        );
      if (integration === 'zapier')
        await unit.tx.delete(zapierHooks).where(eq(zapierHooks.projectId, project.id));
      await unit.record({
        name: 'integrations.disconnect',
        organizationId: member.organization.id,
        projectId: project.id,
        actorId: member.profileId,
        subjectType: 'project',
        subjectId: project.id,
        changes: { integration },
      });
    },
    { context },
  );
  return presentIntegration(integration, null);
}

/** The integration of a project, loaded for an event handler (no member involved). */
export async function integrationOf(
  services: AppServices,
  projectId: string,
  name: IntegrationName,
) {
  const [row] = await services.database.db
    .select()
    .from(projectIntegrations)
    .where(and(eq(projectIntegrations.projectId, projectId), eq(projectIntegrations.name, name)));
  return row ?? null;
}

export { parse };
