/** The typed configuration the server runs with (made from the environment by config.ts). */
export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  /** The app's domain with port, e.g. localhost:3000; the app host is app.<appDomain>. */
  appDomain: string;
  /** PGlite data folder, or 'memory://' for an in-memory database. */
  dataDir: string;
  /** When set, PostgreSQL through node-postgres instead of PGlite. */
  databaseUrl: string | undefined;
  /** The PostgreSQL server itself when databaseUrl is a pooler in transaction mode (PgBouncer). */
  databaseDirectUrl: string | undefined;
  /** The built web app to serve. */
  webDist: string;
  appVersion: string;
  logLevel: string;
  jobsEnabled: boolean;
  gatewayJit: boolean;
  /** http or https: https makes cookies Secure. */
  protocol: 'http' | 'https';
  /** Key material for encrypting secrets at rest (MFA secrets). */
  appSecret: string;
  /** When set, mail goes out through this SMTP server as well as into the outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The DNS servers that answer a domain's TXT record (SSO domain verification); none: the system's. */
  dnsServers: string[];
  /** Organisations (by slug) that get each slug-limited feature. */
  featureSlugs: Record<string, string[]>;
  /** An OpenAI-compatible speech-to-text endpoint; without it transcription says it is not set up. */
  transcription: { baseUrl: string; apiKey: string | undefined; model: string } | undefined;
  /** An OpenAI-compatible chat endpoint for the AI agent; without it the built-in generator runs. */
  /** The AI agent's model: a remote API, a local GGUF file, or none (the built-in generator). */
  ai: AiConfig | undefined;
  /** Recurly, when an API key is set; the embedded sandbox processor otherwise. */
  recurly:
    | {
        baseUrl: string;
        apiKey: string;
        publicKey: string | null;
        scriptUrl: string;
        /** The webhook endpoint's secret key (#30); notifications are refused without it. */
        webhookKey: string | null;
      }
    | undefined;
  /** An owner may move the sandbox processor's clock (PAYMENTS_SANDBOX_CLOCK=on; #30). */
  paymentsSandboxClock: boolean;
  /** The sandbox processor's tax rate (percent) by country code; none elsewhere (#30). */
  taxRates: Record<string, number>;
  /** An S3-compatible store for uploads; without it files stay on local disk. */
  s3:
    | {
        endpoint: string;
        bucket: string;
        region: string;
        accessKeyId: string;
        secretAccessKey: string;
      }
    | undefined;
  /** Where integrations may send (webhook bases) and the services' API addresses. */
  integrations: {
    slackWebhookBase: string;
    zapierHookBase: string;
    figmaBaseUrl: string;
    trelloBaseUrl: string;
    /** Trello's API key of this installation; without it Trello cannot be connected. */
    trelloKey: string | undefined;
    intercomBaseUrl: string;
    zoomBaseUrl: string;
    zoomOAuthUrl: string;
  };
  /** Project inboxes: their domain, the SMTP listener's port (off when unset), the webhook secret. */
  inboundMail: {
    domain: string;
    smtpPort: number | undefined;
    secret: string | undefined;
    maxBytes: number;
  };
  /** Fastify's trustProxy: whom to believe for the client's address (behind nginx). */
  trustProxy: boolean | number | string;
  /** "Explore a demo" is offered (on by default outside production). */
  demoEnabled: boolean;
  /** /metrics answers only with this bearer token; off when unset. */
  metricsToken: string | undefined;
  rateLimits: { writesPerMinute: number; gatewayPerMinute: number };
  /** The customer-support chat widget (part 1 §7.4); off when no app id. */
  supportChat: { appId: string; secret: string | undefined; scriptUrl: string } | undefined;
  /** Where people write for help and about plans (the app shows them; #30). */
  contact: { support: string; sales: string; help: string };
  /** The onboarding's introduction plays this video; without it, a built-in slideshow (#30). */
  onboardingVideo: string | null;
  /** Browser error reporting (part 1 §7.4): only when trace targets are configured. */
  errorReporting: { dsn: string; traceTargets: string[] } | undefined;
  /** Beta codes to make sure exist at start: code, license and an optional use limit. */
  licenseKeys: { code: string; license: string; maxUses: number | null }[];
}

export type AiConfig =
  | {
      kind: 'openai' | 'anthropic';
      baseUrl: string;
      apiKey: string | undefined;
      model: string;
      timeoutMs: number;
    }
  | {
      kind: 'local';
      modelPath: string;
      contextSize: number;
      /** CPU threads for the model (node-llama-cpp's choice when unset). */
      threads: number | undefined;
      timeoutMs: number;
    };
