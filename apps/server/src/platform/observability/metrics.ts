/**
 * Prometheus metrics (served at /metrics behind METRICS_TOKEN): requests per route and gateway
 * operation with their latency, job queue depth, open websockets and the database pool. One
 * registry per app, so several apps in one process (tests) never share counters.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/index.ts';

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface Metrics {
  registry: Registry;
  observeRequest(labels: { method: string; route: string; status: number }, seconds: number): void;
  observeOperation(labels: { operation: string; type: string; ok: boolean }, seconds: number): void;
  observeJob(labels: { queue: string; ok: boolean }, seconds: number): void;
  websocketOpened(): void;
  websocketClosed(): void;
}

export function createMetrics(options: {
  database: Database;
  /** Jobs waiting per queue; absent when this instance runs no queue. */
  queueDepth?: () => Promise<{ queue: string; waiting: number }[]>;
  /** Process metrics (CPU, memory, event loop); off in tests. */
  processMetrics?: boolean;
}): Metrics {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry, prefix: 'assay_' });
  const requests = new Counter({
    name: 'assay_http_requests_total',
    help: 'HTTP requests answered, by method, route and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const requestSeconds = new Histogram({
    name: 'assay_http_request_duration_seconds',
    help: 'HTTP request latency by method and route.',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const operations = new Counter({
    name: 'assay_gateway_operations_total',
    help: 'Gateway operations run, by operation name, type and outcome.',
    labelNames: ['operation', 'type', 'outcome'] as const,
    registers: [registry],
  });
  const operationSeconds = new Histogram({
    name: 'assay_gateway_operation_duration_seconds',
    help: 'Gateway operation latency by operation name.',
    labelNames: ['operation', 'type'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const jobs = new Counter({
    name: 'assay_jobs_total',
    help: 'Background jobs run, by queue and outcome.',
    labelNames: ['queue', 'outcome'] as const,
    registers: [registry],
  });
  const jobSeconds = new Histogram({
    name: 'assay_job_duration_seconds',
    help: 'Background job duration by queue.',
    labelNames: ['queue'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers: [registry],
  });
  const sockets = new Gauge({
    name: 'assay_websocket_connections',
    help: 'Realtime websockets open on this instance.',
    registers: [registry],
  });
  const { queueDepth } = options;
  new Gauge({
    name: 'assay_job_queue_depth',
    help: 'Jobs waiting to run, by queue.',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      if (!queueDepth) return;
      for (const row of await queueDepth()) this.set({ queue: row.queue }, row.waiting);
    },
  });
  const pool = options.database.pool;
  new Gauge({
    name: 'assay_db_pool_connections',
    help: 'Database pool connections by state (PGlite: one, always in use).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      if (!pool) {
        this.set({ state: 'total' }, 1);
        this.set({ state: 'idle' }, 0);
        this.set({ state: 'waiting' }, 0);
        return;
      }
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });

  return {
    registry,
    observeRequest({ method, route, status }, seconds) {
      requests.inc({ method, route, status: String(status) });
      requestSeconds.observe({ method, route }, seconds);
    },
    observeOperation({ operation, type, ok }, seconds) {
      operations.inc({ operation, type, outcome: ok ? 'ok' : 'error' });
      operationSeconds.observe({ operation, type }, seconds);
    },
    observeJob({ queue, ok }, seconds) {
      jobs.inc({ queue, outcome: ok ? 'ok' : 'error' });
      jobSeconds.observe({ queue }, seconds);
    },
    websocketOpened: () => sockets.inc(),
    websocketClosed: () => sockets.dec(),
  };
}
