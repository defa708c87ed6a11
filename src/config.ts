/** Settings, read from the environment once and validated, so a typo fails at start rather than later. */
import path from 'node:path';
import { z } from 'zod';

const flagDefaulting = (value: '0' | '1') =>
  z
    .enum(['0', '1', 'true', 'false', ''])
    .default(value)
    .transform((setting) => setting === '1' || setting === 'true' || (setting === '' && value === '1'));
const flag = flagDefaulting('0');

const settingsSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  CQM_DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url().optional(),
  CQM_PUBLIC_URL: z.string().url().optional(),
  CQM_BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  CQM_RATE_LIMIT: z.coerce.number().int().min(0).default(1000),
  CQM_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(10),
  CQM_SQLITE_SYNCHRONOUS: z.enum(['NORMAL', 'FULL']).default('NORMAL'),
  CQM_SQLITE_INGEST_THREAD: flagDefaulting('1'),
  CQM_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CQM_LOG_REQUESTS: flag,
  CQM_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  CQM_PG_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  CQM_JOB_LEASE_MS: z.coerce.number().int().min(100).default(30_000),
  CQM_WEBHOOK_ALLOW_PRIVATE: flag,
  CQM_WEBHOOK_ALLOW_HTTP: flag,
  CQM_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(15_000),
  CQM_WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  CQM_WEBHOOK_LEASE_MS: z.coerce.number().int().min(100).optional(),
  CQM_JUDGE_BASE_URL: z.string().url().optional(),
  CQM_JUDGE_MODEL: z.string().min(1).max(200).optional(),
  CQM_JUDGE_API_KEY: z.string().min(1).optional(),
  CQM_SECRET_KEY: z.string().min(1).optional(),
  CQM_METRICS_TOKEN: z.string().min(16, 'use at least 16 characters (for example `openssl rand -hex 32`)').optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  bodyLimitBytes: number;
  /** Requests a key may make per window; 0 turns rate limiting off. */
  rateLimit: { points: number; windowSeconds: number };
  sqliteSynchronous: 'NORMAL' | 'FULL';
  /** `serve` on the embedded store writes received conversations from a thread of its own. */
  sqliteIngestThread: boolean;
  logLevel: string;
  logRequests: boolean;
  /** Unset: the store's default (see WORKER_CONCURRENCY_BY_STORE). */
  workerConcurrency: number | undefined;
  /** How long a claimed job stays a worker's without a heartbeat; a dead worker's jobs return after it. */
  jobLeaseMs: number;
  /** Connections each process keeps to PostgreSQL. */
  pgPoolSize: number;
  /** Webhook targets and delivery: private targets and plain http in live are off unless set. */
  webhooks: {
    allowPrivate: boolean;
    allowHttp: boolean;
    timeoutMs: number;
    concurrency: number;
    /** How long a claimed message stays a worker's; by default twice the timeout plus 30 s. */
    leaseMs?: number | undefined;
  };
  /** The instance's judge (every project without one of its own); null when none is configured. */
  judge: { baseUrl: string; model: string; apiKey: string | null } | null;
  /** Seals secrets at rest (judge API keys); without it the embedded store keeps a generated one in the data dir. */
  secretKey: string | undefined;
  /** When set, GET /metrics wants `Authorization: Bearer <token>` (for a service listening beyond loopback). */
  metricsToken: string | undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = settingsSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid settings: ${problems.join('; ')}`);
  }
  const s = parsed.data;
  return {
    port: s.PORT,
    host: s.HOST,
    dataDir: path.resolve(s.CQM_DATA_DIR),
    databaseUrl: s.DATABASE_URL,
    publicUrl: (s.CQM_PUBLIC_URL ?? `http://${s.HOST}:${s.PORT}`).replace(/\/+$/, ''),
    bodyLimitBytes: s.CQM_BODY_LIMIT_BYTES,
    rateLimit: { points: s.CQM_RATE_LIMIT, windowSeconds: s.CQM_RATE_LIMIT_WINDOW_SECONDS },
    sqliteSynchronous: s.CQM_SQLITE_SYNCHRONOUS,
    sqliteIngestThread: s.CQM_SQLITE_INGEST_THREAD,
    logLevel: s.CQM_LOG_LEVEL,
    logRequests: s.CQM_LOG_REQUESTS,
    workerConcurrency: s.CQM_WORKER_CONCURRENCY,
    jobLeaseMs: s.CQM_JOB_LEASE_MS,
    pgPoolSize: s.CQM_PG_POOL_SIZE,
    webhooks: {
      allowPrivate: s.CQM_WEBHOOK_ALLOW_PRIVATE,
      allowHttp: s.CQM_WEBHOOK_ALLOW_HTTP,
      timeoutMs: s.CQM_WEBHOOK_TIMEOUT_MS,
      concurrency: s.CQM_WEBHOOK_CONCURRENCY,
      leaseMs: s.CQM_WEBHOOK_LEASE_MS,
    },
    judge:
      s.CQM_JUDGE_BASE_URL && s.CQM_JUDGE_MODEL
        ? { baseUrl: s.CQM_JUDGE_BASE_URL, model: s.CQM_JUDGE_MODEL, apiKey: s.CQM_JUDGE_API_KEY ?? null }
        : null,
    secretKey: s.CQM_SECRET_KEY,
    metricsToken: s.CQM_METRICS_TOKEN,
  };
}
