/** Environment -> one typed config, with the embedded defaults when a setting is unset. */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { HELP_URL, parseTaxRates, SALES_EMAIL, SUPPORT_EMAIL } from '@assay/domain';
import type { AiConfig, Config } from './config-shape.ts';

export type { AiConfig, Config } from './config-shape.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The repository root (apps/server/src -> ../../..). */
export const REPO_ROOT = path.resolve(here, '../../..');

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  APP_DOMAIN: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_DIRECT_URL: z
    .string()
    .regex(
      /^postgres(ql)?:\/\//,
      'DATABASE_DIRECT_URL must start with postgres:// or postgresql://',
    )
    .optional(),
  WEB_DIST: z.string().min(1).optional(),
  APP_VERSION: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  JOBS_ENABLED: booleanFlag.default(true),
  GATEWAY_JIT: booleanFlag.default(true),
  APP_PROTOCOL: z.enum(['http', 'https']).default('http'),
  APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Assay <no-reply@assay.local>'),
  DNS_SERVERS: z
    .string()
    .regex(
      /^\s*[\w.:[\]-]+(\s*,\s*[\w.:[\]-]+)*\s*$/,
      'DNS_SERVERS must be a comma-separated list of addresses, e.g. 1.1.1.1,8.8.8.8:53',
    )
    .optional(),
  S3_ENDPOINT: z
    .string()
    .url('S3_ENDPOINT must be a URL, e.g. https://s3.eu-west-1.amazonaws.com')
    .optional(),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  TRANSCRIPTION_URL: z
    .string()
    .url(
      'TRANSCRIPTION_URL must be the base URL of an OpenAI-compatible API, e.g. https://api.openai.com/v1',
    )
    .optional(),
  TRANSCRIPTION_API_KEY: z.string().min(1).optional(),
  AI_BASE_URL: z
    .string()
    .url(
      'AI_BASE_URL must be the base URL of an OpenAI-compatible API (e.g. http://localhost:11434/v1) or of the Anthropic API (https://api.anthropic.com)',
    )
    .optional(),
  AI_PROVIDER: z
    .enum(['openai', 'anthropic'], {
      message: 'AI_PROVIDER must be openai (any OpenAI-compatible API) or anthropic',
    })
    .optional(),
  AI_LOCAL_MODEL: z.string().min(1).optional(),
  AI_LOCAL_CONTEXT: z.coerce.number().int().min(512).max(131_072).default(8192),
  AI_LOCAL_THREADS: z.coerce.number().int().min(1).max(256).optional(),
  AI_API_KEY: z.string().min(1).optional(),
  SLACK_WEBHOOK_BASE: z
    .url(
      'SLACK_WEBHOOK_BASE must be the address Slack webhooks start with, e.g. https://hooks.slack.com/services/',
    )
    .default('https://hooks.slack.com/services/'),
  ZAPIER_HOOK_BASE: z
    .url(
      'ZAPIER_HOOK_BASE must be the address Zapier hooks start with, e.g. https://hooks.zapier.com/',
    )
    .default('https://hooks.zapier.com/'),
  TRELLO_API_URL: z
    .url('TRELLO_API_URL must be the base URL of the Trello REST API, e.g. https://api.trello.com')
    .default('https://api.trello.com'),
  TRELLO_API_KEY: z.string().min(1).optional(),
  INTERCOM_API_URL: z
    .url(
      'INTERCOM_API_URL must be the base URL of the Intercom REST API, e.g. https://api.intercom.io',
    )
    .default('https://api.intercom.io'),
  ZOOM_API_URL: z
    .url('ZOOM_API_URL must be the base URL of the Zoom API, e.g. https://api.zoom.us')
    .default('https://api.zoom.us'),
  ZOOM_OAUTH_URL: z
    .url('ZOOM_OAUTH_URL must be Zoom’s token address, e.g. https://zoom.us/oauth/token')
    .default('https://zoom.us/oauth/token'),
  INBOUND_MAIL_DOMAIN: z.string().min(3).optional(),
  INBOUND_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  INBOUND_MAIL_SECRET: z
    .string()
    .min(16, 'INBOUND_MAIL_SECRET must be at least 16 characters')
    .optional(),
  INBOUND_MAIL_MAX_BYTES: z.coerce.number().int().min(1024).max(100_000_000).default(26_214_400),
  FIGMA_API_URL: z
    .url('FIGMA_API_URL must be the base URL of the Figma REST API, e.g. https://api.figma.com')
    .default('https://api.figma.com'),
  RECURLY_BASE_URL: z
    .string()
    .url('RECURLY_BASE_URL must be the base URL of the Recurly v3 API, e.g. https://v3.recurly.com')
    .default('https://v3.recurly.com'),
  RECURLY_API_KEY: z.string().min(1).optional(),
  RECURLY_PUBLIC_KEY: z.string().min(1).optional(),
  /** The secret key of the Recurly webhook endpoint, which signs its notifications. */
  RECURLY_WEBHOOK_KEY: z
    .string()
    .min(8, 'RECURLY_WEBHOOK_KEY must be the endpoint’s secret key')
    .optional(),
  /** Lets an owner move the embedded sandbox's clock (browser journeys; never with Recurly). */
  PAYMENTS_SANDBOX_CLOCK: z.enum(['on', 'off']).default('off'),
  /** The sandbox processor's tax rates by the invoice address's country, e.g. FR:20,DE:19. */
  TAX_RATES: z.string().optional(),
  RECURLY_JS_URL: z
    .string()
    .url(
      'RECURLY_JS_URL must be the address of Recurly.js, e.g. https://js.recurly.com/v4/recurly.js',
    )
    .default('https://js.recurly.com/v4/recurly.js'),
  AI_MODEL: z.string().min(1).optional(),
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  TRANSCRIPTION_MODEL: z.string().min(1).default('whisper-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  FEATURE_SLUGS: z
    .string()
    .regex(
      /^\s*[A-Za-z]+:[a-z0-9|]+\s*(,\s*[A-Za-z]+:[a-z0-9|]+\s*)*$/,
      'FEATURE_SLUGS must look like cohortGuests:acme|lab,cohortAgents:acme',
    )
    .optional(),
  TRUST_PROXY: z
    .string()
    .regex(
      /^(true|false|\d+|[0-9a-fA-F.:/,\s]+)$/,
      'TRUST_PROXY must be true, false, a hop count or a list of proxy addresses',
    )
    .optional(),
  DEMO_ENABLED: booleanFlag.optional(),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  RATE_LIMIT_WRITES_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  RATE_LIMIT_GATEWAY_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  SUPPORT_CHAT_APP_ID: z
    .string()
    .regex(/^[a-z0-9]{4,32}$/, 'SUPPORT_CHAT_APP_ID must be the chat workspace id, e.g. abc12def')
    .optional(),
  SUPPORT_CHAT_SECRET: z
    .string()
    .min(
      16,
      'SUPPORT_CHAT_SECRET must be the identity verification secret (at least 16 characters)',
    )
    .optional(),
  SUPPORT_CHAT_URL: z
    .url(
      'SUPPORT_CHAT_URL must be the address of the chat widget script, e.g. https://widget.intercom.io/widget/',
    )
    .default('https://widget.intercom.io/widget/'),
  SUPPORT_EMAIL: z
    .email('SUPPORT_EMAIL must be the address people write to for help, e.g. support@example.com')
    .default(SUPPORT_EMAIL),
  SALES_EMAIL: z
    .email('SALES_EMAIL must be the address people write to about plans, e.g. sales@example.com')
    .default(SALES_EMAIL),
  HELP_URL: z
    .url('HELP_URL must be the address of the help centre, e.g. https://help.example.com')
    .default(HELP_URL),
  ONBOARDING_VIDEO_URL: z
    .url(
      'ONBOARDING_VIDEO_URL must be the address of a video file, e.g. https://example.com/tour.mp4',
    )
    .optional(),
  ERROR_REPORTING_DSN: z
    .url(
      'ERROR_REPORTING_DSN must be the error-reporting DSN, e.g. https://key@o1.ingest.sentry.io/2',
    )
    .optional(),
  ERROR_REPORTING_TRACE_TARGETS: z.string().min(1).optional(),
  LICENSE_KEYS: z
    .string()
    .regex(
      /^\s*[A-Za-z0-9_-]+:[A-Za-z]+(:\d+)?\s*(,\s*[A-Za-z0-9_-]+:[A-Za-z]+(:\d+)?\s*)*$/,
      'LICENSE_KEYS must look like CODE:license[:maxUses],CODE:license',
    )
    .optional(),
});

