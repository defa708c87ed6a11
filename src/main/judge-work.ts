/**
 * The judge's part of a scoring process: the reviewer (which results go to the judge, and its answers), the
 * routing the scoring job consults, and a worker of its own for `second_review` jobs. Its slots wait on the
 * judge's network answers, so it runs many at once without taking a scoring slot; the judge's load is bounded
 * per project by the project's concurrency limit, not by this worker.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { CheckCatalogue } from '../checks/catalogue.js';
import type { Config } from '../config.js';
import { createAgreementWatch } from '../jobs/agreement-watch.js';
import { handlerRegistry } from '../jobs/job-handler.js';
import { createQueue, DEFAULT_QUEUE_OPTIONS } from '../jobs/queue.js';
import { createSecondReviewRouting, type SecondReviewRouting, secondReviewHandler } from '../jobs/second-review.js';
import { createWorker, DEFAULT_WORKER_OPTIONS, type Worker } from '../jobs/worker.js';
import { createReviewer } from '../judge/reviewer.js';
import { loadSecretKey } from '../judge/secret-key.js';
import { createJudgeSettingsRepo } from '../storage/judge-settings-repo.js';
import { createJudgeUsageRepo } from '../storage/judge-usage-repo.js';
import { createLabelsRepo } from '../storage/labels-repo.js';
import type { Store } from '../storage/store.js';

/** Review jobs at once per process: each mostly waits for the judge. */
export const REVIEW_WORKER_CONCURRENCY = 64;

export type JudgeSettings = Partial<Pick<Config, 'judge' | 'secretKey' | 'dataDir' | 'databaseUrl'>> &
  Pick<Config, 'jobLeaseMs'>;

export interface JudgeWork {
  routing: SecondReviewRouting;
  /** The second-review worker and the agreement watch, started and stopped together. */
  worker: Worker;
  watch: ReturnType<typeof createAgreementWatch>;
}

export function judgeWork(
  config: JudgeSettings,
  store: Store,
  catalogue: Pick<CheckCatalogue, 'recordBookingSwitch' | 'list'>,
  logger: FastifyBaseLogger,
  fetchImpl?: typeof fetch,
): JudgeWork {
  let secretKey: Buffer | null = null;
  if (config.dataDir || config.secretKey) {
    try {
      const loaded = loadSecretKey({
        secretKey: config.secretKey,
        dataDir: config.dataDir ?? '',
        databaseUrl: config.databaseUrl,
      });
      secretKey = loaded.key;
    } catch (error) {
      logger.error(
        { err: error },
        'could not read or create the secret key; projects’ own judge keys cannot be opened',
      );
    }
  }
  const usage = createJudgeUsageRepo(store);
  const reviewer = createReviewer({
    settings: createJudgeSettingsRepo(store),
    usage,
    instance: config.judge ?? null,
    secretKey,
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
  const handler = secondReviewHandler({ store, catalogue, reviewer, usage });
  const queue = createQueue(store, handlerRegistry([handler]), {
    ...DEFAULT_QUEUE_OPTIONS,
    leaseMs: config.jobLeaseMs,
  });
  const worker = createWorker(queue, [handler], logger, {
    ...DEFAULT_WORKER_OPTIONS,
    concurrency: REVIEW_WORKER_CONCURRENCY,
    batchSize: REVIEW_WORKER_CONCURRENCY,
    heartbeatMs: Math.max(50, Math.floor(config.jobLeaseMs / 3)),
  });
  const routing = createSecondReviewRouting({ store, reviewer, onQueued: () => worker.nudge() });
  const watch = createAgreementWatch({ store, catalogue, labels: createLabelsRepo(store), logger });
  return {
    routing,
    watch,
    worker: {
      id: worker.id,
      nudge: () => worker.nudge(),
      start() {
        worker.start();
        watch.start();
      },
      async stop() {
        await Promise.all([worker.stop(), watch.stop()]);
      },
    },
  };
}
