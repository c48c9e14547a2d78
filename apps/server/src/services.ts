/** The platform parts every module's use cases receive. */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { AiProvider } from './platform/ai/index.ts';
import type { Database } from './platform/db/index.ts';
import type { EventDispatcher } from './platform/events/dispatch.ts';
import type { TransactionRunner } from './platform/events/unit-of-work.ts';
import type { JobQueue } from './platform/jobs/index.ts';
import type { Mailer } from './platform/mail/index.ts';
import type { RealtimeBus } from './platform/realtime/bus.ts';
import type { FileStorage } from './platform/storage/index.ts';
import type { PaymentProcessor } from './platform/payments/index.ts';
import type { Sandbox } from './platform/payments/sandbox.ts';
import type { Metrics } from './platform/observability/metrics.ts';

export interface AppServices {
  config: Config;
  logger: FastifyBaseLogger;
  /** Prometheus counters and gauges of this instance. */
  metrics: Metrics;
  database: Database;
  bus: RealtimeBus;
  /** Absent when JOBS_ENABLED=false; events are then processed inline after commit. */
  jobs: JobQueue | undefined;
  events: EventDispatcher;
  mailer: Mailer;
  /** Uploaded files (local disk by default). */
  storage: FileStorage;
  /** The AI agent (built-in generator, or an OpenAI-compatible endpoint). */
  ai: AiProvider;
  /** The card processor (the embedded sandbox unless Recurly is configured). */
  payments: PaymentProcessor;
  /** The embedded sandbox, when it is the processor (its tokenizer serves the browser). */
  paymentsSandbox: Sandbox | null;
  /** Runs a use case's writes and events in one transaction; publishes after commit. */
  transaction: TransactionRunner;
}
