import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/** A registry per app, so tests and several apps in one process never share counters. */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpDuration: new Histogram({
      name: 'cqm_http_request_duration_seconds',
      help: 'Time to answer HTTP requests, by route and status.',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    conversationsReceived: new Counter({
      name: 'cqm_conversations_received_total',
      help: 'Conversations received, by environment and result (created, duplicate, replayed).',
      labelNames: ['environment', 'result'] as const,
      registers: [registry],
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
