/** `bin/cqm serve`: the API (and, once scoring lands, the worker) in one process. */
import pino from 'pino';
import { buildApp } from '../api/app.js';
import type { Config } from '../config.js';
import type { CreatedKey } from '../storage/tenancy-repo.js';
import { appDeps, openMigratedStore } from './compose.js';

export async function serve(config: Config, options: { worker: boolean } = { worker: true }): Promise<void> {
  const logger = pino({ level: config.logLevel, redact: ['req.headers.authorization'] });
  const store = await openMigratedStore(config, 'server');
  const deps = await appDeps(config, store, logger);

  const firstKey = await deps.tenancy.bootstrap();
  if (firstKey) printFirstKey(firstKey);

  const app = await buildApp(deps);
  const address = await app.listen({ port: config.port, host: config.host });
  logger.info({ address, store: store.dialect }, 'listening');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    await app.close();
    await store.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

/** Printed outside the logger on purpose: the secret is shown this once, to the person starting the service. */
function printFirstKey(key: CreatedKey): void {
  process.stdout.write(
    [
      '',
      'First start: created a default workspace and project, and this test API key.',
      'It is shown only once; keep it somewhere safe:',
      '',
      `    ${key.key}`,
      '',
      `Try: curl -H "Authorization: Bearer ${key.key}" ...  (see README.md)`,
      '',
    ].join('\n'),
  );
}
