/** The composition root: the one place that turns settings into real dependencies. */
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../api/deps.js';
import { createMetrics } from '../api/metrics.js';
import { memoryRateLimiter, postgresRateLimiter, type RateLimiter } from '../api/rate-limit.js';
import type { Config } from '../config.js';
import type { ConversationIngest } from '../storage/conversation-ingest.js';
import { createConversationRepo } from '../storage/conversation-repo.js';
import { migrateToLatest } from '../storage/migrate.js';
import { type OpenedStore, openStore, type StoreRole } from '../storage/open.js';
import { createTenancyRepo } from '../storage/tenancy-repo.js';

export async function openMigratedStore(config: Config, role: StoreRole): Promise<OpenedStore> {
  const store = openStore(config, role);
  try {
    await migrateToLatest(store.db);
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

/** One process on the embedded store counts in memory; processes sharing PostgreSQL count there. */
function rateLimiterFor(config: Config, store: OpenedStore): Promise<RateLimiter> | RateLimiter {
  return store.dialect === 'postgres'
    ? postgresRateLimiter(config.rateLimit, store.pool)
    : memoryRateLimiter(config.rateLimit);
}

export async function appDeps(
  config: Config,
  store: OpenedStore,
  logger: FastifyBaseLogger | false,
  /** Where received conversations are written, when not on `store` in this thread (the ingest thread). */
  ingest?: ConversationIngest,
): Promise<AppDeps> {
  const clock = Date.now;
  const conversations = createConversationRepo(store, clock);
  return {
    config,
    store,
    tenancy: createTenancyRepo(store, clock),
    conversations: ingest ? { ...conversations, ingest } : conversations,
    rateLimiter: await rateLimiterFor(config, store),
    metrics: createMetrics(),
    logger,
    clock,
    webhooks: { policy: { allowPrivate: config.webhooks.allowPrivate, allowHttp: config.webhooks.allowHttp } },
  };
}
