/**
 * The background work of a scoring process (`serve`'s scoring thread, or `cqm worker`), built from settings:
 * the scoring worker (catalogue, offline scorer, queue and loop), the midnight health sweep and webhook delivery.
 */
import type { FastifyBaseLogger } from 'fastify';
import { createCheckCatalogue } from '../checks/catalogue.js';
import { promotionGate } from '../checks/promotion-gate.js';
import type { Config } from '../config.js';
import { createHealthSweeper } from '../jobs/health-sweep.js';
import { startHousekeeping } from '../jobs/housekeeping.js';
import { handlerRegistry } from '../jobs/job-handler.js';
import { createQueue, DEFAULT_QUEUE_OPTIONS } from '../jobs/queue.js';
import { scoreConversationHandler } from '../jobs/score-conversation.js';
import type { SecondReviewRouting } from '../jobs/second-review.js';
import { createWorker, DEFAULT_WORKER_OPTIONS, type Worker } from '../jobs/worker.js';
import { BUILTIN_CHECKS } from '../scoring/builtin-checks.js';
import { validateCustomRule } from '../scoring/custom-rules.js';
import { scoreConversation, scorerVersion } from '../scoring/pipeline.js';
import { createLabelsRepo } from '../storage/labels-repo.js';
import type { Store } from '../storage/store.js';
import { createDispatcher } from '../webhooks/dispatcher.js';
import { type JudgeSettings, judgeWork } from './judge-work.js';
import { loadTrainedModels } from './model-files.js';

export function checkCatalogue(store: Store, clock: () => number = Date.now) {
  return createCheckCatalogue({
    store,
    builtins: BUILTIN_CHECKS,
    validateRule: validateCustomRule,
    clock,
    // Promotion to active needs agreement with people's labels (or an owner's written override).
    onStatusChange: promotionGate(createLabelsRepo(store), clock),
  });
}

/**
 * Jobs a worker runs at once by default. They are scored one after another and written in one transaction
 * (on PostgreSQL, transactions of four), so on SQLite more of them share a commit and each agent's
 * re-evaluation. On PostgreSQL each holds a pooled connection and the database server's CPU, which on a
 * small machine the API's inserts also need: at 16, ingest at 200 a second timed out.
 */
export const WORKER_CONCURRENCY_BY_STORE = { sqlite: 16, postgres: 4 } as const;

export function scoringWorker(
  config: Pick<Config, 'workerConcurrency' | 'jobLeaseMs'>,
  store: Store,
  logger: FastifyBaseLogger,
  /** The judge's routing (see judge-work.ts); absent, nothing goes to a judge. */
  secondReview?: SecondReviewRouting,
): Worker {
  // The trained parts of the offline model (models/*.json), read once as the worker starts; their fingerprint is
  // part of every scorer_version, so results scored with other model files can be told apart.
  const { models, loadMs, bytes } = loadTrainedModels();
  logger.info(
    { model_files_bytes: bytes, load_ms: Math.round(loadMs), fingerprint: models.fingerprint },
    'trained models loaded',
  );
  const handler = scoreConversationHandler({
    store,
    catalogue: checkCatalogue(store),
    ...(secondReview ? { secondReview } : {}),
    scorer: {
      score: (conversation, checks) => scoreConversation(conversation, checks, undefined, models),
      scorerVersion: (check) => scorerVersion(check, models.fingerprint),
    },
  });
  const queue = createQueue(store, handlerRegistry([handler]), {
    ...DEFAULT_QUEUE_OPTIONS,
    leaseMs: config.jobLeaseMs,
  });
  const concurrency = config.workerConcurrency ?? WORKER_CONCURRENCY_BY_STORE[store.dialect];
  return createWorker(queue, [handler], logger, {
    ...DEFAULT_WORKER_OPTIONS,
    concurrency,
    // Every job launched at once is scored before any is written, so their writes share one transaction.
    batchSize: Math.max(DEFAULT_WORKER_OPTIONS.batchSize, concurrency),
    // Renew well before the lease runs out.
    heartbeatMs: Math.max(50, Math.floor(config.jobLeaseMs / 3)),
  });
}

/** What a scoring process runs in the background: scoring, the health sweep, webhook delivery, housekeeping. */
export interface BackgroundWork {
  readonly workerId: string;
  /** A conversation was just stored: score it now rather than at the next poll. */
  nudge(): void;
  stop(): Promise<void>;
}

export function startBackgroundWork(
  config: Pick<Config, 'workerConcurrency' | 'jobLeaseMs' | 'webhooks'> & JudgeSettings,
  store: Store,
  logger: FastifyBaseLogger,
): BackgroundWork {
  const judge = judgeWork(config, store, checkCatalogue(store), logger);
  const worker = scoringWorker(config, store, logger, judge.routing);
  const sweeper = createHealthSweeper({ store, logger });
  // Webhook deliveries from the outbox (and the hourly digest), beside scoring.
  const { webhooks } = config;
  const dispatcher = createDispatcher(store, logger, {
    policy: { allowPrivate: webhooks.allowPrivate, allowHttp: webhooks.allowHttp },
    timeoutMs: webhooks.timeoutMs,
    concurrency: webhooks.concurrency,
    ...(webhooks.leaseMs ? { leaseMs: webhooks.leaseMs } : {}),
  });
  worker.start();
  judge.worker.start();
  sweeper.start();
  dispatcher.start();
  const housekeeping = startHousekeeping({ store, logger });
  return {
    workerId: worker.id,
    nudge: () => worker.nudge(),
    async stop() {
      await Promise.all([worker.stop(), judge.worker.stop(), sweeper.stop(), dispatcher.stop(), housekeeping.stop()]);
    },
  };
}
