/** `bin/cqm serve`: the API and, unless --no-worker, a scoring worker (on its own thread) in one process. */
import pino from 'pino';
import { buildApp } from '../api/app.js';
import type { Config } from '../config.js';
import { startIngestThread } from '../storage/sqlite/ingest-thread.js';
import type { CreatedKey } from '../storage/tenancy-repo.js';
import { appDeps, openMigratedStore } from './compose.js';
import { onShutdown } from './shutdown.js';

export async function serve(config: Config, options: { worker: boolean } = { worker: true }): Promise<void> {
  const logger = pino({ level: config.logLevel, redact: ['req.headers.authorization'] });
  const store = await openMigratedStore(config, 'api');
  // On the embedded store, statements and commits run on the calling thread: keep the writes of ingest off
  // the thread that answers HTTP (see storage/sqlite/ingest-thread.ts).
  const ingestThread =
    store.dialect === 'sqlite' && config.sqliteIngestThread
      ? startIngestThread({ dataDir: config.dataDir, synchronous: config.sqliteSynchronous }, logger)
      : undefined;
  const deps = await appDeps(config, store, logger, ingestThread?.ingest);

  const firstKey = await deps.tenancy.bootstrap();
  if (firstKey) printFirstKey(firstKey);

  // Scoring runs on a thread of its own; a conversation stored here is scored at once, not at the next poll.
  const scoring = options.worker
    ? (await import('./scoring-thread.js')).startScoringThread(process.env, logger)
    : undefined;
  if (scoring) deps.onConversationStored = () => scoring.nudge();

  const app = await buildApp(deps);
  const address = await app.listen({ port: config.port, host: config.host });
  logger.info(
    { address, store: store.dialect, ingest: ingestThread ? 'thread' : 'inline', scoring: scoring ? 'thread' : 'off' },
    'listening',
  );

  onShutdown(logger, async () => {
    await app.close();
    await ingestThread?.stop();
    await scoring?.stop();
    await store.close();
  });
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
      'Post a conversation with it: see "Quick start" in README.md.',
      '',
    ].join('\n'),
  );
}