export type Environment = z.input<typeof environmentSchema>;

/** Which model the agent uses: AI_BASE_URL (OpenAI-compatible or Anthropic), else AI_LOCAL_MODEL. */
function aiConfig(e: z.output<typeof environmentSchema>): AiConfig | undefined {
  if (e.AI_BASE_URL && e.AI_LOCAL_MODEL) {
    throw new ConfigError([
      'AI_BASE_URL and AI_LOCAL_MODEL: set one of them (a remote model or a local GGUF file), not both',
    ]);
  }
  if (e.AI_BASE_URL) {
    const baseUrl = e.AI_BASE_URL.replace(/\/+$/, '');
    const kind =
      e.AI_PROVIDER ??
      (new URL(baseUrl).hostname.endsWith('anthropic.com') ? 'anthropic' : 'openai');
    return {
      kind,
      baseUrl,
      apiKey: e.AI_API_KEY,
      model: e.AI_MODEL ?? (kind === 'anthropic' ? 'claude-sonnet-5-5' : 'gpt-4o-mini'),
      timeoutMs: e.AI_TIMEOUT_MS,
    };
  }
  if (e.AI_LOCAL_MODEL) {
    const modelPath = resolveFromLaunchDir(e.AI_LOCAL_MODEL);
    if (!existsSync(modelPath)) {
      throw new ConfigError([`AI_LOCAL_MODEL: no model file at ${modelPath} (a .gguf file)`]);
    }
    return {
      kind: 'local',
      modelPath,
      contextSize: e.AI_LOCAL_CONTEXT,
      threads: e.AI_LOCAL_THREADS,
      timeoutMs: e.AI_TIMEOUT_MS,
    };
  }
  return undefined;
}

