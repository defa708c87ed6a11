/** `bin/cqm worker`: a scoring worker alone, for running many beside API processes on PostgreSQL. */
import pino from 'pino';
import type { Config } from '../config.js';
import { startBackgroundWork } from './background.js';
import { openMigratedStore } from './compose.js';
import { onShutdown } from './shutdown.js';

export async function runWorker(config: Config): Promise<void> {
  const logger = pino({ level: config.logLevel });
  const store = await openMigratedStore(config, 'server');
  const background = startBackgroundWork(config, store, logger);
  logger.info({ worker: background.workerId, store: store.dialect }, 'worker started');
  onShutdown(logger, async () => {
    await background.stop();
    await store.close();
  });
}
