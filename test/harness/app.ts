/** An application on a real store with a few tenants and keys, for HTTP-level tests. */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/api/app.js';
import type { AppDeps } from '../../src/api/deps.js';
import { createMetrics } from '../../src/api/metrics.js';
import { memoryRateLimiter, postgresRateLimiter, type RateLimitSettings } from '../../src/api/rate-limit.js';
import { createConversationRepo } from '../../src/storage/conversation-repo.js';
import type { OpenedStore } from '../../src/storage/open.js';
import { createTenancyRepo, type TenancyRepo } from '../../src/storage/tenancy-repo.js';
import type { TestBackend } from './backends.js';

export interface TestKeys {
  testFull: string;
  liveFull: string;
  testIngest: string;
  testRead: string;
  /** A full test key of a second project in the same workspace. */
  otherProject: string;
}

export interface TestApp {
  app: FastifyInstance;
  store: OpenedStore;
  tenancy: TenancyRepo;
  keys: TestKeys;
  projectId: string;
  /** Ids of the keys, for revocation tests. */
  keyIds: Record<keyof TestKeys, string>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  rateLimit?: RateLimitSettings;
  bodyLimitBytes?: number;
  clock?: () => number;
  /** Webhook target policy for /v1/webhook_endpoints (the default: guard on). */
  webhooks?: AppDeps['webhooks'];
}

export async function startTestApp(backend: TestBackend, options: TestAppOptions = {}): Promise<TestApp> {
  const opened = await backend.open();
  const { store } = opened;
  const clock = options.clock ?? Date.now;
  const tenancy = createTenancyRepo(store, clock);
  const rateSettings = options.rateLimit ?? { points: 0, windowSeconds: 1 };
  const rateLimiter =
    store.dialect === 'postgres'
      ? await postgresRateLimiter(rateSettings, store.pool)
      : memoryRateLimiter(rateSettings);

  const workspace = await tenancy.createWorkspace('Test workspace', 'UTC');
  const project = await tenancy.createProject(workspace.id, 'Project A');
  const other = await tenancy.createProject(workspace.id, 'Project B');
  const created = {
    testFull: await tenancy.createKey({ projectId: project.id, environment: 'test', role: 'full', name: 'test full' }),
    liveFull: await tenancy.createKey({ projectId: project.id, environment: 'live', role: 'full', name: 'live full' }),
    testIngest: await tenancy.createKey({ projectId: project.id, environment: 'test', role: 'ingest', name: 'ingest' }),
    testRead: await tenancy.createKey({ projectId: project.id, environment: 'test', role: 'read', name: 'read' }),
    otherProject: await tenancy.createKey({ projectId: other.id, environment: 'test', role: 'full', name: 'other' }),
  };
  const keys = Object.fromEntries(Object.entries(created).map(([name, key]) => [name, key.key])) as unknown as TestKeys;
  const keyIds = Object.fromEntries(Object.entries(created).map(([name, key]) => [name, key.id])) as Record<
    keyof TestKeys,
    string
  >;

  const app = await buildApp({
    config: {
      publicUrl: 'https://cqm.example.test',
      bodyLimitBytes: options.bodyLimitBytes ?? 1024 * 1024,
      logRequests: false,
    },
    store,
    tenancy,
    conversations: createConversationRepo(store, clock),
    rateLimiter,
    metrics: createMetrics(),
    logger: false,
    clock,
    ...(options.webhooks ? { webhooks: options.webhooks } : {}),
  });
  await app.ready();

  return {
    app,
    store,
    tenancy,
    keys,
    keyIds,
    projectId: project.id,
    async close() {
      await app.close();
      await opened.dispose();
    },
  };
}

export function bearer(key: string): Record<string, string> {
  return { authorization: `Bearer ${key}` };
}