function taxRatesOf(setting: string | undefined): Record<string, number> {
  try {
    return parseTaxRates(setting);
  } catch (error) {
    throw new ConfigError([(error as Error).message]);
  }
}

export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.problems = problems;
    this.name = 'ConfigError';
  }
}

function resolveFromLaunchDir(p: string): string {
  // npm runs workspace scripts inside the workspace; INIT_CWD is where the user typed the command.
  const base = process.env.INIT_CWD ?? process.cwd();
  return path.resolve(base, p);
}

/**
 * Outside production a secret is made on first run and kept beside the data, so encrypted values
 * survive restarts with no set-up; an in-memory database gets a throwaway one.
 */
function localSecret(dataDir: string): string {
  if (dataDir === 'memory://') return randomBytes(32).toString('hex');
  const file = path.join(dataDir, '.app-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString('hex');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

function readWebVersion(webDist: string): string | undefined {
  try {
    const parsed = JSON.parse(readFileSync(path.join(webDist, 'version.json'), 'utf8')) as {
      version?: unknown;
    };
    return typeof parsed.version === 'string' ? parsed.version : undefined;
  } catch {
    return undefined;
  }
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** Reads and validates the configuration; throws ConfigError naming every bad setting. */
export function loadConfig(environment: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.entries(environment).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = environmentSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`),
    );
  }
  const e = parsed.data;
  const webDist = e.WEB_DIST
    ? resolveFromLaunchDir(e.WEB_DIST)
    : path.join(REPO_ROOT, 'apps/web/dist');
  const dataDir =
    e.DATA_DIR === 'memory://'
      ? 'memory://'
      : resolveFromLaunchDir(e.DATA_DIR ?? path.join(REPO_ROOT, 'data'));
  const s3Settings = [e.S3_ENDPOINT, e.S3_BUCKET, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY];
  if (s3Settings.some(Boolean) && !s3Settings.every(Boolean)) {
    throw new ConfigError([
      'S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set all four or none',
    ]);
  }
  if (e.NODE_ENV === 'production' && !e.APP_SECRET) {
    throw new ConfigError(['APP_SECRET: required in production (at least 32 random characters)']);
  }
  if (e.SUPPORT_CHAT_SECRET && !e.SUPPORT_CHAT_APP_ID) {
    throw new ConfigError(['SUPPORT_CHAT_SECRET: set SUPPORT_CHAT_APP_ID too, or neither']);
  }
  if (e.DATABASE_DIRECT_URL && !e.DATABASE_URL)
    throw new ConfigError([
      'DATABASE_DIRECT_URL: set DATABASE_URL too (the pooler); the direct one is for LISTEN only',
    ]);
  if (Boolean(e.ERROR_REPORTING_DSN) !== Boolean(e.ERROR_REPORTING_TRACE_TARGETS)) {
    throw new ConfigError([
      'ERROR_REPORTING_DSN and ERROR_REPORTING_TRACE_TARGETS go together: set both or neither',
    ]);
  }
  return {
    env: e.NODE_ENV,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    metricsToken: e.METRICS_TOKEN,
    demoEnabled: e.DEMO_ENABLED ?? e.NODE_ENV !== 'production',
    rateLimits: {
      writesPerMinute: e.RATE_LIMIT_WRITES_PER_MINUTE,
      gatewayPerMinute: e.RATE_LIMIT_GATEWAY_PER_MINUTE,
    },
    supportChat: e.SUPPORT_CHAT_APP_ID
      ? {
          appId: e.SUPPORT_CHAT_APP_ID,
          secret: e.SUPPORT_CHAT_SECRET,
          scriptUrl: e.SUPPORT_CHAT_URL,
        }
      : undefined,
    contact: { support: e.SUPPORT_EMAIL, sales: e.SALES_EMAIL, help: e.HELP_URL },
    onboardingVideo: e.ONBOARDING_VIDEO_URL ?? null,
    errorReporting:
      e.ERROR_REPORTING_DSN && e.ERROR_REPORTING_TRACE_TARGETS
        ? {
            dsn: e.ERROR_REPORTING_DSN,
            traceTargets: e.ERROR_REPORTING_TRACE_TARGETS.split(',')
              .map((t) => t.trim())
              .filter(Boolean),
          }
        : undefined,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    appDomain: e.APP_DOMAIN ?? `localhost:${e.PORT}`,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseDirectUrl: e.DATABASE_DIRECT_URL,
    webDist,
    appVersion: e.APP_VERSION ?? readWebVersion(webDist) ?? 'dev',
    logLevel: e.LOG_LEVEL,
    jobsEnabled: e.JOBS_ENABLED,
    gatewayJit: e.GATEWAY_JIT,
    protocol: e.APP_PROTOCOL,
    appSecret: e.APP_SECRET ?? localSecret(dataDir),
    integrations: {
      slackWebhookBase: e.SLACK_WEBHOOK_BASE,
      zapierHookBase: e.ZAPIER_HOOK_BASE,
      figmaBaseUrl: e.FIGMA_API_URL.replace(/\/+$/, ''),
      trelloBaseUrl: e.TRELLO_API_URL.replace(/\/+$/, ''),
      trelloKey: e.TRELLO_API_KEY,
      intercomBaseUrl: e.INTERCOM_API_URL.replace(/\/+$/, ''),
      zoomBaseUrl: e.ZOOM_API_URL.replace(/\/+$/, ''),
      zoomOAuthUrl: e.ZOOM_OAUTH_URL,
    },
    inboundMail: {
      domain:
        e.INBOUND_MAIL_DOMAIN ?? `inbound.${(e.APP_DOMAIN ?? 'localhost').replace(/:\d+$/, '')}`,
      smtpPort: e.INBOUND_SMTP_PORT,
      secret: e.INBOUND_MAIL_SECRET,
      maxBytes: e.INBOUND_MAIL_MAX_BYTES,
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    dnsServers: e.DNS_SERVERS ? e.DNS_SERVERS.split(',').map((server) => server.trim()) : [],
    transcription: e.TRANSCRIPTION_URL
      ? {
          baseUrl: e.TRANSCRIPTION_URL.replace(/\/+$/, ''),
          apiKey: e.TRANSCRIPTION_API_KEY,
          model: e.TRANSCRIPTION_MODEL,
        }
      : undefined,
    ai: aiConfig(e),
    recurly: e.RECURLY_API_KEY
      ? {
          baseUrl: e.RECURLY_BASE_URL.replace(/\/+$/, ''),
          apiKey: e.RECURLY_API_KEY,
          publicKey: e.RECURLY_PUBLIC_KEY ?? null,
          scriptUrl: e.RECURLY_JS_URL,
          webhookKey: e.RECURLY_WEBHOOK_KEY ?? null,
        }
      : undefined,
    paymentsSandboxClock: e.PAYMENTS_SANDBOX_CLOCK === 'on',
    taxRates: taxRatesOf(e.TAX_RATES),
    s3:
      e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT.replace(/\/+$/, ''),
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          }
        : undefined,
    featureSlugs: Object.fromEntries(
      (e.FEATURE_SLUGS ?? '')
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean)
        .map((entry) => {
          const [feature = '', slugs = ''] = entry.split(':');
          return [feature, slugs.split('|').filter(Boolean)];
        }),
    ),
    licenseKeys: (e.LICENSE_KEYS ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
      .map((entry) => {
        const [code = '', license = '', maxUses] = entry.split(':');
        return { code, license, maxUses: maxUses ? Number(maxUses) : null };
      }),
  };
}
