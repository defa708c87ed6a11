import type { FastifyBaseLogger } from 'fastify';

/** On SIGTERM or SIGINT, run the cleanup once (finish running work, hand back the rest, close the store), then exit. */
export function onShutdown(logger: FastifyBaseLogger, cleanup: () => Promise<void>): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    try {
      await cleanup();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}
