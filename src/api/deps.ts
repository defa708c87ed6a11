import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { ConversationRepo } from '../storage/conversation-repo.js';
import type { Store } from '../storage/store.js';
import type { TenancyRepo } from '../storage/tenancy-repo.js';
import type { Resolver, UrlPolicy } from '../webhooks/url-policy.js';
import type { Metrics } from './metrics.js';
import type { RateLimiter } from './rate-limit.js';

/** Everything the HTTP layer needs, built by an entry point (or a test) and passed in. */
export interface AppDeps {
  config: Pick<Config, 'publicUrl' | 'bodyLimitBytes' | 'logRequests'> & Partial<Pick<Config, 'metricsToken'>>;
  store: Store;
  tenancy: TenancyRepo;
  conversations: ConversationRepo;
  rateLimiter: RateLimiter;
  metrics: Metrics;
  logger: FastifyBaseLogger | false;
  clock: () => number;
  /** Called after a new conversation is stored, so an in-process worker can start at once instead of polling. */
  onConversationStored?: () => void;
  /** Webhook target policy and resolver; absent: the guard is on and live endpoints need https. */
  webhooks?: WebhookApiSettings;
}

export interface WebhookApiSettings {
  policy: UrlPolicy;
  resolve?: Resolver;
  /** A webhook message was just written: an in-process dispatcher can deliver it at once. */
  onMessageQueued?: () => void;
}
